// A fake `fetch` for API tests: each call is recorded (method, path, parsed JSON body, or
// a form body as an object) and answered by the test's `respond`.
import { vi } from 'vitest';

export interface FetchCall {
  method: string;
  path: string;
  body: unknown;
}

export type Responder = (call: FetchCall, index: number) => Response | Promise<Response>;

export function stubFetch(respond: Responder) {
  const calls: FetchCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = init?.body;
    const body =
      typeof raw === 'string'
        ? (JSON.parse(raw) as unknown)
        : raw instanceof URLSearchParams
          ? Object.fromEntries(raw)
          : undefined;
    const call: FetchCall = { method: init?.method ?? 'GET', path: String(input), body };
    calls.push(call);
    return respond(call, calls.length - 1);
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, fetch };
}

/** A JSON answer; `null` body gives an empty one. */
export function json(status: number, body: unknown = null): Response {
  return body === null
    ? new Response(null, { status })
    : new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
}

/** Lets pending promise callbacks run. */
export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
