// The worker's warm-up (issue 34, part 5): a published page's first script asks the worker
// to load the engine and the calculator's libraries before the app asks for anything.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { okResult } from '../../testing/fake-worker';
import { EngineHost } from './engine-host';
import type { EngineLike, EnginePackage } from './module-engine';
import type { EvalRequest, WorkerReply } from './protocol';

let loaded: string[];
let engines: number;
let pkg: EnginePackage & { init: ReturnType<typeof vi.fn> };
let fetchLibrary: ReturnType<typeof vi.fn<(name: string) => Promise<string>>>;
let host: EngineHost;

beforeEach(() => {
  loaded = [];
  engines = 0;
  const engine: EngineLike = {
    setOptions() {},
    hasLibrary: (name) => loaded.includes(name),
    loadLibrary: (name) => void loaded.push(name),
    evaluate: () => okResult({ x: 1 }),
  };
  pkg = {
    init: vi.fn(async () => {}),
    reset() {},
    createEngine: () => {
      engines += 1;
      return engine;
    },
    refusedAllocations: () => 0,
    usesIntl: () => false,
  };
  fetchLibrary = vi.fn(async (name: string) => `source of ${name}`);
  host = new EngineHost(pkg, fetchLibrary, async () => pkg);
});

const withMathjs: EvalRequest = {
  type: 'evaluate',
  id: 1,
  doc: { script: 'return { x: math.sqrt(4) };', libraries: { mathjs: true } },
  values: {},
  locale: 'ru',
};

async function evaluate(request: EvalRequest): Promise<WorkerReply[]> {
  const replies: WorkerReply[] = [];
  await host.evaluate(request, (reply) => replies.push(reply));
  return replies;
}

describe('EngineHost.warm', () => {
  it('loads the engine and the libraries named, which the first calculation then finds ready', async () => {
    await host.warm(['mathjs']);
    expect(pkg.init).toHaveBeenCalledTimes(1);
    expect(loaded).toEqual(['mathjs']);
    expect(await evaluate(withMathjs)).toContainEqual({
      type: 'result',
      id: 1,
      result: okResult({ x: 1 }),
    });
    // Nothing was fetched, loaded or made twice.
    expect(fetchLibrary).toHaveBeenCalledTimes(1);
    expect(loaded).toEqual(['mathjs']);
    expect(engines).toBe(1);
    expect(pkg.init).toHaveBeenCalledTimes(1);
  });

  it('passes over names of no library', async () => {
    await host.warm(['leftpad', 'mathjs', '']);
    expect(fetchLibrary.mock.calls.map(([name]) => name)).toEqual(['mathjs']);
  });

  it('answers nothing when a library could not be fetched, and the first calculation fetches it again', async () => {
    fetchLibrary.mockRejectedValueOnce(new Error('offline'));
    await host.warm(['mathjs']);
    expect(loaded).toEqual([]);
    expect(await evaluate(withMathjs)).toContainEqual({
      type: 'result',
      id: 1,
      result: okResult({ x: 1 }),
    });
    expect(fetchLibrary).toHaveBeenCalledTimes(2);
  });

  it('leaves an engine that could not load to the first request, which says so', async () => {
    pkg.init.mockRejectedValueOnce(new Error('WebAssembly.instantiate(): network error'));
    await host.warm(['mathjs']);
    expect(await evaluate(withMathjs)).toEqual([
      { type: 'failed', id: 1, message: 'WebAssembly.instantiate(): network error', loading: true },
    ]);
  });
});
