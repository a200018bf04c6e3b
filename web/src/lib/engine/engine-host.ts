// The calculation worker's logic, apart from the worker itself so tests can drive it
// with a stand-in engine or the real package: one warm engine, libraries fetched once,
// and recovery when the engine itself fails.
//
// The default wasm module has no Intl (it must stay small); a script that may use Intl
// runs in the second, Intl module of the package, loaded the first time one needs it
// (while the server still builds it, the request waits and the page is told so).
// Each module keeps its own warm engine.
//
// In wasm a Rust panic or a failed allocation aborts: `evaluate` throws a
// `WebAssembly.RuntimeError` ("unreachable", "memory access out of bounds") and the
// instance is left unusable ("recursive use of an object" on every later call). That
// calculation is answered with the server's message for the same failure, and the wasm
// instance, the engine and the libraries it had are made again, so the next calculation
// works. Raw wasm text is never shown.
import type { EvalResult, SweepResult, SweepSpec } from '@calcsmith/engine';
import {
  CRASH_MESSAGE,
  LIBRARIES,
  MEMORY_MESSAGE,
  errorResult,
  failedReport,
  type EvalRequest,
  type FormatRequest,
  type GoalSeekRequest,
  type SweepRequest,
  type TestsRequest,
  type LibraryName,
  type Locale,
  type WorkerReply,
} from './protocol';
import {
  EngineTrap,
  LoadFailure,
  ModuleEngine,
  RECURSION_MESSAGE,
  loading,
  type EngineLike,
  type EnginePackage,
} from './module-engine';

/** How many times a calculation runs again for locale data it lacked. */
const MAX_DATA_ROUNDS = 4;

export class EngineHost {
  private readonly main: ModuleEngine;
  /** The Intl module, loaded with the first script that uses Intl. */
  private intl: Promise<ModuleEngine> | null = null;
  /** The source of every library loaded, to load again into a new engine. */
  private readonly sources = new Map<LibraryName, string>();
  /** Tells the page the request being answered waits for the Intl module to be built. */
  private waiting: (() => void) | null = null;

  constructor(
    pkg: EnginePackage,
    private readonly fetchLibrary: (name: LibraryName) => Promise<string>,
    /**
     * Loads and instantiates the Intl module (a failure is retried with the next request);
     * `onWaiting` each time it finds the server still building it.
     */
    private readonly loadIntl: (onWaiting: () => void, locale: Locale) => Promise<EnginePackage>,
  ) {
    this.main = new ModuleEngine(pkg, this.sources, fetchLibrary);
  }

  /** Evaluates one request, posting `started` and then its result or failure. */
  async evaluate(request: EvalRequest, post: (reply: WorkerReply) => void): Promise<void> {
    await this.onWarmEngine(request, (engine) => engine.evaluate(request.doc, request.values), {
      started: () => post({ type: 'started', id: request.id }),
      waiting: () => post({ type: 'waiting', id: request.id }),
      done: (result) => post({ type: 'result', id: request.id, result }),
      failed: (error) => post(this.failure(request.id, error)),
    });
  }

  /**
   * Instantiates the default module and loads `libraries` into its engine ahead of the
   * first request, which then finds them ready. Nothing is answered: a module that failed
   * stays failed and the first request is told; a library that failed is fetched again by
   * the first request that needs it.
   */
  async warm(libraries: readonly string[]): Promise<void> {
    const known = LIBRARIES.filter((name) => libraries.includes(name));
    try {
      await this.main.load(this.main.currentLocale(), known);
    } catch {
      // Said with the first request that needs it.
    }
  }

  /**
   * Runs a doc's tests on the warm engine that evaluates it, posting the report. When the
   * engine itself fails every test fails with the same message as a calculation would
   * get, and the instance is made again; a doc the engine refuses is `testsFailed`.
   */
  async runTests(request: TestsRequest, post: (reply: WorkerReply) => void): Promise<void> {
    const asEvaluation: EvalRequest = { ...request, type: 'evaluate', values: {} };
    const run = (engine: EngineLike) => {
      if (!engine.runTests) throw new Error('This engine cannot run tests.');
      return engine.runTests(request.doc);
    };
    await this.onWarmEngine(asEvaluation, run, {
      waiting: () => post({ type: 'waiting', id: request.id }),
      done: (report) => post({ type: 'tested', id: request.id, report }),
      failed: (error) => post(this.testsFailure(request, error)),
    });
  }

  /** A goal seek on the warm engine: `sought`, or `failed` as a calculation would be. */
  async goalSeek(request: GoalSeekRequest, post: (reply: WorkerReply) => void): Promise<void> {
    const asEvaluation: EvalRequest = { ...request, type: 'evaluate' };
    const run = (engine: EngineLike) => {
      if (!engine.goalSeek) throw new Error('This engine cannot goal seek.');
      return engine.goalSeek(request.doc, request.values, request.spec);
    };
    await this.onWarmEngine(asEvaluation, run, {
      started: () => post({ type: 'started', id: request.id }),
      waiting: () => post({ type: 'waiting', id: request.id }),
      done: (result) => post({ type: 'sought', id: request.id, result }),
      failed: (error) => {
        const reply = this.failure(request.id, error);
        // The engine itself failed: said as a goal seek that found nothing.
        if (reply.type === 'result')
          post({
            type: 'sought',
            id: request.id,
            result: { error: reply.result.error ?? CRASH_MESSAGE, evaluations: 0 },
          });
        else post(reply);
      },
    });
  }

  /**
   * A sensitivity table, `rowsPerSlice` rows at a time, each slice posted as it comes.
   * Between slices the worker goes back to its event loop, so a `cancel` posted meanwhile
   * is seen (`isCancelled`) before the next one.
   */
  async sweep(
    request: SweepRequest,
    post: (reply: WorkerReply) => void,
    isCancelled: () => boolean,
  ): Promise<void> {
    const asEvaluation: EvalRequest = { ...request, type: 'evaluate' };
    const rowCount = Math.max(1, Math.floor(request.rowsPerSlice ?? 1));
    let rowStart = 0;
    let total = Infinity;
    while (rowStart < total) {
      if (isCancelled()) {
        post({ type: 'swept', id: request.id, cancelled: true });
        return;
      }
      const spec: SweepSpec = { ...request.spec, rowStart, rowCount };
      let answer: SweepResult | null = null;
      let failure: unknown = null;
      await this.onWarmEngine(
        asEvaluation,
        (engine) => {
          if (!engine.sweep) throw new Error('This engine cannot make tables.');
          return engine.sweep(request.doc, request.values, spec);
        },
        {
          started: () => post({ type: 'started', id: request.id }),
          waiting: () => post({ type: 'waiting', id: request.id }),
          done: (result) => (answer = result),
          failed: (error) => (failure = error ?? new Error(CRASH_MESSAGE)),
        },
      );
      const result = answer as SweepResult | null;
      if (!result) {
        const reply = this.failure(request.id, failure);
        if (reply.type === 'result') {
          const message = reply.result.error ?? CRASH_MESSAGE;
          post({ type: 'sweepFailed', id: request.id, message });
        } else if (reply.type === 'failed') {
          post({
            type: 'sweepFailed',
            id: request.id,
            message: reply.message,
            loading: reply.loading,
          });
        }
        return;
      }
      if ('error' in result) {
        post({ type: 'sweepFailed', id: request.id, message: result.error });
        return;
      }
      post({ type: 'sweepSlice', id: request.id, slice: result });
      total = result.rows.length;
      // An engine that answers no rows would loop for ever: the table ends there.
      if (result.cells.length === 0) break;
      rowStart = result.rowStart + result.cells.length;
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    post({ type: 'swept', id: request.id, cancelled: false });
  }

  /**
   * Runs `work` on the warm engine for `request`'s module and doc, then answers `done`
   * with what it gives; `started` once the engine is ready, `waiting` while the Intl
   * module it needs is still being built. A failure to get the engine,
   * or of `work`, answers `failed` (after `work`, the instance is made again at once,
   * while the page reads the answer, rather than when it asks again). Then, idle until
   * the next request, the engine gets its fresh realm ready; a failure there shows again
   * with the next request that needs it.
   */
  private async onWarmEngine<T>(
    request: EvalRequest,
    work: (engine: EngineLike) => T,
    answer: {
      started?(): void;
      waiting(): void;
      done(value: T): void;
      failed(error: unknown): void;
    },
  ): Promise<void> {
    let module: ModuleEngine;
    let engine: EngineLike;
    // The worker answers one request at a time: a wait for the Intl module is this one's.
    this.waiting = answer.waiting;
    try {
      module = await this.moduleFor(request);
      engine = await module.prepare(request);
    } catch (error) {
      answer.failed(error);
      return;
    } finally {
      this.waiting = null;
    }
    answer.started?.();
    try {
      answer.done(await this.running(module, request, engine, work));
    } catch (error) {
      answer.failed(error);
      module.tryRestore();
      return;
    }
    try {
      module.idle();
    } catch {
      module.tryRestore();
    }
  }

  /**
   * `work` on `engine`, run again once the Intl module has the locale data it asked for
   * and lacked (it fell back to the root locale; each round adds languages, and a script
   * asks for few).
   */
  private async running<T>(
    module: ModuleEngine,
    request: EvalRequest,
    engine: EngineLike,
    work: (engine: EngineLike) => T,
  ): Promise<T> {
    let value = await this.runningOnce(module, request, engine, work);
    for (let round = 0; round < MAX_DATA_ROUNDS; round++) {
      const completed = await module.withMissingIntlData(request);
      if (!completed) break;
      value = await this.runningOnce(module, request, completed, work);
    }
    return value;
  }

  /** `work` on `engine`, run again with a shallower recursion limit if it ran out of stack. */
  private async runningOnce<T>(
    module: ModuleEngine,
    request: EvalRequest,
    engine: EngineLike,
    work: (engine: EngineLike) => T,
  ): Promise<T> {
    try {
      return module.call(() => work(engine));
    } catch (error) {
      if (!(error instanceof EngineTrap && error.outOfStack)) throw error;
      return module.afterStackOverflow(request, work);
    }
  }

  private testsFailure(request: TestsRequest, error: unknown): WorkerReply {
    const reply = this.failure(request.id, error);
    if (reply.type === 'result') {
      const message = reply.result.error ?? CRASH_MESSAGE;
      return { type: 'tested', id: request.id, report: failedReport(request.doc, message) };
    }
    const message = reply.type === 'failed' ? reply.message : CRASH_MESSAGE;
    return { type: 'testsFailed', id: request.id, message };
  }

  /**
   * Answers a format request (format.ts) from the default module's formatting engine: a
   * second engine, so the warm one keeps the page's doc and prepared realm. A failure
   * answers null; a broken instance is made again on next use.
   */
  async format(request: FormatRequest, post: (reply: WorkerReply) => void): Promise<void> {
    let result: EvalResult | null = null;
    try {
      result = await this.main.format(request.doc, request.locale);
    } catch {
      this.main.tryRestore();
    }
    post({ type: 'formatted', id: request.id, result });
  }

  /**
   * The module for the request's script: the default one, or the Intl one when the
   * script may use Intl (`usesIntl`, engine/src/doc/intl_usage.rs), which the default
   * module lacks. Each keeps its own warm engine.
   */
  private async moduleFor(request: EvalRequest): Promise<ModuleEngine> {
    const main = this.main;
    if (!(await main.usesIntl(request.doc.script ?? ''))) return main;
    this.intl ??= loading(() => this.loadIntl(() => this.waiting?.(), request.locale)).then(
      (pkg) => new ModuleEngine(pkg, this.sources, this.fetchLibrary),
      (error: unknown) => {
        this.intl = null;
        throw error;
      },
    );
    return this.intl;
  }

  private failure(id: number, error: unknown): WorkerReply {
    if (error instanceof EngineTrap) {
      const message = error.outOfMemory
        ? MEMORY_MESSAGE
        : error.outOfStack
          ? RECURSION_MESSAGE
          : CRASH_MESSAGE;
      return { type: 'result', id, result: errorResult(message) };
    }
    const message = error instanceof Error ? error.message : String(error);
    return error instanceof LoadFailure
      ? { type: 'failed', id, message, loading: true }
      : { type: 'failed', id, message };
  }
}
