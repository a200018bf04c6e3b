// A published calculator's first script, named in its page's HTML with the calculator's
// libraries (`<script type="module" async src="/js/engine-start.js" data-engine-start
// data-libraries="mathjs">`, server/src/routes/pages/engine_start.rs). It starts the
// calculation worker while the app's own modules are still loading, and asks it to compile
// the engine and load the libraries at once: the first calculation then no longer waits
// for all of that to begin after the app's first render. The app's client takes this
// worker as its first (`pageWorkerFactory`, client.ts).
//
// A bundle of its own (web/vite.config.ts) that imports nothing at run time, so it is one
// small file that arrives before the app's entry bundle.
import type { WarmRequest } from './protocol';

/** The worker this script started, for the app's client (which then takes it). */
export interface EngineStart {
  worker: Worker | null;
  /** The worker reported an error before the app took it: the app makes its own. */
  failed: boolean;
}

declare global {
  interface Window {
    /** Set by this script, or by the app's client when it was first (client.ts). */
    calcsmithEngineStart?: EngineStart;
  }
}

/** Where the build writes the worker (web/vite.config.ts; client.ts bundles worker.ts). */
const WORKER_URL = '/js/worker.js';

function start(): void {
  // The app's client got there first and has its own worker.
  if (window.calcsmithEngineStart) return;
  const slot: EngineStart = { worker: null, failed: false };
  window.calcsmithEngineStart = slot;
  const tag = document.querySelector<HTMLScriptElement>('script[data-engine-start]');
  const libraries = (tag?.dataset.libraries ?? '').split(' ').filter(Boolean);
  try {
    const worker = new Worker(WORKER_URL, { type: 'module', name: 'worker' });
    worker.addEventListener('error', () => (slot.failed = true));
    const warm: WarmRequest = { type: 'warm', libraries };
    worker.postMessage(warm);
    slot.worker = worker;
  } catch {
    slot.failed = true;
  }
}

start();
