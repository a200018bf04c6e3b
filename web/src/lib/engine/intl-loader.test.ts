// The Intl module loaded from the server at run time, through the worker's logic and the
// page's client: while the server is still building it (503), the calculation waits and
// the page is told why; when it is there, the calculation answers; when it is missing or
// the network fails, the calculator is unavailable as before.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalcDoc, EvalResult } from '@calcsmith/engine';
import { okResult } from '../../testing/fake-worker';
import { CalcWorkerClient, type Lateness, type Outcome } from './client';
import { EngineHost } from './engine-host';
import type { EngineLike, EnginePackage } from './module-engine';
import {
  INTL_FAILED_MESSAGE,
  INTL_GLUE_URL,
  INTL_WASM_URL,
  loadIntlModule,
  type IntlLoaderDeps,
} from './intl-loader';
import type { WorkerReply, WorkerRequest } from './protocol';

/** A stand-in for one of the package's modules: every calculation answers `result`. */
function modulePackage(result: EvalResult): EnginePackage {
  const engine: EngineLike = {
    setOptions() {},
    hasLibrary: () => false,
    loadLibrary() {},
    evaluate: () => result,
  };
  return {
    init: async () => {},
    reset() {},
    createEngine: () => engine,
    refusedAllocations: () => 0,
    usesIntl: (script) => script.includes('Intl'),
  };
}

const intlDoc: CalcDoc = { script: "return { total: new Intl.NumberFormat('en-US').format(1) };" };
const INTL_RESULT = okResult({ total: 'from the Intl module' });

const building = () =>
  new Response(JSON.stringify({ message: 'The Intl module is still being built.' }), {
    status: 503,
    headers: { 'Retry-After': '5', 'Content-Type': 'application/json' },
  });
const wasm = () =>
  new Response(new Uint8Array([0, 97, 115, 109]), {
    headers: { 'Content-Type': 'application/wasm' },
  });

let fetched: string[];
let answers: Array<() => Response | Promise<Response>>;
let glue: { default: ReturnType<typeof vi.fn> };
let deps: IntlLoaderDeps;
let replies: WorkerReply[];
let terminated: boolean;
let client: CalcWorkerClient;

beforeEach(() => {
  vi.useFakeTimers();
  fetched = [];
  answers = [];
  glue = { default: vi.fn(async () => ({})) };
  deps = {
    fetch: vi.fn(async (url: string) => {
      fetched.push(url);
      const answer = answers.shift();
      if (!answer) throw new Error('no answer left');
      return answer();
    }),
    importGlue: vi.fn(async () => glue as never),
    sleep: (ms) => new Promise((wake) => setTimeout(wake, ms)),
  };
  replies = [];
  terminated = false;
  // The worker's logic (worker.ts) behind the page's client, in one thread.
  const host = new EngineHost(
    modulePackage(okResult({ x: 1 })),
    async () => '',
    async (onWaiting) => {
      await loadIntlModule(deps, onWaiting);
      return modulePackage(INTL_RESULT);
    },
  );
  const worker = {
    onmessage: null as ((event: MessageEvent<WorkerReply>) => void) | null,
    onerror: null,
    postMessage(request: WorkerRequest) {
      if (request.type !== 'evaluate') return;
      void host.evaluate(request, (reply) => {
        replies.push(reply);
        worker.onmessage?.({ data: reply } as MessageEvent<WorkerReply>);
      });
    },
    terminate() {
      terminated = true;
    },
  };
  client = new CalcWorkerClient(() => worker as unknown as Worker);
});

afterEach(() => {
  vi.useRealTimers();
});

/** Evaluates `intlDoc`, keeping its outcome and what it was told of its lateness. */
function evaluate() {
  const box: { outcome?: Outcome; late: Lateness[] } = { late: [] };
  void client
    .evaluate(intlDoc, {}, 'en', (why) => box.late.push(why))
    .then((outcome) => (box.outcome = outcome));
  return box;
}

describe('the Intl module loaded from /pkg/', () => {
  it('waits while the server builds it, says so, then answers from it', async () => {
    answers = [
      building,
      () => {
        const response = building();
        response.headers.set('Retry-After', '30');
        return response;
      },
      wasm,
    ];
    const calculation = evaluate();

    await vi.advanceTimersByTimeAsync(0);
    expect(fetched).toEqual([INTL_WASM_URL]);
    expect(replies).toEqual([{ type: 'waiting', id: 1 }]);
    expect(calculation.late).toEqual(['building']);

    // Asked again after Retry-After (5 s), then after the 30 s the second 503 asks for.
    await vi.advanceTimersByTimeAsync(4999);
    expect(fetched).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetched).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(fetched).toHaveLength(2);
    // Far past every time limit of the page: the waiting worker is neither stopped nor replaced.
    expect(calculation.outcome).toBeUndefined();
    expect(terminated).toBe(false);
    expect(calculation.late).toEqual(['building']);

    await vi.advanceTimersByTimeAsync(1);
    expect(fetched).toEqual([INTL_WASM_URL, INTL_WASM_URL, INTL_WASM_URL]);
    expect(deps.importGlue).toHaveBeenCalledWith(INTL_GLUE_URL);
    // The glue instantiates the wasm the loader fetched, not a URL of its own.
    const init = glue.default.mock.calls[0][0] as { module_or_path: Response };
    expect(init.module_or_path.status).toBe(200);
    expect(calculation.outcome).toEqual({ status: 'done', result: INTL_RESULT });
    expect(replies.filter((reply) => reply.type === 'waiting')).toHaveLength(2);
    expect(client.restarts).toBe(1);
  });

  it('makes the calculator unavailable when the server has no Intl module (404)', async () => {
    answers = [() => new Response('{"message":"Not found."}', { status: 404 })];
    const calculation = evaluate();
    await vi.advanceTimersByTimeAsync(0);
    expect(replies).toEqual([
      { type: 'failed', id: 1, message: INTL_FAILED_MESSAGE, loading: true },
    ]);
    expect(calculation.outcome).toEqual({ status: 'unavailable' });
    expect(calculation.late).toEqual([]);
    expect(deps.importGlue).not.toHaveBeenCalled();
  });

  it('makes the calculator unavailable when the network fails, and loads it next time', async () => {
    answers = [() => Promise.reject(new TypeError('Failed to fetch'))];
    const first = evaluate();
    await vi.advanceTimersByTimeAsync(0);
    expect(replies).toEqual([
      { type: 'failed', id: 1, message: INTL_FAILED_MESSAGE, loading: true },
    ]);
    expect(first.outcome).toEqual({ status: 'unavailable' });

    answers = [wasm];
    const second = evaluate();
    await vi.advanceTimersByTimeAsync(0);
    expect(second.outcome).toEqual({ status: 'done', result: INTL_RESULT });
  });
});
