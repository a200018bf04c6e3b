// The calculation worker, built to /js/worker.js. It loads the engine package once,
// fetches each enabled library from /js/lib/ once, keeps one warm Engine, and answers
// evaluation requests one at a time (engine-host.ts). It is the only module that
// imports the engine.
import init, { Engine, __wbg_reset_state, refusedAllocations } from '@calcsmith/engine';
import { EngineHost } from './engine-host';
import type { EvalRequest, LibraryName, WorkerReply } from './protocol';

// Compiling the module starts at once, before the first request arrives.
const initialised = init();
// A failure is reported with the first request; not an unhandled rejection.
initialised.catch(() => {});

async function fetchLibrary(name: LibraryName): Promise<string> {
  const response = await fetch(`/js/lib/${name}.js`);
  if (!response.ok) throw new Error(`The ${name} library could not be loaded.`);
  return response.text();
}

const host = new EngineHost(
  {
    init: () => initialised,
    reset: __wbg_reset_state,
    createEngine: (locale) => new Engine({ locale }),
    refusedAllocations,
  },
  fetchLibrary,
);
const post = (reply: WorkerReply) => (self as unknown as Worker).postMessage(reply);
let queue: Promise<void> = Promise.resolve();

// Attached synchronously: messages posted while the module still loads are not lost.
self.onmessage = (event: MessageEvent<EvalRequest>) => {
  if (event.data?.type !== 'evaluate') return;
  queue = queue.then(() => host.evaluate(event.data, post));
};
