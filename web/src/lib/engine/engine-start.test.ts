// The published page's first script (engine-start.ts) and the app's client taking the
// worker it started (worker-factory.ts, `takeStartedWorker`).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageWorkerFactory, takeStartedWorker } from './worker-factory';

/** A stand-in Worker that records how it was made, what it was sent and whether it stopped. */
class RecordingWorker extends EventTarget {
  static made: RecordingWorker[] = [];
  readonly posted: unknown[] = [];
  terminated = false;
  constructor(
    readonly url: string,
    readonly options: WorkerOptions,
  ) {
    super();
    RecordingWorker.made.push(this);
  }
  postMessage(message: unknown): void {
    this.posted.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
}

/** Runs engine-start.ts afresh in a page whose HTML names it with `libraries`. */
async function runEngineStart(libraries: string) {
  document.head.innerHTML = `<script type="module" data-engine-start data-libraries="${libraries}"></script>`;
  vi.resetModules();
  await import('./engine-start');
}

beforeEach(() => {
  RecordingWorker.made = [];
  delete window.calcsmithEngineStart;
  vi.stubGlobal('Worker', RecordingWorker);
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
});

describe('engine-start', () => {
  it('starts the calculation worker and asks it to load the libraries the page names', async () => {
    await runEngineStart('mathjs lodash');
    expect(RecordingWorker.made).toHaveLength(1);
    const [worker] = RecordingWorker.made;
    expect(worker.url).toBe('/js/worker.js');
    expect(worker.options).toEqual({ type: 'module', name: 'worker' });
    expect(worker.posted).toEqual([{ type: 'warm', libraries: ['mathjs', 'lodash'] }]);
  });

  it("gives the app's client that worker once; later workers are new ones", async () => {
    await runEngineStart('');
    const [early] = RecordingWorker.made;
    expect(pageWorkerFactory()).toBe(early);
    const later = pageWorkerFactory() as unknown as RecordingWorker;
    expect(later).not.toBe(early);
    expect(RecordingWorker.made).toHaveLength(2);
    expect(early.terminated).toBe(false);
  });

  it('stops a worker that failed before the app took it, and the app makes its own', async () => {
    await runEngineStart('mathjs');
    const [early] = RecordingWorker.made;
    early.dispatchEvent(new Event('error'));
    const worker = pageWorkerFactory();
    expect(worker).not.toBe(early);
    expect(early.terminated).toBe(true);
  });

  it("starts nothing when the app's client was there first", async () => {
    expect(takeStartedWorker()).toBeNull();
    await runEngineStart('mathjs');
    expect(RecordingWorker.made).toHaveLength(0);
  });
});
