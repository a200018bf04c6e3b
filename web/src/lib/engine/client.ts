// The page's side of the calculation worker: one warm worker, the latest request wins,
// a worker busy calculating when a new request comes is restarted (unless it is making a
// library's first calculation, which every later one reuses), and a calculation past
// 5000 ms is stopped with the spec's message.
import type { CalcDoc, EvalResult, TestReport } from '@calcsmith/engine';
import {
  CRASH_MESSAGE,
  TIMEOUT_MESSAGE,
  TIMEOUT_MS,
  LIBRARIES,
  errorResult,
  failedReport,
  type EvalRequest,
  type FormatRequest,
  type TestsRequest,
  type LibraryName,
  type Locale,
  type WorkerReply,
} from './protocol';

/** What a request ends as: its result, or superseded by a newer request. */
export type Outcome = { status: 'done'; result: EvalResult } | { status: 'superseded' };

/**
 * What a test run ends as: its report, the engine's refusal of the doc, or superseded (a
 * newer run was asked for, or the worker was stopped before it answered).
 */
export type TestsOutcome =
  | { status: 'done'; report: TestReport }
  | { status: 'failed'; message: string }
  | { status: 'superseded' };

interface TestsJob {
  request: TestsRequest;
  resolve: (outcome: TestsOutcome) => void;
  timer?: ReturnType<typeof setTimeout>;
}

export type WorkerFactory = () => Worker;

interface Job {
  request: EvalRequest;
  resolve: (outcome: Outcome) => void;
  started: boolean;
  timer?: ReturnType<typeof setTimeout>;
}

export const defaultWorkerFactory: WorkerFactory = () =>
  new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'worker' });

export class CalcWorkerClient {
  private worker: Worker | null = null;
  private current: Job | null = null;
  private next: Job | null = null;
  private nextId = 1;
  /** Format requests waiting for their answer (they never supersede a calculation). */
  private readonly formats = new Map<number, (result: EvalResult | null) => void>();
  /** The test run waiting for its report (a newer one supersedes it). */
  private tests: TestsJob | null = null;
  /** Libraries the worker has made a calculation with: their first use is behind it. */
  private readonly warmLibraries = new Set<LibraryName>();
  /** How many workers were started (for tests and diagnostics). */
  restarts = 0;

  constructor(
    private readonly factory: WorkerFactory = defaultWorkerFactory,
    private readonly timeoutMs = TIMEOUT_MS,
  ) {}

  /** Evaluates `doc` with `values`; earlier requests still waiting end as superseded. */
  evaluate(doc: CalcDoc, values: Record<string, unknown>, locale: Locale): Promise<Outcome> {
    return new Promise((resolve) => {
      const job: Job = {
        request: { type: 'evaluate', id: this.nextId++, doc, values, locale },
        resolve,
        started: false,
      };
      this.next?.resolve({ status: 'superseded' });
      this.next = null;
      if (this.current?.started) {
        if (this.coldLibraries(this.current.request.doc)) {
          // A library's first calculation (Math.js makes its typed functions, seconds in
          // the engine): a new worker would have to do it all again, so it finishes, its
          // answer unwanted, and this job runs right after (the time limit still holds).
          this.current.resolve({ status: 'superseded' });
        } else {
          // Busy calculating: the old answer is no longer wanted, so stop it now.
          this.finish(this.current, { status: 'superseded' });
          this.stopWorker();
        }
      }
      if (this.current) {
        // Still loading the engine or libraries: this job runs right after.
        this.next = job;
      } else {
        this.send(job);
      }
    });
  }

  /**
   * Evaluates a formatting doc (format.ts) beside the calculations: it supersedes
   * nothing and is superseded by nothing, and runs in the worker's formatting engine.
   * Null when the worker stopped (or failed) before answering.
   */
  format(doc: CalcDoc, locale: Locale): Promise<EvalResult | null> {
    return new Promise((resolve) => {
      const request: FormatRequest = { type: 'format', id: this.nextId++, doc, locale };
      this.formats.set(request.id, resolve);
      this.ensureWorker().postMessage(request);
    });
  }

  /**
   * Runs `doc.tests` in the worker, after the calculations asked for before. A run still
   * waiting ends as superseded. Each test has the engine's own time limit; a run that
   * still has not answered after every test's limit (and one more) stops the worker, and
   * every test fails with the time-out message.
   */
  runTests(doc: CalcDoc, locale: Locale): Promise<TestsOutcome> {
    return new Promise((resolve) => {
      if (this.tests) this.endTests(this.tests, { status: 'superseded' });
      const request: TestsRequest = { type: 'runTests', id: this.nextId++, doc, locale };
      const job: TestsJob = { request, resolve };
      this.tests = job;
      const count = Array.isArray(doc.tests) ? doc.tests.length : 0;
      job.timer = setTimeout(
        () => {
          if (this.tests !== job) return;
          this.tests = null;
          this.stopWorker();
          // The calculation the worker was on (if any) is lost with it.
          if (this.current) this.finish(this.current, { status: 'superseded' });
          resolve({ status: 'done', report: failedReport(doc, TIMEOUT_MESSAGE) });
        },
        (count + 1) * this.timeoutMs + this.timeoutMs,
      );
      this.ensureWorker().postMessage(request);
    });
  }

  /** Stops the worker (tab hidden); the next request starts a fresh one. */
  suspend(): void {
    // The waiting job goes first: finishing the current one would send it to the worker
    // that is about to be stopped, where it would wait for ever.
    this.next?.resolve({ status: 'superseded' });
    this.next = null;
    if (this.current) this.finish(this.current, { status: 'superseded' });
    this.stopWorker();
  }

  /** Starts the worker ahead of the first request so the engine is warm. */
  warmUp(): void {
    this.ensureWorker();
  }

  private ensureWorker(): Worker {
    if (!this.worker) {
      const worker = this.factory();
      worker.onmessage = (event: MessageEvent<WorkerReply>) => this.onReply(worker, event.data);
      worker.onerror = (event) => {
        event.preventDefault?.();
        this.onCrash(worker);
      };
      this.worker = worker;
      this.restarts += 1;
    }
    return this.worker;
  }

  /** Whether `doc` uses a library this worker has not calculated with yet. */
  private coldLibraries(doc: CalcDoc): boolean {
    return LIBRARIES.some((name) => doc.libraries?.[name] && !this.warmLibraries.has(name));
  }

  private stopWorker(): void {
    this.worker?.terminate();
    this.worker = null;
    this.warmLibraries.clear();
    for (const resolve of this.formats.values()) resolve(null);
    this.formats.clear();
    if (this.tests) this.endTests(this.tests, { status: 'superseded' });
  }

  private endTests(job: TestsJob, outcome: TestsOutcome): void {
    clearTimeout(job.timer);
    if (this.tests === job) this.tests = null;
    job.resolve(outcome);
  }

  private send(job: Job): void {
    this.current = job;
    this.ensureWorker().postMessage(job.request);
  }

  private onReply(worker: Worker, reply: WorkerReply): void {
    if (reply.type === 'formatted') {
      const resolve = worker === this.worker ? this.formats.get(reply.id) : undefined;
      this.formats.delete(reply.id);
      resolve?.(reply.result);
      return;
    }
    if (reply.type === 'tested' || reply.type === 'testsFailed') {
      const tests = this.tests;
      if (worker !== this.worker || !tests || reply.id !== tests.request.id) return;
      this.endTests(
        tests,
        reply.type === 'tested'
          ? { status: 'done', report: reply.report }
          : { status: 'failed', message: reply.message },
      );
      return;
    }
    const job = this.current;
    if (worker !== this.worker || !job || reply.id !== job.request.id) return;
    if (reply.type === 'started') {
      job.started = true;
      clearTimeout(job.timer);
      job.timer = setTimeout(() => {
        this.stopWorker();
        this.finish(job, { status: 'done', result: errorResult(TIMEOUT_MESSAGE) });
      }, this.timeoutMs);
      return;
    }
    const result = reply.type === 'result' ? reply.result : errorResult(reply.message);
    if (job.started) {
      for (const name of LIBRARIES)
        if (job.request.doc.libraries?.[name]) this.warmLibraries.add(name);
    }
    this.finish(job, { status: 'done', result });
  }

  private onCrash(worker: Worker): void {
    if (worker !== this.worker) return;
    this.stopWorker();
    if (this.current) {
      this.finish(this.current, {
        status: 'done',
        result: errorResult(CRASH_MESSAGE),
      });
    }
  }

  /** Ends `job` and sends the waiting one, if any. */
  private finish(job: Job, outcome: Outcome): void {
    clearTimeout(job.timer);
    job.resolve(outcome);
    if (this.current === job) this.current = null;
    const next = this.next;
    if (!this.current && next) {
      this.next = null;
      this.send(next);
    }
  }
}
