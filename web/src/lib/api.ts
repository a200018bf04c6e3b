// Every call to the server goes through `request`. A 401 holds the request, asks for a
// sign-in (spec §4) and retries it after a successful one; a cancelled sign-in rejects it.
import type { Schemas } from './api/wire';

/** Why a call failed; `message` is what the user is shown. */
export type ApiErrorCode =
  | 'bad_request'
  | 'not_found'
  | 'unauthorized'
  /** 409: it changed elsewhere since it was read; `body` says how (a save's `revision`). */
  | 'conflict'
  /** 402: a payment was refused; `message` is the provider's, `body` has `code`, `declineCode`. */
  | 'payment'
  | 'network'
  | 'server'
  | 'cancelled';

export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly status = 0,
    /** The server's JSON answer, for the fields beyond `message` (empty when it was not JSON). */
    readonly body: Partial<Schemas['ErrorBody']> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The generic failure text of spec §8. */
export const OOPS = 'Oops, an error.';

interface Held {
  retry: () => void;
  reject: (error: ApiError) => void;
}

/** Requests waiting for a sign-in, and who to ask for one. */
class AuthGate {
  private held: Held[] = [];
  /** Called when the first request is held; the app opens the sign-in dialog. */
  onUnauthorized: () => void = () => {};

  hold(entry: Held): void {
    this.held.push(entry);
    if (this.held.length === 1) this.onUnauthorized();
  }

  get waiting(): number {
    return this.held.length;
  }

  /** Signed in: retries every held request. */
  release(): void {
    const held = this.held;
    this.held = [];
    held.forEach((entry) => entry.retry());
  }

  /** Sign-in cancelled: rejects every held request with `reason`. */
  cancel(reason: string): void {
    const held = this.held;
    this.held = [];
    held.forEach((entry) => entry.reject(new ApiError('cancelled', reason, 401)));
  }
}

export const authGate = new AuthGate();

export interface RequestOptions {
  /** A JSON body. */
  json?: unknown;
  /** Fail with 401 instead of holding the request for a sign-in. */
  skipAuthHold?: boolean;
  signal?: AbortSignal;
}

/** The error a failed answer stands for: the server's message for a 4xx it explains. */
export async function errorFrom(response: Response): Promise<ApiError> {
  // What the document says an error is; `message` is still checked below.
  let body: Partial<Schemas['ErrorBody']> = {};
  try {
    const parsed: unknown = await response.json();
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      body = parsed as Partial<Schemas['ErrorBody']>;
    }
  } catch {
    // Not JSON: the generic text below.
  }
  const message = typeof body.message === 'string' ? body.message : '';
  const status = response.status;
  if (status === 409) return new ApiError('conflict', message || OOPS, status, body);
  if (status === 402) return new ApiError('payment', message || OOPS, status, body);
  if (status === 400 || status === 413 || status === 422 || status === 429) {
    return new ApiError('bad_request', message || OOPS, status, body);
  }
  if (status === 404) return new ApiError('not_found', message || OOPS, status);
  if (status === 401) return new ApiError('unauthorized', message || OOPS, status);
  return new ApiError('server', OOPS, status);
}

/** Calls the API; resolves with the JSON answer (or null for an empty one). */
export async function request<T>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: options.json === undefined ? {} : { 'content-type': 'application/json' },
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('network', OOPS);
  }
  if (response.status === 401 && !options.skipAuthHold) {
    return new Promise<T>((resolve, reject) =>
      authGate.hold({
        retry: () => request<T>(method, path, options).then(resolve, reject),
        reject,
      }),
    );
  }
  if (!response.ok) throw await errorFrom(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, json?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, json }),
  put: <T>(path: string, json?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, json }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

/** The text a failed call shows in a toast (spec §8): the server's for a 400, else the generic one. */
export function messageOf(error: unknown): string {
  return error instanceof ApiError && error.code !== 'server' ? error.message : OOPS;
}
