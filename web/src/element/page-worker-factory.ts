// In @calcsmith/element's build only, in place of lib/engine/worker-factory.ts
// (vite.element.config.ts): every element makes its own worker from the package's folder
// (calcsmith-calculator.tsx), so the app's page worker — which Vite would bundle from its
// `new Worker(new URL(…))` with a second copy of the engine — is never made.
import type * as PageWorkers from '../lib/engine/worker-factory';

const noPageWorker: PageWorkers.WorkerFactory = () => {
  throw new Error('@calcsmith/element starts each worker itself');
};

export const defaultWorkerFactory: typeof PageWorkers.defaultWorkerFactory = noPageWorker;
export const pageWorkerFactory: typeof PageWorkers.pageWorkerFactory = noPageWorker;
export const takeStartedWorker: typeof PageWorkers.takeStartedWorker = () => null;
