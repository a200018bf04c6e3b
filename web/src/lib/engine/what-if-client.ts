// The page's side of the what-if tools (issue 33): goal seek, sensitivity tables and the
// scenarios' calculations, in a worker of their own (the same /js/worker.js), so that a long
// table never holds up, or is restarted by, the calculator's own recalculations. The worker
// is started on first use and answers one request at a time in order.
//
// A request whose engine call does not answer in time (the engine ends a calculation at its
// limit itself, but not inside a built-in's callback) stops the worker: what was waiting
// ends with the time-out message, and the next request starts a new worker.
import type {
  CalcDoc,
  EvalResult,
  GoalSeekResult,
  GoalSeekSpec,
  SweepCell,
  SweepSpec,
} from '@calcsmith/engine';
import { FIRST_CALCULATION_MS, KILL_GRACE_MS } from './client';
import { defaultWorkerFactory, type WorkerFactory } from './worker-factory';
import {
  CRASH_MESSAGE,
  TIMEOUT_MESSAGE,
  TIMEOUT_MS,
  type Locale,
  type WorkerReply,
  type WorkerRequest,
} from './protocol';

/** A finished (or cancelled) sensitivity table: every row's cells, in order. */
export interface SweepTable {
  output: string;
  input: string;
  input2?: string;
  /** The first input's values (down the rows). */
  rows: number[];
  /** The second input's values (across), absent for one input. */
  columns?: number[];
  /** One array of cells per row computed so far (all of them when done). */
  cells: SweepCell[][];
}

/**
 * What a what-if request ends as. `failed`: the engine refused the spec (its message), the
 * worker could not load (`unavailable`), or it ran past the time limit.
 */
export type WhatIfOutcome<T> =
  | { status: 'done'; value: T }
  | { status: 'failed'; message: string; unavailable?: boolean }
  | { status: 'cancelled' };

/** How far a table has got: rows computed of all rows. */
export interface SweepProgress {
  done: number;
  total: number;
}

/** A running table: its outcome, and a way to stop it before its next row. */
export interface RunningSweep {
  outcome: Promise<WhatIfOutcome<SweepTable>>;
  cancel(): void;
}

interface Job {
  id: number;
  /** Ends the request (once). */
  settle(outcome: WhatIfOutcome<never> | { status: 'done'; value: unknown }): void;
  onReply(reply: WorkerReply): void;
  /** Engine calls of one step of this job (a goal seek, a table's row): its time allowance. */
  calls: number;
  timer?: ReturnType<typeof setTimeout>;
  settled: boolean;
}

export class WhatIfClient {
  private worker: Worker | null = null;
  private nextId = 1;
  /** Requests the worker has not finished, by id (a cancelled sweep until it stops). */
  private readonly jobs = new Map<number, Job>();
  /** The worker has made a calculation: loading and first-use set-up are behind it. */
  private warm = false;

  constructor(
    private readonly factory: WorkerFactory = defaultWorkerFactory,
    private readonly timeoutMs = TIMEOUT_MS,
  ) {}

  /** Finds the value of an input that gives an output its target (the engine's goalSeek). */
  goalSeek(
    doc: CalcDoc,
    values: Record<string, unknown>,
    locale: Locale,
    spec: GoalSeekSpec,
  ): Promise<WhatIfOutcome<GoalSeekResult>> {
    return new Promise((resolve) => {
      const id = this.nextId++;
      const job = this.job(id, resolve as Job['settle'], 1, (reply) => {
        if (reply.type === 'sought') job.settle({ status: 'done', value: reply.result });
      });
      this.post({ type: 'goalSeek', id, doc, values, locale, spec });
    });
  }

  /** One calculation, as the calculator makes it (a scenario's outputs). */
  evaluate(
    doc: CalcDoc,
    values: Record<string, unknown>,
    locale: Locale,
  ): Promise<WhatIfOutcome<EvalResult>> {
    return new Promise((resolve) => {
      const id = this.nextId++;
      const job = this.job(id, resolve as Job['settle'], 1, (reply) => {
        if (reply.type === 'result') job.settle({ status: 'done', value: reply.result });
      });
      this.post({ type: 'evaluate', id, doc, values, locale });
    });
  }

  /**
   * A sensitivity table, one row at a time: `onProgress` after each row with the table so
   * far. `cancel` ends it at once as cancelled; the worker stops before its next row.
   */
  sweep(
    doc: CalcDoc,
    values: Record<string, unknown>,
    locale: Locale,
    spec: Omit<SweepSpec, 'rowStart' | 'rowCount'>,
    onProgress?: (progress: SweepProgress, table: SweepTable) => void,
  ): RunningSweep {
    const id = this.nextId++;
    let table: SweepTable | null = null;
    const columns = spec.values2?.length ?? spec.steps2 ?? 1;
    let cancel = () => {};
    const outcome = new Promise<WhatIfOutcome<SweepTable>>((resolve) => {
      const job = this.job(id, resolve as Job['settle'], Math.max(1, columns), (reply) => {
        if (reply.type === 'sweepSlice') {
          const { slice } = reply;
          table ??= {
            output: slice.output,
            input: slice.input,
            input2: slice.input2,
            rows: slice.rows,
            columns: slice.columns,
            cells: [],
          };
          slice.cells.forEach((row, index) => (table!.cells[slice.rowStart + index] = row));
          const done = table.cells.filter(Boolean).length;
          onProgress?.({ done, total: table.rows.length }, table);
        } else if (reply.type === 'swept') {
          if (reply.cancelled || !table) this.forget(job);
          else job.settle({ status: 'done', value: table });
        } else if (reply.type === 'sweepFailed') {
          const failed = this.failedOutcome(reply.message, reply.loading);
          job.settle(failed);
          if (reply.loading) this.stopWorker(failed);
        }
      });
      cancel = () => {
        if (job.settled) return;
        job.settled = true;
        resolve({ status: 'cancelled' });
        // Kept until the worker says it stopped: its time allowance still guards the row
        // being computed, which the worker finishes first.
        this.worker?.postMessage({ type: 'cancel', id } satisfies WorkerRequest);
      };
      this.post({ type: 'sweep', id, doc, values, locale, spec, rowsPerSlice: 1 });
    });
    return { outcome, cancel: () => cancel() };
  }

  /** Stops the worker (the panel closed); what was asked ends as cancelled. */
  dispose(): void {
    this.stopWorker({ status: 'cancelled' });
  }

  private job(
    id: number,
    resolve: Job['settle'],
    calls: number,
    onReply: (reply: WorkerReply) => void,
  ): Job {
    const job: Job = {
      id,
      calls,
      settled: false,
      settle: (outcome) => {
        this.forget(job);
        if (job.settled) return;
        job.settled = true;
        resolve(outcome);
      },
      onReply,
    };
    this.jobs.set(id, job);
    return job;
  }

  private forget(job: Job): void {
    clearTimeout(job.timer);
    this.jobs.delete(job.id);
  }

  private post(request: WorkerRequest): void {
    if (!this.worker) {
      const worker = this.factory();
      worker.onmessage = (event: MessageEvent<WorkerReply>) => this.onReply(worker, event.data);
      worker.onerror = (event) => {
        event.preventDefault?.();
        if (worker === this.worker) this.stopWorker(this.failedOutcome(CRASH_MESSAGE));
      };
      this.worker = worker;
    }
    this.worker.postMessage(request);
  }

  private onReply(worker: Worker, reply: WorkerReply): void {
    if (worker !== this.worker || !('id' in reply)) return;
    const job = this.jobs.get(reply.id);
    if (!job) return;
    if (reply.type === 'started') {
      // The engine call runs: stopped if it does not answer within its allowance.
      clearTimeout(job.timer);
      const allowance =
        job.calls * this.timeoutMs + KILL_GRACE_MS + (this.warm ? 0 : FIRST_CALCULATION_MS);
      job.timer = setTimeout(() => this.stopWorker(this.failedOutcome(TIMEOUT_MESSAGE)), allowance);
      return;
    }
    if (reply.type === 'waiting') {
      clearTimeout(job.timer);
      return;
    }
    clearTimeout(job.timer);
    if (reply.type === 'failed') {
      const failed = this.failedOutcome(reply.message, reply.loading);
      job.settle(failed);
      if (reply.loading) this.stopWorker(failed);
      return;
    }
    this.warm = true;
    job.onReply(reply);
  }

  private failedOutcome(message: string, unavailable?: boolean): WhatIfOutcome<never> {
    return unavailable ? { status: 'failed', message, unavailable } : { status: 'failed', message };
  }

  /**
   * Stops the worker (past the time limit, crashed, could not load, or no longer wanted);
   * every request not yet answered ends with `outcome`.
   */
  private stopWorker(outcome: WhatIfOutcome<never>): void {
    this.worker?.terminate();
    this.worker = null;
    this.warm = false;
    const jobs = [...this.jobs.values()];
    this.jobs.clear();
    for (const job of jobs) job.settle(outcome);
  }
}

let shared: WhatIfClient | null = null;

/** The page's what-if client, made on first use (the panel's first request). */
export function whatIfClient(): WhatIfClient {
  shared ??= new WhatIfClient();
  return shared;
}

/** Replaces the page's what-if client (tests: one over a fake worker; null resets). */
export function setWhatIfClientForTests(client: WhatIfClient | null): void {
  shared = client;
}
