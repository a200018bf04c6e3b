// The calculation worker, built to /js/worker.js. It loads the engine package once,
// fetches each enabled library from /js/lib/ once, keeps one warm Engine, and answers
// evaluation requests one at a time (engine-host.ts). A published page starts it before
// the app, asking it to load the calculator's libraries at once (engine-start.ts). It is the only module that
// imports the engine. The package's Intl module is not part of the build: it is loaded at
// run time from the server's `/pkg/` only when a script uses Intl (intl-loader.ts).
import * as engine from '@calcsmith/engine';
import { EngineHost } from './engine-host';
import type { EnginePackage } from './module-engine';
import { browserDeps, loadIntlModule } from './intl-loader';
import type { LibraryName, WorkerReply, WorkerRequest } from './protocol';

// Compiling the module starts at once, before the first request arrives.
const initialised = engine.default();
// A failure is reported with the first request; not an unhandled rejection.
initialised.catch(() => {});

/** The worker's view of one of the package's modules, instantiated by `initialised`. */
function enginePackage(glue: typeof engine, initialised: Promise<unknown>): EnginePackage {
  return {
    init: () => initialised,
    reset: glue.__wbg_reset_state,
    createEngine: (locale) => new glue.Engine({ locale }),
    refusedAllocations: glue.refusedAllocations,
    usesIntl: glue.usesIntl,
  };
}

async function fetchLibrary(name: LibraryName): Promise<string> {
  const response = await fetch(`/js/lib/${name}.js`);
  if (!response.ok) throw new Error(`The ${name} library could not be loaded.`);
  return response.text();
}

async function loadIntl(onWaiting: () => void): Promise<EnginePackage> {
  const glue = await loadIntlModule(browserDeps, onWaiting);
  post({ type: 'intlLoaded' });
  return enginePackage(glue, Promise.resolve());
}

const host = new EngineHost(enginePackage(engine, initialised), fetchLibrary, loadIntl);
const post = (reply: WorkerReply) => (self as unknown as Worker).postMessage(reply);
let queue: Promise<void> = Promise.resolve();
/** Sweeps the page cancelled (seen between their slices). */
const cancelled = new Set<number>();

// Attached synchronously: messages posted while the module still loads are not lost.
self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  if (request?.type === 'evaluate') queue = queue.then(() => host.evaluate(request, post));
  else if (request?.type === 'format') queue = queue.then(() => host.format(request, post));
  else if (request?.type === 'runTests') queue = queue.then(() => host.runTests(request, post));
  else if (request?.type === 'goalSeek') queue = queue.then(() => host.goalSeek(request, post));
  else if (request?.type === 'sweep')
    queue = queue.then(async () => {
      await host.sweep(request, post, () => cancelled.has(request.id));
      cancelled.delete(request.id);
    });
  else if (request?.type === 'warm') queue = queue.then(() => host.warm(request.libraries));
  // Not queued: it must reach the sweep running now.
  else if (request?.type === 'cancel') cancelled.add(request.id);
};
