// The calculation worker's body, shared by the app's worker (worker.ts, `/js/worker.js`) and
// `@calcsmith/element`'s (src/element/engine-worker.ts): it loads the engine package once,
// fetches each enabled library once from where its caller says, keeps one warm Engine, and
// answers requests one at a time (engine-host.ts). Only the workers import the engine.
// The glue itself, not the package's entry (pkg/index.js): engine-host.ts recovers from the
// browser's stack running out on its own, and keeps the Intl module's data itself.
import * as engine from '@calcsmith/engine/calcsmith_engine.js';
import { EngineHost } from './engine-host';
import type { EnginePackage } from './module-engine';
import { enginePackage, intlEnginePackage } from './engine-package';
import { IntlData } from './intl-data';
import { browserDeps, fetchWhenBuilt, loadIntlModule, type IntlFiles } from './intl-loader';
import type { LibraryName, Locale, WorkerReply, WorkerRequest } from './protocol';

/** Where a worker finds what the engine loads at run time. */
export interface EngineFiles {
  /** A library's source (`/js/lib/{name}.js` for the app). */
  library(name: LibraryName): string;
  /** The Intl module, loaded only when a script uses Intl. */
  intl: IntlFiles;
}

/** Starts compiling the engine and answers the page's requests from now on. */
export function serveEngine(files: EngineFiles): void {
  // Compiling the module starts at once, before the first request arrives.
  const initialised = engine.default();
  // A failure is reported with the first request; not an unhandled rejection.
  initialised.catch(() => {});

  const fetchLibrary = async (name: LibraryName): Promise<string> => {
    const response = await fetch(files.library(name));
    if (!response.ok) throw new Error(`The ${name} library could not be loaded.`);
    return response.text();
  };
  const post = (reply: WorkerReply) => (self as unknown as Worker).postMessage(reply);
  // The module and its locale data (the core and the page's language) are fetched at once.
  const loadIntl = async (onWaiting: () => void, locale: Locale): Promise<EnginePackage> => {
    const fetchFile = (url: string) => fetchWhenBuilt(browserDeps, onWaiting, url);
    const data = IntlData.load(fetchFile, files.intl.data, [locale]);
    data.catch(() => {});
    const glue = await loadIntlModule(browserDeps, onWaiting, files.intl);
    const pkg = intlEnginePackage(glue, await data);
    post({ type: 'intlLoaded' });
    return pkg;
  };

  const host = new EngineHost(enginePackage(engine, initialised), fetchLibrary, loadIntl);
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
}
