// The page's side of the calculation worker: one warm worker, the latest request wins.
// A worker busy with a calculation when a new request comes is restarted (spec), unless it
// is still loading the engine and libraries or making its first calculation (or its first
// with a library, whose set-up every later one reuses): that work is never thrown away, and
// the newest request runs right after it. A calculation the engine does not end itself by
// its 5000 ms limit is stopped with the spec's message; an answer late past the limit is
// reported with the reason, and a worker that could not load as unavailable. A worker
// waiting for the Intl module the server is still building is never stopped for it: it
// answers when the module is there, and the page says why it waits meanwhile.
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
import { defaultWorkerFactory, type WorkerFactory } from './worker-factory';

/**
 * What a request ends as: its result, superseded by a newer request, or unavailable: the
 * worker could not load the engine or a library (the next request starts a new worker).
 */
export type Outcome =
  { status: 'done'; result: EvalResult } | { status: 'superseded' } | { status: 'unavailable' };

/**
 * Why an answer is late, past the time limit: the worker is still loading the engine or a
 * library (its first calculation with it included, when Math.js makes its functions), or a
 * calculation runs past the limit (stopped soon after). `building`, said at once: the
 * calculation needs the Intl module, which the server is still building (for minutes).
 */
export type Lateness = 'loading' | 'calculating' | 'building';

/**
 * How long past the time limit the page waits for the engine, which ends a calculation out
 * of time itself and keeps its libraries, before it stops the worker (the engine cannot
 * stop everything at once, e.g. inside a built-in's callback). As the server's KILL_GRACE.
 */
export const KILL_GRACE_MS = 2000;

/**
 * More time for a worker's first calculation, or its first with a library: the engine makes
 * Math.js's typed functions then, seconds on a busy machine, which a new worker would have
 * to do again. As the server's LIBRARY_LOAD_TIME.
 */
export const FIRST_CALCULATION_MS = 10_000;

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
  /** Stops the worker if the run has not answered in time (again after each wait). */
  arm(): void;
}

interface Job {
  request: EvalRequest;
  resolve: (outcome: Outcome) => void;
  /** Told why the answer is late, once it is. */
  onLate?: (late: Lateness) => void;
  started: boolean;
  /** Its worker has no calculation behind it, or none with one of its libraries. */
  first: boolean;
  timers: ReturnType<typeof setTimeout>[];
}

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
  /** The worker has made a calculation. */
  private calculated = false;
  /** Why the current job's answer is late, once it is (a newer job waiting is told too). */
  private late: Lateness | null = null;
  /** Told when a worker has loaded the Intl module (the page keeps it offline). */
  private readonly intlListeners = new Set<() => void>();
  /** A worker of this page has loaded the Intl module. */
  private intlLoaded = false;
  /** How many workers were started (for tests and diagnostics). */
  restarts = 0;
  private answered: () => void = () => {};
  /**
   * Resolves once a worker of this page has answered a calculation, or failed to: the
   * page's first calculation (loading the engine and libraries with it) is behind it.
   */
  readonly firstAnswer: Promise<void> = new Promise((resolve) => (this.answered = resolve));

  constructor(
    private readonly factory: WorkerFactory = defaultWorkerFactory,
    private readonly timeoutMs = TIMEOUT_MS,
  ) {}

  /**
   * Evaluates `doc` with `values`; earlier requests still waiting end as superseded.
   * `onLate` is told if the answer is late past the time limit, and why.
   */
  evaluate(
    doc: CalcDoc,
    values: Record<string, unknown>,
    locale: Locale,
    onLate?: (late: Lateness) => void,
  ): Promise<Outcome> {
    return new Promise((resolve) => {
      const job: Job = {
        request: { type: 'evaluate', id: this.nextId++, doc, values, locale },
        resolve,
        onLate,
        started: false,
        first: false,
        timers: [],
      };
      this.next?.resolve({ status: 'superseded' });
      this.next = null;
      const current = this.current;
      if (current?.started && !current.first) {
        // Busy calculating: the old answer is no longer wanted, so stop it now.
        this.finish(current, { status: 'superseded' });
        this.stopWorker();
      } else if (current?.started) {
        // A first calculation (Math.js makes its typed functions, seconds in the engine): a
        // new worker would have to do it all again, so it finishes, its answer unwanted.
        current.resolve({ status: 'superseded' });
      }
      if (this.current) {
        // Still loading the engine or libraries, or making a first calculation: this job
        // runs right after, and is late for the same reason if the current one is.
        this.next = job;
        if (this.late) onLate?.(this.late);
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
      const count = Array.isArray(doc.tests) ? doc.tests.length : 0;
      const job: TestsJob = {
        request,
        resolve,
        arm: () => {
          clearTimeout(job.timer);
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
        },
      };
      this.tests = job;
      job.arm();
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

  /**
   * Calls `listener` each time a worker loads the Intl module from the server, and at once
   * if one already has; returns what stops that.
   */
  onIntlLoaded(listener: () => void): () => void {
    this.intlListeners.add(listener);
    if (this.intlLoaded) listener();
    return () => this.intlListeners.delete(listener);
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

  /** Whether `doc` would be this worker's first calculation, or its first with a library. */
  private isFirst(doc: CalcDoc): boolean {
    return (
      !this.calculated ||
      LIBRARIES.some((name) => doc.libraries?.[name] && !this.warmLibraries.has(name))
    );
  }

  private stopWorker(): void {
    this.worker?.terminate();
    this.worker = null;
    this.warmLibraries.clear();
    this.calculated = false;
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
    this.late = null;
    const worker = this.ensureWorker();
    job.first = this.isFirst(job.request.doc);
    // Loading has no limit of its own (a slow network), but past the time limit it is said.
    job.timers = [setTimeout(() => this.report(job, 'loading'), this.timeoutMs)];
    worker.postMessage(job.request);
  }

  /** Tells the newest job waiting for `job`'s worker (or `job` itself) why it is late. */
  private report(job: Job, late: Lateness): void {
    if (this.current !== job) return;
    this.late = late;
    (this.next ?? job).onLate?.(late);
  }

  /** The script of `job` runs: it is stopped if the engine does not end it in time. */
  private onStarted(job: Job): void {
    job.started = true;
    this.clearTimers(job);
    const stopAfter = this.timeoutMs + KILL_GRACE_MS + (job.first ? FIRST_CALCULATION_MS : 0);
    job.timers = [
      setTimeout(() => this.report(job, job.first ? 'loading' : 'calculating'), this.timeoutMs),
      setTimeout(() => {
        this.stopWorker();
        this.finish(job, { status: 'done', result: errorResult(TIMEOUT_MESSAGE) });
      }, stopAfter),
    ];
  }

  private clearTimers(job: Job): void {
    for (const timer of job.timers) clearTimeout(timer);
    job.timers = [];
  }

  private onReply(worker: Worker, reply: WorkerReply): void {
    if (reply.type === 'waiting') {
      if (worker === this.worker) this.onWaiting(reply.id);
      return;
    }
    if (reply.type === 'intlLoaded') {
      this.intlLoaded = true;
      for (const listener of this.intlListeners) listener();
      return;
    }
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
    // What-if answers are WhatIfClient's (its own worker); never asked for here.
    if (reply.type !== 'started' && reply.type !== 'result' && reply.type !== 'failed') return;
    const job = this.current;
    if (worker !== this.worker || !job || reply.id !== job.request.id) return;
    if (reply.type === 'started') {
      this.onStarted(job);
      return;
    }
    if (reply.type === 'failed' && reply.loading) {
      // The engine or a library did not load: a new worker loads everything afresh.
      this.stopWorker();
      this.finish(job, { status: 'unavailable' });
      return;
    }
    this.answered();
    const result = reply.type === 'result' ? reply.result : errorResult(reply.message);
    if (job.started) {
      this.calculated = true;
      for (const name of LIBRARIES)
        if (job.request.doc.libraries?.[name]) this.warmLibraries.add(name);
    }
    this.finish(job, { status: 'done', result });
  }

  /**
   * The worker waits for the Intl module (request `id`, told again every few seconds):
   * alive, so nothing it has been asked is timed out meanwhile. A calculation's note says
   * why at once; its time limit starts when its script does (`started`), a test run's
   * again after each wait.
   */
  private onWaiting(id: number): void {
    this.tests?.arm();
    const job = this.current;
    if (job?.request.id !== id || job.started) return;
    this.clearTimers(job);
    if (this.late !== 'building') this.report(job, 'building');
  }

  private onCrash(worker: Worker): void {
    if (worker !== this.worker) return;
    this.answered();
    this.stopWorker();
    const job = this.current;
    // Before its script started, the worker was loading: it could not (its module, say).
    if (job && !job.started) this.finish(job, { status: 'unavailable' });
    else if (job) this.finish(job, { status: 'done', result: errorResult(CRASH_MESSAGE) });
  }

  /** Ends `job` and sends the waiting one, if any. */
  private finish(job: Job, outcome: Outcome): void {
    this.clearTimers(job);
    job.resolve(outcome);
    if (this.current === job) {
      this.current = null;
      this.late = null;
    }
    const next = this.next;
    if (!this.current && next) {
      this.next = null;
      this.send(next);
    }
  }
}
