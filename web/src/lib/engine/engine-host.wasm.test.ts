// EngineHost over the real engine package (pkg/, built by scripts/build-wasm): a real
// wasm trap is answered with the server's message and the next calculation works, with
// the libraries the engine had.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CalcDoc, EvalResult } from '@calcsmith/engine';
import { intlPackage, pkgDir, wasmPackage } from '../../testing/wasm-package';
import { EngineHost } from './engine-host';
import type { LibraryName, WorkerReply } from './protocol';

const RECURSION = 'RangeError: Maximum call stack size exceeded';
const MEMORY = 'Calculation used more than 256 MB of memory. Is there a loop that never ends?';

const fetched: LibraryName[] = [];
let intlLoads = 0;
const host = new EngineHost(
  wasmPackage,
  async (name) => {
    fetched.push(name);
    return readFileSync(join(pkgDir, 'lib', `${name}.js`), 'utf8');
  },
  async () => {
    intlLoads += 1;
    return intlPackage();
  },
);

async function evaluate(doc: CalcDoc): Promise<EvalResult | string> {
  const replies: WorkerReply[] = [];
  await host.evaluate({ type: 'evaluate', id: 1, doc, values: {}, locale: 'en' }, (reply) =>
    replies.push(reply),
  );
  const last = replies.at(-1);
  return last?.type === 'result' ? last.result : JSON.stringify(last);
}

const outputs = [{ id: 1, name: 'x', type: 'value' as const }];
const withLodash: CalcDoc = {
  script: 'return { x: _.sum([1, 2, 3]) };',
  libraries: { lodash: true },
  metaOutputs: outputs,
};
// A string of 1.2 GB, built in one call: the allocation fails at the engine's hard
// limit (1 GiB) and the wasm instance aborts (natively the worker process would end).
const hoard: CalcDoc = {
  script: "var s = ''.padEnd(600 * 1024 * 1024, 'ab'); return { x: s.length };",
  metaOutputs: outputs,
};

describe('EngineHost with the real engine', () => {
  it('answers a real out-of-memory trap with the memory message and then works again', async () => {
    expect(await evaluate(withLodash)).toMatchObject({ outputs: { x: 6 }, error: null });

    expect(await evaluate(hoard)).toEqual({
      outputs: null,
      display: null,
      usedInputs: [],
      hiddenInputs: [],
      hiddenOutputs: [],
      error: MEMORY,
    });

    expect(await evaluate(withLodash)).toMatchObject({ outputs: { x: 6 }, error: null });
    expect(await evaluate({ script: 'return { x: 2 + 2 };', metaOutputs: outputs })).toMatchObject({
      outputs: { x: 4 },
    });
    // lodash was loaded into the new engine from the source the worker kept.
    expect(fetched).toEqual(['lodash']);
  }, 60_000);

  it.each([
    // boa recurses in Rust for each level of these, without a script frame to count:
    // the browser's stack runs out, and V8 throws its RangeError out of the module.
    ['JSON.stringify nesting new objects', 'JSON.stringify({}, function () { return { v: 1 }; })'],
    [
      'flat(Infinity) of a cyclic array',
      '(function () { var a = [1]; a.push(a); return a.flat(Infinity).length; })()',
    ],
  ])(
    "answers a stack overflow (%s) with V8's RangeError and then works again",
    async (_, expression) => {
      expect(
        await evaluate({ script: `return { x: ${expression} };`, metaOutputs: outputs }),
      ).toEqual({
        outputs: null,
        display: null,
        usedInputs: [],
        hiddenInputs: [],
        hiddenOutputs: [],
        error: RECURSION,
      });
      expect(await evaluate(withLodash)).toMatchObject({ outputs: { x: 6 }, error: null });
    },
    60_000,
  );

  it.each([
    // Each level nests boa's interpreter in Rust: the browser's stack runs out first, and
    // the calculation is run again with the engine's shallower limit.
    [
      'a getter that reads itself',
      'const order = {\n  get total() { return this.total * 1.08; },\n};\nreturn { x: order.total };',
      2,
    ],
    [
      "a function recursing through map's callback",
      'function depth(n) {\n  return [n].map((m) => depth(m + 1))[0];\n}\nreturn { x: depth(0) };',
      2,
    ],
  ])(
    'answers %s with the RangeError and line the server gives, and then works again',
    async (_, script, line) => {
      expect(await evaluate({ script, metaOutputs: outputs })).toEqual({
        outputs: null,
        display: null,
        usedInputs: [],
        hiddenInputs: [],
        hiddenOutputs: [],
        error: `${RECURSION} (line ${line})`,
      });
      expect(await evaluate(withLodash)).toMatchObject({ outputs: { x: 6 }, error: null });
      // The limit is back: recursion as deep as V8 allows still answers.
      const deep = 'function f(n) { return n === 0 ? 0 : 1 + f(n - 1); }\nreturn { x: f(9000) };';
      expect(await evaluate({ script: deep, metaOutputs: outputs })).toMatchObject({
        outputs: { x: 9000 },
        error: null,
      });
    },
    60_000,
  );
});

describe('EngineHost with the real Intl module', () => {
  const price = (expression: string): CalcDoc => ({
    script: `return { x: ${expression} };`,
    metaOutputs: outputs,
  });

  it("gives a script that uses Intl the browser's answer, and loads the module once", async () => {
    expect(await evaluate(price('(1234.5).toFixed(1)'))).toMatchObject({
      outputs: { x: '1234.5' },
    });
    expect(intlLoads).toBe(0);
    const currency = "(11600).toLocaleString('en-US', { style: 'currency', currency: 'USD' })";
    expect(await evaluate(price(currency))).toMatchObject({ outputs: { x: '$11,600.00' } });
    expect(
      await evaluate(price("['Émile', 'Zoë', 'Ana'].sort((a, b) => a.localeCompare(b)).join()")),
    ).toMatchObject({ outputs: { x: 'Ana,Émile,Zoë' } });
    expect(await evaluate(price('typeof Intl'))).toMatchObject({ outputs: { x: 'object' } });
    expect(intlLoads).toBe(1);
  }, 60_000);

  it('fetches the locale data of a language the script asks for and answers in it, as V8 does', async () => {
    const german = "(1234567.891).toLocaleString('de-DE', { style: 'currency', currency: 'EUR' })";
    expect(await evaluate(price(german))).toMatchObject({ outputs: { x: '1.234.567,89\u00a0€' } });
    const date =
      "new Date(Date.UTC(2026, 10, 29)).toLocaleDateString('fr-FR', { dateStyle: 'full', timeZone: 'UTC' })";
    expect(await evaluate(price(date))).toMatchObject({
      outputs: { x: 'dimanche 29 novembre 2026' },
    });
    expect(intlLoads).toBe(1);
  }, 60_000);
});
