// Where the page's calculation worker comes from: a new one, or the one a published page's
// first script started before the app (engine-start.ts).

/** Makes a calculation worker. */
export type WorkerFactory = () => Worker;

export const defaultWorkerFactory: WorkerFactory = () =>
  new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'worker' });

/**
 * The worker a published page's first script started (engine-start.ts), already compiling
 * the engine and loading the calculator's libraries; null when there is none, or it failed
 * before it was taken (then it is stopped). Taken once: later workers are new ones.
 */
export function takeStartedWorker(): Worker | null {
  const slot = window.calcsmithEngineStart;
  // Marks the page's worker as the app's own, so a late engine-start.ts starts none.
  window.calcsmithEngineStart = { worker: null, failed: false };
  const worker = slot?.worker ?? null;
  if (worker && slot?.failed) {
    worker.terminate();
    return null;
  }
  return worker;
}

/** The page's calculation worker: the one started before the app if any, else a new one. */
export const pageWorkerFactory: WorkerFactory = () => takeStartedWorker() ?? defaultWorkerFactory();
