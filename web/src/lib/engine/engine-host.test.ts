import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalcDoc, EvalResult, TestReport } from '@calcsmith/engine';
import { okResult } from '../../testing/fake-worker';
import { EngineHost } from './engine-host';
import { isHostFault, type EngineLike, type EnginePackage } from './module-engine';
import { errorResult, type EvalRequest, type TestsRequest, type WorkerReply } from './protocol';

const CRASH = 'Calculation stopped unexpectedly.';
const MEMORY = 'Calculation used more than 256 MB of memory. Is there a loop that never ends?';
const BROKEN = 'recursive use of an object detected which would lead to unsafe aliasing in rust';

/** A stand-in engine: `behave` decides what `evaluate` does; after a trap it is broken. */
class FakeEngine implements EngineLike {
  readonly loaded: string[] = [];
  broken = false;
  private readonly instance: number;
  constructor(private readonly pkg: FakePackage) {
    this.instance = pkg.instance;
  }

  private check(): void {
    if (this.broken || this.pkg.instance !== this.instance) throw new Error(BROKEN);
  }

  setOptions(): void {
    this.check();
  }
  hasLibrary(name: string): boolean {
    this.check();
    return this.loaded.includes(name);
  }
  loadLibrary(name: string): void {
    this.check();
    this.loaded.push(name);
  }
  evaluate(doc: CalcDoc): EvalResult {
    this.check();
    const behaviour = this.pkg.behave(doc.script ?? '');
    if (behaviour instanceof Error) {
      if (!isHostFault(behaviour)) this.broken = true;
      throw behaviour;
    }
    return behaviour;
  }
  runTests(doc: CalcDoc): TestReport {
    const result = this.evaluate(doc);
    const tests = doc.tests ?? [];
    return {
      passed: tests.length,
      failed: 0,
      tests: tests.map((test) => ({
        name: `${test.name} ${JSON.stringify(result.outputs)}`,
        passed: true,
      })),
    };
  }
}

class FakePackage implements EnginePackage {
  /** Which module this stands in for. */
  constructor(readonly module: 'default' | 'intl' = 'default') {}
  instance = 1;
  refused = 0;
  engines: FakeEngine[] = [];
  behave: (script: string) => EvalResult | Error = () => okResult({ x: 1 });
  init = vi.fn(async () => {});
  reset = vi.fn(() => {
    this.instance += 1;
    this.refused = 0;
  });
  createEngine(): EngineLike {
    const engine = new FakeEngine(this);
    this.engines.push(engine);
    return engine;
  }
  refusedAllocations(): number {
    return this.refused;
  }
  usesIntl = vi.fn((script: string) => script.includes('Intl'));
  /** The Intl module's: adds the locale data the last calculation lacked. */
  addMissingIntlData?: () => Promise<boolean>;
  /** Whether the instance runs with the engine's shallower recursion limit. */
  shallow = false;
  setShallowRecursion = vi.fn((shallow: boolean) => {
    this.shallow = shallow;
  });
}

const request = (script: string, libraries: CalcDoc['libraries'] = {}): EvalRequest => ({
  type: 'evaluate',
  id: 1,
  doc: { script, libraries },
  values: {},
  locale: 'en',
});

let pkg: FakePackage;
let intlPkg: FakePackage;
let fetchLibrary: ReturnType<typeof vi.fn<(name: string) => Promise<string>>>;
let loadIntl: ReturnType<
  typeof vi.fn<(onWaiting: () => void, locale: string) => Promise<EnginePackage>>
>;
let host: EngineHost;

async function run(req: EvalRequest): Promise<WorkerReply[]> {
  const replies: WorkerReply[] = [];
  await host.evaluate(req, (reply) => replies.push(reply));
  return replies;
}

beforeEach(() => {
  pkg = new FakePackage();
  intlPkg = new FakePackage('intl');
  intlPkg.behave = () => okResult({ module: 'intl' });
  fetchLibrary = vi.fn(async (name: string) => `source of ${name}`);
  loadIntl = vi.fn(async () => intlPkg);
  host = new EngineHost(pkg, fetchLibrary, loadIntl);
});

describe('EngineHost', () => {
  it('answers with started and the result, on one warm engine', async () => {
    expect(await run(request('ok'))).toEqual([
      { type: 'started', id: 1 },
      { type: 'result', id: 1, result: okResult({ x: 1 }) },
    ]);
    await run(request('ok'));
    expect(pkg.engines).toHaveLength(1);
    expect(pkg.init).toHaveBeenCalledTimes(1);
  });

  it('says when the engine could not be loaded, so the page can start a new worker', async () => {
    pkg.init.mockRejectedValueOnce(new Error('WebAssembly.instantiate(): network error'));
    expect(await run(request('ok'))).toEqual([
      { type: 'failed', id: 1, message: 'WebAssembly.instantiate(): network error', loading: true },
    ]);
  });

  it('reports a host fault (bad input) as it is and keeps the engine', async () => {
    pkg.behave = () => new Error('doc is not a calculator: bad');
    expect(await run(request('bad'))).toContainEqual({
      type: 'failed',
      id: 1,
      message: 'doc is not a calculator: bad',
    });
    pkg.behave = () => okResult({ x: 2 });
    expect(await run(request('ok'))).toContainEqual({
      type: 'result',
      id: 1,
      result: okResult({ x: 2 }),
    });
    expect(pkg.reset).not.toHaveBeenCalled();
  });

  it.each([
    ['unreachable', new WebAssembly.RuntimeError('unreachable')],
    ['memory access out of bounds', new WebAssembly.RuntimeError('memory access out of bounds')],
    ['a broken instance', new Error(BROKEN)],
  ])('answers a trap (%s) with the server message, never the wasm text', async (_, trap) => {
    pkg.behave = (script) => (script === 'trap' ? trap : okResult({ x: 3 }));
    const replies = await run(request('trap'));
    expect(replies).toEqual([
      { type: 'started', id: 1 },
      {
        type: 'result',
        id: 1,
        result: {
          outputs: null,
          display: null,
          usedInputs: [],
          hiddenInputs: [],
          hiddenOutputs: [],
          error: CRASH,
        },
      },
    ]);
    expect(JSON.stringify(replies)).not.toMatch(/unreachable|out of bounds|recursive use/);
  });

  it("answers the browser's own stack running out (a RangeError from the glue) as V8 words it", async () => {
    pkg.behave = (script) =>
      script === 'deep' ? new RangeError('Maximum call stack size exceeded') : okResult({ x: 3 });
    expect(await run(request('deep'))).toContainEqual({
      type: 'result',
      id: 1,
      result: {
        outputs: null,
        display: null,
        usedInputs: [],
        hiddenInputs: [],
        hiddenOutputs: [],
        error: 'RangeError: Maximum call stack size exceeded',
      },
    });
    // The instance is made again: the next calculation works.
    expect(await run(request('after'))).toContainEqual({
      type: 'result',
      id: 1,
      result: okResult({ x: 3 }),
    });
  });

  it("runs a calculation that ran out of the browser's stack again with the shallower limit, for the engine's own answer", async () => {
    const withLine = 'RangeError: Maximum call stack size exceeded (line 2)';
    pkg.behave = (script) =>
      script !== 'getter'
        ? okResult({ x: pkg.shallow ? -1 : 3 })
        : pkg.shallow
          ? errorResult(withLine)
          : new RangeError('Maximum call stack size exceeded');
    expect(await run(request('getter'))).toContainEqual({
      type: 'result',
      id: 1,
      result: {
        outputs: null,
        display: null,
        usedInputs: [],
        hiddenInputs: [],
        hiddenOutputs: [],
        error: withLine,
      },
    });
    expect(pkg.setShallowRecursion.mock.calls).toEqual([[true], [false]]);
    expect(pkg.reset).toHaveBeenCalledTimes(1);
    // The limit is back for the next calculation.
    expect(await run(request('after'))).toContainEqual({
      type: 'result',
      id: 1,
      result: okResult({ x: 3 }),
    });
  });

  it('says the memory message when the trap came with a refused allocation', async () => {
    pkg.behave = () => {
      pkg.refused += 1;
      return new WebAssembly.RuntimeError('unreachable');
    };
    expect(await run(request('hoard'))).toContainEqual({
      type: 'result',
      id: 1,
      result: {
        outputs: null,
        display: null,
        usedInputs: [],
        hiddenInputs: [],
        hiddenOutputs: [],
        error: MEMORY,
      },
    });
  });

  it('makes a new instance and engine with the libraries it had, and the next calculation works', async () => {
    pkg.behave = (script) =>
      script === 'trap' ? new WebAssembly.RuntimeError('unreachable') : okResult({ x: 4 });
    await run(request('ok', { lodash: true, mathjs: true }));
    const first = pkg.engines[0];

    await run(request('trap', { lodash: true }));

    expect(pkg.reset).toHaveBeenCalledTimes(1);
    expect(pkg.engines).toHaveLength(2);
    const second = pkg.engines[1];
    expect(second.loaded).toEqual(['lodash', 'mathjs']);
    expect(await run(request('ok', { mathjs: true }))).toContainEqual({
      type: 'result',
      id: 1,
      result: okResult({ x: 4 }),
    });
    // Each library was fetched once; the old engine was never used again.
    expect(fetchLibrary.mock.calls.map(([name]) => name)).toEqual(['lodash', 'mathjs']);
    expect(first.broken).toBe(true);
    expect(pkg.engines).toHaveLength(2);
  });

  it('recovers from a trap while loading a library, and reports a failed fetch as it is', async () => {
    fetchLibrary.mockRejectedValueOnce(new Error('The moment library could not be loaded.'));
    expect(await run(request('ok', { moment: true }))).toEqual([
      { type: 'failed', id: 1, message: 'The moment library could not be loaded.', loading: true },
    ]);
    const engine = pkg.engines[0];
    engine.loadLibrary = () => {
      throw new WebAssembly.RuntimeError('unreachable');
    };
    expect(await run(request('ok', { moment: true }))).toContainEqual({
      type: 'result',
      id: 1,
      result: {
        outputs: null,
        display: null,
        usedInputs: [],
        hiddenInputs: [],
        hiddenOutputs: [],
        error: CRASH,
      },
    });
    expect(await run(request('ok', { moment: true }))).toContainEqual({
      type: 'result',
      id: 1,
      result: okResult({ x: 1 }),
    });
    expect(pkg.reset).toHaveBeenCalledTimes(1);
  });
});

describe('EngineHost.runTests', () => {
  const tests = (script: string, libraries: CalcDoc['libraries'] = {}): TestsRequest => ({
    type: 'runTests',
    id: 7,
    doc: { script, libraries, tests: [{ name: 'a' }, { name: 'b' }] },
    locale: 'en',
  });
  async function runTests(req: TestsRequest): Promise<WorkerReply[]> {
    const replies: WorkerReply[] = [];
    await host.runTests(req, (reply) => replies.push(reply));
    return replies;
  }

  it("answers with the engine's report on the warm engine, with the doc's libraries loaded", async () => {
    await run(request('ok'));
    expect(await runTests(tests('ok', { lodash: true }))).toEqual([
      {
        type: 'tested',
        id: 7,
        report: {
          passed: 2,
          failed: 0,
          tests: [
            { name: 'a {"x":1}', passed: true },
            { name: 'b {"x":1}', passed: true },
          ],
        },
      },
    ]);
    expect(pkg.engines).toHaveLength(1);
    expect(pkg.engines[0].loaded).toEqual(['lodash']);
  });

  it('fails every test with the server message when the engine traps, and recovers', async () => {
    pkg.behave = (script) =>
      script === 'trap' ? new WebAssembly.RuntimeError('unreachable') : okResult({ x: 4 });
    expect(await runTests(tests('trap'))).toEqual([
      {
        type: 'tested',
        id: 7,
        report: {
          passed: 0,
          failed: 2,
          tests: [
            { name: 'a', passed: false, error: CRASH },
            { name: 'b', passed: false, error: CRASH },
          ],
        },
      },
    ]);
    expect(pkg.reset).toHaveBeenCalledTimes(1);
    expect(await run(request('ok'))).toContainEqual({
      type: 'result',
      id: 1,
      result: okResult({ x: 4 }),
    });
  });

  it('reports a doc the engine refuses as testsFailed', async () => {
    pkg.behave = () => new Error('doc is not a calculator: bad');
    expect(await runTests(tests('bad'))).toEqual([
      { type: 'testsFailed', id: 7, message: 'doc is not a calculator: bad' },
    ]);
  });
});

describe('EngineHost with the Intl module', () => {
  it('runs a script that uses Intl in the Intl module, loaded once, with its own engine', async () => {
    expect(await run(request('return { x: Intl.NumberFormat };', { lodash: true }))).toEqual([
      { type: 'started', id: 1 },
      { type: 'result', id: 1, result: okResult({ module: 'intl' }) },
    ]);
    expect(await run(request('ok'))).toContainEqual({
      type: 'result',
      id: 1,
      result: okResult({ x: 1 }),
    });
    await run(request('Intl again', { lodash: true }));
    expect(loadIntl).toHaveBeenCalledTimes(1);
    expect(intlPkg.init).toHaveBeenCalledTimes(1);
    expect(intlPkg.engines).toHaveLength(1);
    expect(intlPkg.engines[0].loaded).toEqual(['lodash']);
    // The library was fetched once for both modules.
    expect(fetchLibrary).toHaveBeenCalledTimes(1);
    // The default module decides, on the script's text.
    expect(pkg.usesIntl).toHaveBeenCalledWith('ok');
    expect(intlPkg.usesIntl).not.toHaveBeenCalled();
  });

  it('never loads the Intl module for scripts without Intl', async () => {
    await run(request('ok'));
    await run(request('ok', { moment: true }));
    expect(loadIntl).not.toHaveBeenCalled();
  });

  it('reports a failed load of the Intl module, and loads it with the next script that needs it', async () => {
    loadIntl.mockRejectedValueOnce(new Error('The Intl module could not be loaded.'));
    expect(await run(request('Intl'))).toEqual([
      { type: 'failed', id: 1, message: 'The Intl module could not be loaded.', loading: true },
    ]);
    expect(await run(request('ok'))).toContainEqual({
      type: 'result',
      id: 1,
      result: okResult({ x: 1 }),
    });
    expect(await run(request('Intl'))).toContainEqual({
      type: 'result',
      id: 1,
      result: okResult({ module: 'intl' }),
    });
    expect(loadIntl).toHaveBeenCalledTimes(2);
  });

  it("loads the Intl module for the page's locale", async () => {
    await run({ ...request('Intl'), locale: 'ru' });
    expect(loadIntl).toHaveBeenCalledWith(expect.any(Function), 'ru');
  });

  it('runs a calculation again once the locale data it lacked is added', async () => {
    const added = new Set(['en']);
    let lacked: string[] = [];
    intlPkg.behave = (script) => {
      if (script.includes('de-DE') && !added.has('de')) lacked.push('de');
      return okResult({ total: added.has('de') ? '1.234,5' : '1,234.5' });
    };
    intlPkg.addMissingIntlData = vi.fn(async () => {
      const any = lacked.length > 0;
      lacked.forEach((language) => added.add(language));
      lacked = [];
      return any;
    });
    expect(await run(request("Intl 'de-DE'"))).toEqual([
      { type: 'started', id: 1 },
      { type: 'result', id: 1, result: okResult({ total: '1.234,5' }) },
    ]);
    expect(intlPkg.addMissingIntlData).toHaveBeenCalledTimes(2);
    // The same engine ran it both times.
    expect(intlPkg.engines).toHaveLength(1);
  });

  it('says the Intl module could not be loaded when the locale data it lacked cannot be fetched', async () => {
    intlPkg.addMissingIntlData = vi.fn(async () => {
      throw new Error('The Intl module could not be loaded.');
    });
    expect(await run(request('Intl'))).toEqual([
      { type: 'started', id: 1 },
      { type: 'failed', id: 1, message: 'The Intl module could not be loaded.', loading: true },
    ]);
  });

  it('makes a new Intl instance after it traps, and leaves the default one alone', async () => {
    intlPkg.behave = (script) =>
      script === 'Intl trap' ? new WebAssembly.RuntimeError('unreachable') : okResult({ y: 1 });
    await run(request('ok'));
    expect(await run(request('Intl trap'))).toContainEqual({
      type: 'result',
      id: 1,
      result: {
        outputs: null,
        display: null,
        usedInputs: [],
        hiddenInputs: [],
        hiddenOutputs: [],
        error: CRASH,
      },
    });
    expect(await run(request('Intl'))).toContainEqual({
      type: 'result',
      id: 1,
      result: okResult({ y: 1 }),
    });
    expect(intlPkg.reset).toHaveBeenCalledTimes(1);
    expect(pkg.reset).not.toHaveBeenCalled();
    expect(pkg.engines).toHaveLength(1);
  });
});

describe('isHostFault', () => {
  it("takes only the engine's plain errors as host faults", () => {
    expect(isHostFault(new Error('unknown library "jquery"'))).toBe(true);
    expect(isHostFault(new WebAssembly.RuntimeError('unreachable'))).toBe(false);
    expect(isHostFault(new TypeError('x is not a function'))).toBe(false);
    expect(isHostFault(new Error(BROKEN))).toBe(false);
    expect(isHostFault('a string')).toBe(false);
  });
});
