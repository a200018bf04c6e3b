// Messages between the page and the calculation worker (`/js/worker.js`).
import type {
  CalcDoc,
  EvalResult,
  GoalSeekResult,
  GoalSeekSpec,
  SweepResult,
  SweepSpec,
  TestReport,
} from '@calcsmith/engine';

export type Locale = 'en' | 'ru';

/** The libraries a calculator can switch on, as the engine names them. */
export const LIBRARIES = ['lodash', 'moment', 'mathjs', 'formulajs', 'decimal'] as const;
export type LibraryName = (typeof LIBRARIES)[number];

/** Page → worker: evaluate `doc` with `values` (keyed by input id). */
export interface EvalRequest {
  type: 'evaluate';
  id: number;
  doc: CalcDoc;
  values: Record<string, unknown>;
  locale: Locale;
}

/**
 * Page → worker: format values as an output definition says (a chart's axis ticks). The
 * worker evaluates `doc`, a tiny calculator that returns the values (format.ts), on an
 * engine of its own, so the page's warm engine keeps its caches.
 */
export interface FormatRequest {
  type: 'format';
  id: number;
  doc: CalcDoc;
  locale: Locale;
}

/**
 * Page → worker: run `doc.tests` (the engine's `runTests`), each test like an evaluation
 * with its own values, on the same warm engine after the calculations asked for before.
 */
export interface TestsRequest {
  type: 'runTests';
  id: number;
  doc: CalcDoc;
  locale: Locale;
}

/**
 * Page → worker: a goal seek (the engine's `goalSeek`) with `values` as the starting point,
 * answered `sought`.
 */
export interface GoalSeekRequest {
  type: 'goalSeek';
  id: number;
  doc: CalcDoc;
  values: Record<string, unknown>;
  locale: Locale;
  spec: GoalSeekSpec;
}

/**
 * Page → worker: a sensitivity table (the engine's `sweep`), computed `rowsPerSlice` rows at
 * a time (default 1): each slice is posted as `sweepSlice` (the page shows progress), and a
 * `cancel` for this id that arrives meanwhile stops it before the next slice. It ends with
 * `swept` (all rows, or cancelled) or `sweepFailed`.
 */
export interface SweepRequest {
  type: 'sweep';
  id: number;
  doc: CalcDoc;
  values: Record<string, unknown>;
  locale: Locale;
  spec: Omit<SweepSpec, 'rowStart' | 'rowCount'>;
  rowsPerSlice?: number;
}

/** Page → worker: stop sweep `id` before its next slice (answered at once, not queued). */
export interface CancelRequest {
  type: 'cancel';
  id: number;
}

/** One slice of a sweep as the engine answered it (never its `{ error }` form). */
export type SweepSlice = Exclude<SweepResult, { error: string }>;

/**
 * Page → worker: get the engine and `libraries` ready before the first calculation is asked
 * for (a published page sends it from its first script, `engine-start.ts`, with the names
 * its HTML gives; a name of no library is passed over). Not answered: a failure shows with
 * the first request that needs what failed.
 */
export interface WarmRequest {
  type: 'warm';
  libraries: string[];
}

/** Page → worker. */
export type WorkerRequest =
  | EvalRequest
  | FormatRequest
  | TestsRequest
  | GoalSeekRequest
  | SweepRequest
  | CancelRequest
  | WarmRequest;

/**
 * Worker → page. `started` is sent once libraries are loaded and the script starts (for a
 * sweep: before each slice).
 * `waiting`: the request needs the Intl module, which the server is still building; sent
 * each time the worker finds it so (every few seconds), until it can go on.
 * `failed` with `loading`: the engine or a library could not be loaded (the network, most
 * likely), so a new worker may succeed where this one cannot. `intlLoaded`: the worker
 * loaded the Intl module from the server (the page may ask the service worker to keep it).
 */
export type WorkerReply =
  | { type: 'started'; id: number }
  | { type: 'waiting'; id: number }
  | { type: 'intlLoaded' }
  | { type: 'result'; id: number; result: EvalResult }
  | { type: 'failed'; id: number; message: string; loading?: true }
  | { type: 'formatted'; id: number; result: EvalResult | null }
  | { type: 'tested'; id: number; report: TestReport }
  | { type: 'testsFailed'; id: number; message: string }
  | { type: 'sought'; id: number; result: GoalSeekResult }
  | { type: 'sweepSlice'; id: number; slice: SweepSlice }
  | { type: 'swept'; id: number; cancelled: boolean }
  | { type: 'sweepFailed'; id: number; message: string; loading?: true };

/** The spec's message when a calculation runs past 5000 ms (spec §8). */
export const TIMEOUT_MESSAGE =
  'Calculation did not finish after 5 seconds. Is there an infinite loop?';

/** The engine's message when a calculation ran out of memory (as the server says it). */
export const MEMORY_MESSAGE =
  'Calculation used more than 256 MB of memory. Is there a loop that never ends?';

/** The engine's message when the engine itself failed (as the server says it). */
export const CRASH_MESSAGE = 'Calculation stopped unexpectedly.';

/** Calculation time-out of spec §9. */
export const TIMEOUT_MS = 5000;

export const errorResult = (error: string): EvalResult => ({
  outputs: null,
  display: null,
  usedInputs: [],
  hiddenInputs: [],
  hiddenOutputs: [],
  error,
});

/** A report in which every test of `doc` failed with `error` (the run itself was stopped). */
export const failedReport = (doc: CalcDoc, error: string): TestReport => {
  const tests = Array.isArray(doc.tests) ? doc.tests : [];
  return {
    passed: 0,
    failed: tests.length,
    tests: tests.map((test) => ({ name: String(test?.name ?? ''), passed: false, error })),
  };
};
