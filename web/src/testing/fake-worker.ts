// A stand-in for the calculation worker: it records what the page posts, lets a test
// answer as the real worker would, and remembers whether it was terminated.
import { vi } from 'vitest';
import type { EvalResult, TestReport } from '@calcsmith/engine';
import type {
  CancelRequest,
  EvalRequest,
  GoalSeekRequest,
  SweepRequest,
  FormatRequest,
  TestsRequest,
  WarmRequest,
  WorkerReply,
  WorkerRequest,
} from '../lib/engine/protocol';

export class FakeWorker {
  /** The evaluations posted to the worker. */
  readonly posted: EvalRequest[] = [];
  /** The format requests posted to the worker. */
  readonly formats: FormatRequest[] = [];
  /** The test runs posted to the worker. */
  readonly tests: TestsRequest[] = [];
  /** The what-if requests (goal seeks, sweeps, cancels) posted to the worker. */
  readonly whatIf: (GoalSeekRequest | SweepRequest | CancelRequest)[] = [];
  /** The warm-up requests (a published page's first script sends one). */
  readonly warmed: WarmRequest[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent<WorkerReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;

  postMessage(message: WorkerRequest): void {
    if (this.terminated) throw new Error('postMessage on a terminated worker');
    if (message.type === 'format') this.formats.push(message);
    else if (message.type === 'runTests') this.tests.push(message);
    else if (message.type === 'evaluate') this.posted.push(message);
    else if (message.type === 'warm') this.warmed.push(message);
    else this.whatIf.push(message);
  }

  terminate(): void {
    this.terminated = true;
  }

  /** The request the worker got last. */
  get last(): EvalRequest {
    const request = this.posted.at(-1);
    if (!request) throw new Error('nothing was posted to this worker');
    return request;
  }

  /** The format request the worker got last. */
  get lastFormat(): FormatRequest {
    const request = this.formats.at(-1);
    if (!request) throw new Error('no format request was posted to this worker');
    return request;
  }

  reply(reply: WorkerReply): void {
    this.onmessage?.({ data: reply } as MessageEvent<WorkerReply>);
  }

  /** Libraries loaded, the script of request `id` (default: the last one) runs. */
  started(id = this.last.id): void {
    this.reply({ type: 'started', id });
  }

  /** `started` then `result` for request `id` (default: the last one). */
  answer(result: EvalResult, id = this.last.id): void {
    this.started(id);
    this.reply({ type: 'result', id, result });
  }

  /** Answers the last test run (or run `id`) with `report`. */
  answerTests(report: TestReport, id = this.tests.at(-1)?.id ?? 0): void {
    this.reply({ type: 'tested', id, report });
  }

  fail(message: string, id = this.last.id): void {
    this.reply({ type: 'failed', id, message });
  }

  /** The worker script threw outside a request (as `Worker.onerror` reports). */
  crash(): void {
    this.onerror?.({ preventDefault() {} } as ErrorEvent);
  }
}

/** A worker factory for `CalcWorkerClient` that keeps every worker it made. */
export function fakeWorkers() {
  const workers: FakeWorker[] = [];
  const factory = vi.fn(() => {
    const worker = new FakeWorker();
    workers.push(worker);
    return worker as unknown as Worker;
  });
  return {
    workers,
    factory,
    /** The newest worker. */
    get current(): FakeWorker {
      const worker = workers.at(-1);
      if (!worker) throw new Error('no worker was started');
      return worker;
    },
  };
}

/** A result as the engine gives it, with `display` as the formatted text of `outputs`. */
export function okResult(outputs: Record<string, unknown>, usedInputs: string[] = []): EvalResult {
  const display = Object.fromEntries(
    Object.entries(outputs).map(([name, value]) => [name, value == null ? null : String(value)]),
  );
  return { outputs, display, usedInputs, hiddenInputs: [], hiddenOutputs: [], error: null };
}
