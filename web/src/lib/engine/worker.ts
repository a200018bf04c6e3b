// The calculation worker, built to /js/worker.js. It loads the engine package once,
// fetches each enabled library from /js/lib/ once, keeps one warm Engine, and answers
// evaluation requests one at a time. It is the only module that imports the engine.
import init, { Engine } from '@calcsmith/engine';
import { errorResult, type EvalRequest, type Locale, type WorkerReply } from './protocol';

const RECURSION_MESSAGE = 'RangeError: Maximum call stack size exceeded';

const LIBRARIES = ['lodash', 'moment', 'mathjs'] as const;

// Compiling the module starts at once, before the first request arrives.
const initialised = init();
// A failure is reported with the first request; not an unhandled rejection.
initialised.catch(() => {});
let engine: Engine | null = null;
let locale: Locale = 'en';
let queue: Promise<void> = Promise.resolve();

const post = (reply: WorkerReply) => (self as unknown as Worker).postMessage(reply);

async function engineFor(request: EvalRequest): Promise<Engine> {
  if (!engine) {
    await initialised;
    engine = new Engine({ locale: request.locale });
    locale = request.locale;
  }
  if (request.locale !== locale) {
    engine.setOptions({ locale: request.locale });
    locale = request.locale;
  }
  for (const name of LIBRARIES) {
    if (request.doc.libraries?.[name] && !engine.hasLibrary(name)) {
      const response = await fetch(`/js/lib/${name}.js`);
      if (!response.ok) throw new Error(`The ${name} library could not be loaded.`);
      engine.loadLibrary(name, await response.text());
    }
  }
  return engine;
}

// Recursion through a built-in's callback (`[1].map(f)` recursing) nests the engine on the
// browser's own stack, which can run out before the engine's recursion limit: the module
// then throws out of the middle of a calculation and cannot be trusted again.
const outOfStack = (error: unknown) =>
  error instanceof RangeError || error instanceof WebAssembly.RuntimeError;

async function handle(request: EvalRequest): Promise<void> {
  try {
    const ready = await engineFor(request);
    post({ type: 'started', id: request.id });
    let result;
    try {
      result = ready.evaluate(request.doc, request.values);
    } catch (error) {
      if (!outOfStack(error)) throw error;
      post({ type: 'result', id: request.id, result: errorResult(RECURSION_MESSAGE) });
      // An uncaught error ends this worker for the page, which starts a fresh one.
      setTimeout(() => {
        throw error;
      });
      return;
    }
    post({ type: 'result', id: request.id, result });
  } catch (error) {
    post({
      type: 'failed',
      id: request.id,
      message: error instanceof Error ? error.message : String(error),
    });
  }
}

// Attached synchronously: messages posted while the module still loads are not lost.
self.onmessage = (event: MessageEvent<EvalRequest>) => {
  if (event.data?.type !== 'evaluate') return;
  queue = queue.then(() => handle(event.data));
};
