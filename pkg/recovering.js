// The package's entry points (index.js, intl.js) over a module's wasm-bindgen glue: the glue
// as it is, with an `Engine` whose calculations recover when the browser's own stack runs
// out. `evaluate` never throws for an author's script; `runTests`, `goalSeek` and `sweep`
// throw the browser's RangeError only when even the shallower limit did not hold.
//
// A calculation that recurses through getters or a built-in's callbacks nests boa's
// interpreter on the browser's stack (about 1 MB in a worker), which can run out before the
// engine's own recursion limit: V8 then throws its RangeError out of the module, and the
// instance is broken. The engine here makes a new instance, makes its engine again (same
// options, same libraries; the Intl module's locale data is added again), and runs the
// calculation once more with the engine's shallower limit, which ends it in the engine's
// own `RangeError: Maximum call stack size exceeded (line N)`: the server's and the CLI's
// answer. Calcsmith's web worker does the same in src/lib/engine/engine-host.ts.

/** The message a calculation gets when even the shallower limit did not hold. */
const RECURSION_MESSAGE = "RangeError: Maximum call stack size exceeded";

/** Whether `error` is the browser's stack running out. */
const isOutOfStack = (error) =>
  error instanceof RangeError && /call stack/i.test(error.message);

/** A result that says only `error` (the shape of a failed calculation). */
const errorResult = (error) => ({
  outputs: null,
  display: null,
  usedInputs: [],
  hiddenInputs: [],
  hiddenOutputs: [],
  error,
});

/**
 * The glue's exports that an entry point replaces: `Engine`, `__wbg_reset_state` (so that
 * engines made before a reset are made again on their next use) and, for the Intl module,
 * `addIntlCore`/`addIntlData` (kept, to be added again after a reset).
 */
export function recovering(glue) {
  /** Counts the instances: an engine made on an earlier one is made again. */
  let instance = 0;
  /** The Intl module's locale data added so far, in order: [function name, arguments]. */
  const added = [];

  const reset = () => {
    glue.__wbg_reset_state();
    instance += 1;
    for (const [name, args] of added) glue[name](...args);
  };

  /** A glue function whose calls are added again after a reset. */
  const kept = (name) =>
    glue[name] &&
    ((...args) => {
      const answer = glue[name](...args);
      added.push([name, args]);
      return answer;
    });

  class Engine {
    #options;
    #libraries = new Map();
    #inner;
    #instance;

    constructor(options) {
      this.#inner = new glue.Engine(options);
      this.#options = { ...options };
      this.#instance = instance;
    }

    /** The engine on the current instance, made again (options, libraries) if needed. */
    #engine() {
      if (this.#instance !== instance) {
        this.#inner = new glue.Engine(this.#options);
        for (const [name, source] of this.#libraries)
          this.#inner.loadLibrary(name, source);
        this.#instance = instance;
      }
      return this.#inner;
    }

    /**
     * `work` on the engine; when the browser's stack ran out, again on a new instance with
     * the shallower limit. When even that ran out, `fallback` answers, or the error is
     * thrown.
     */
    #recovering(work, fallback) {
      try {
        return work(this.#engine());
      } catch (error) {
        if (!isOutOfStack(error)) throw error;
      }
      reset();
      glue.setShallowRecursion(true);
      try {
        return work(this.#engine());
      } catch (error) {
        if (!isOutOfStack(error)) throw error;
        reset();
        if (fallback) return fallback();
        throw error;
      } finally {
        glue.setShallowRecursion(false);
      }
    }

    setOptions(options) {
      this.#engine().setOptions(options);
      Object.assign(this.#options, options);
    }

    loadLibrary(name, source) {
      this.#engine().loadLibrary(name, source);
      this.#libraries.set(name, source);
    }

    hasLibrary(name) {
      return this.#engine().hasLibrary(name);
    }

    prepare() {
      return this.#recovering((engine) => engine.prepare());
    }

    evaluate(doc, values) {
      return this.#recovering(
        (engine) => engine.evaluate(doc, values),
        () => errorResult(RECURSION_MESSAGE),
      );
    }

    runTests(doc) {
      return this.#recovering((engine) => engine.runTests(doc));
    }

    goalSeek(doc, values, spec) {
      return this.#recovering((engine) => engine.goalSeek(doc, values, spec));
    }

    sweep(doc, values, spec) {
      return this.#recovering((engine) => engine.sweep(doc, values, spec));
    }

    free() {
      if (this.#instance === instance) this.#inner.free();
    }
  }

  return {
    Engine,
    __wbg_reset_state: reset,
    addIntlCore: kept("addIntlCore"),
    addIntlData: kept("addIntlData"),
  };
}
