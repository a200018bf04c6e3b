// One wasm module of the engine package (the default or the Intl one) as the worker keeps
// it: its instance, its warm engine with the libraries loaded, its formatting engine, and
// recovery after the engine itself failed (engine-host.ts says how). What a call into the
// engine threw is told apart here: the engine refusing its input, or failing itself.
import type {
  CalcDoc,
  EvalResult,
  GoalSeekResult,
  GoalSeekSpec,
  SweepResult,
  SweepSpec,
  TestReport,
} from '@calcsmith/engine';
import { LIBRARIES, type EvalRequest, type LibraryName, type Locale } from './protocol';

/** The part of an `Engine` of `@calcsmith/engine` the worker uses. */
export interface EngineLike {
  setOptions(options: { locale: Locale }): void;
  hasLibrary(name: string): boolean;
  loadLibrary(name: string, source: string): void;
  evaluate(doc: CalcDoc, values: Record<string, unknown>): EvalResult;
  /** Runs `doc.tests` (absent from older stand-ins). */
  runTests?(doc: CalcDoc): TestReport;
  /** What-if tools (absent from older stand-ins). */
  goalSeek?(doc: CalcDoc, values: Record<string, unknown>, spec: GoalSeekSpec): GoalSeekResult;
  sweep?(doc: CalcDoc, values: Record<string, unknown>, spec: SweepSpec): SweepResult;
  /** Gets the next calculation's fresh realm ready (idle time). */
  prepare?(): void;
}

/** The engine package as the worker uses it (the real one, or a test's stand-in). */
export interface EnginePackage {
  /** Instantiates the wasm module; called once. */
  init(): Promise<unknown>;
  /** A new wasm instance of the same module, in place of a failed one. */
  reset(): void;
  createEngine(locale: Locale): EngineLike;
  /** How many allocations the engine has refused (its hard memory limit) so far. */
  refusedAllocations(): number;
  /** Whether a script may use Intl, so must run in the Intl module. */
  usesIntl(script: string): boolean;
  /**
   * Lowers or restores the recursion limit of the instance's later calculations, for
   * running again a calculation that ran out of the browser's stack (absent from older
   * stand-ins).
   */
  setShallowRecursion?(shallow: boolean): void;
  /**
   * The Intl module's: fetches and adds the languages whose locale data the calculations
   * since the last call asked for and did not have (they fell back to the root locale);
   * whether there were any, so the calculation must run again (intl-data.ts).
   */
  addMissingIntlData?(): Promise<boolean>;
}

/**
 * A part of the engine that could not be loaded: the wasm module, the Intl module or a
 * library's source. It stays unloadable in this worker (a failed wasm instantiation is
 * kept), so the page starts a new one.
 */
export class LoadFailure extends Error {}

/** Runs `load`; a failure becomes a `LoadFailure` with the same message. */
export async function loading<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    throw new LoadFailure(error instanceof Error ? error.message : String(error));
  }
}

/** What the engine threw when it failed itself, rather than refusing its input. */
export class EngineTrap {
  constructor(
    readonly outOfMemory: boolean,
    readonly outOfStack: boolean,
  ) {}
}

/**
 * Recursion through a built-in's callback (`[1].map(f)` recursing) nests the engine on the
 * browser's own stack, which can run out before the engine's recursion limit: the browser
 * then throws its own RangeError out of the middle of a calculation.
 */
export const RECURSION_MESSAGE = 'RangeError: Maximum call stack size exceeded';
export const isOutOfStack = (error: unknown) =>
  error instanceof RangeError && /call stack/i.test(error.message);

/**
 * Messages of errors that the wasm glue throws when the instance is broken (a plain
 * `Error`, like the engine's own refusals of bad input, which are host faults).
 */
const BROKEN_INSTANCE =
  /recursive use of an object|null pointer passed to rust|unreachable|memory access out of bounds/i;

/**
 * Whether `error`, thrown by a call into the engine, is the engine refusing its input
 * (the engine throws plain `Error`s for that: "doc is not a calculator: ..."). Anything
 * else — a `WebAssembly.RuntimeError`, a `RangeError` from the glue, the glue's
 * complaints about a broken instance — means the engine failed.
 */
export function isHostFault(error: unknown): error is Error {
  return (
    error instanceof Error &&
    error.constructor === Error &&
    !(error instanceof WebAssembly.RuntimeError) &&
    !BROKEN_INSTANCE.test(error.message)
  );
}

/** One wasm module (the default or the Intl one): its instance and its warm engine. */
export class ModuleEngine {
  private initialised: Promise<unknown> | null = null;
  private engine: EngineLike | null = null;
  private locale: Locale = 'en';
  /** The engine that formats values for charts (made on first use), and its locale. */
  private formatter: { engine: EngineLike; locale: Locale } | null = null;
  /** The wasm instance failed; the next use makes a new one first. */
  private broken = false;

  constructor(
    private readonly pkg: EnginePackage,
    /** The libraries' sources, shared by the modules (fetched once). */
    private readonly sources: Map<LibraryName, string>,
    private readonly fetchLibrary: (name: LibraryName) => Promise<string>,
  ) {}

  /** Whether `script` may use Intl, asked of this module's instance. */
  async usesIntl(script: string): Promise<boolean> {
    await this.init();
    if (this.broken) this.restore(this.locale);
    return this.call(() => this.pkg.usesIntl(script));
  }

  /** A ready engine with the request's locale and libraries. */
  prepare(request: EvalRequest): Promise<EngineLike> {
    const libraries = LIBRARIES.filter((name) => request.doc.libraries?.[name]);
    return this.load(request.locale, libraries);
  }

  /** The locale the warm engine has (or will be made with). */
  currentLocale(): Locale {
    return this.locale;
  }

  /** A ready engine with `locale` and `libraries` loaded (fetched once). */
  async load(locale: Locale, libraries: readonly LibraryName[]): Promise<EngineLike> {
    await this.init();
    const engine = this.engine ?? this.restore(locale);
    if (locale !== this.locale) {
      this.call(() => engine.setOptions({ locale }));
      this.locale = locale;
    }
    for (const name of libraries) {
      if (!this.call(() => engine.hasLibrary(name))) {
        const source = this.sources.get(name) ?? (await loading(() => this.fetchLibrary(name)));
        this.call(() => engine.loadLibrary(name, source));
        this.sources.set(name, source);
      }
    }
    return engine;
  }

  /** Evaluates a formatting doc on this module's formatting engine. */
  async format(doc: CalcDoc, locale: Locale): Promise<EvalResult> {
    await this.init();
    if (this.broken) this.restore(this.locale);
    const formatter = (this.formatter ??= {
      engine: this.call(() => this.pkg.createEngine(locale)),
      locale,
    });
    if (formatter.locale !== locale) {
      this.call(() => formatter.engine.setOptions({ locale }));
      formatter.locale = locale;
    }
    return this.call(() => formatter.engine.evaluate(doc, {}));
  }

  /**
   * Runs `work` again, on a new instance, after it ran out of the browser's own stack:
   * recursion through getters or built-ins' callbacks nests the engine in Rust, and the
   * browser's stack (about 1 MB) runs out before the engine's recursion limit does. With
   * the engine's shallower limit the calculation ends in the engine's own RangeError with
   * its line, as on the server. A calculation that runs out of stack again (recursion in a
   * built-in with no frame to count) throws its `EngineTrap` again.
   */
  async afterStackOverflow<T>(request: EvalRequest, work: (engine: EngineLike) => T): Promise<T> {
    const shallow = this.pkg.setShallowRecursion;
    if (!shallow) throw new EngineTrap(false, true);
    const engine = await this.prepare(request);
    this.call(() => shallow(true));
    try {
      return this.call(() => work(engine));
    } finally {
      if (!this.broken) shallow(false);
    }
  }

  /**
   * Adds the locale data the last calculation lacked (the Intl module's; intl-data.ts), and
   * the warm engine to run it again with; null when nothing was lacking.
   */
  async withMissingIntlData(request: EvalRequest): Promise<EngineLike | null> {
    const add = this.pkg.addMissingIntlData;
    if (!add || !(await loading(() => add()))) return null;
    return this.prepare(request);
  }

  /**
   * Gets the warm engine's next realm ready, while idle after a calculation (the engine
   * that answered it may have been made again on a new instance).
   */
  idle(): void {
    const engine = this.engine;
    if (engine) this.call(() => engine.prepare?.());
  }

  /** After a failure of the instance, makes the new one now (or with the next request). */
  tryRestore(): void {
    if (!this.broken) return;
    try {
      this.restore(this.locale);
    } catch {
      // Tried again on the next request, which then reports what went wrong.
    }
  }

  private async init(): Promise<void> {
    this.initialised ??= loading(() => this.pkg.init());
    await this.initialised;
  }

  /** A new engine (on a new wasm instance after a failure) with the libraries it had. */
  private restore(locale: Locale): EngineLike {
    if (this.broken) {
      this.pkg.reset();
      this.broken = false;
    }
    const engine = this.call(() => this.pkg.createEngine(locale));
    for (const [name, source] of this.sources) {
      this.call(() => engine.loadLibrary(name, source));
    }
    this.engine = engine;
    this.locale = locale;
    return engine;
  }

  /** Runs a call into the engine; a failure of the engine itself becomes an `EngineTrap`. */
  call<T>(run: () => T): T {
    const refused = this.refused();
    try {
      return run();
    } catch (error) {
      if (isHostFault(error)) throw error;
      // The instance cannot be trusted again: drop the engine (never free it — its
      // memory belongs to the old instance) and make a new one on next use.
      this.engine = null;
      this.formatter = null;
      this.broken = true;
      throw new EngineTrap(this.refused() > refused, isOutOfStack(error));
    }
  }

  private refused(): number {
    try {
      return this.pkg.refusedAllocations();
    } catch {
      return 0;
    }
  }
}
