// The real engine (pkg/, built by scripts/build-wasm) says each of its fixed messages
// exactly as the translator knows it, so a message reworded in engine/src cannot silently
// stay English in the Russian interface.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CalcDoc } from '@calcsmith/engine';
import init, { Engine } from '../../../../pkg/calcsmith_engine.js';
import { FIXED_MESSAGES } from '../../testing/engine-messages';
import { localizeEngineMessage, localizeRowCount } from './engine-messages';
import { CRASH_MESSAGE, MEMORY_MESSAGE, TIMEOUT_MESSAGE } from './protocol';

// Vitest runs in web/; the package is the repository's pkg/.
const pkgDir = join(process.cwd(), '..', 'pkg');

beforeAll(async () => {
  await init({ module_or_path: readFileSync(join(pkgDir, 'calcsmith_engine_bg.wasm')) });
});

const value = (name: string) => ({ id: 1, name, type: 'value' as const });

/** The error of evaluating `doc` on a fresh engine (no libraries loaded). */
function errorOf(doc: CalcDoc): string | null | undefined {
  return new Engine({ locale: 'en' }).evaluate(doc, {}).error;
}

/** What the engine says in each case, keyed by the English message of FIXED_MESSAGES. */
const SAID_BY_THE_ENGINE: [english: string, say: () => string | null | undefined][] = [
  [TIMEOUT_MESSAGE, () => errorOf({ script: 'while (true) {}' })],
  [
    MEMORY_MESSAGE,
    () =>
      errorOf({
        script: 'var kept = [];\nwhile (true) kept.push(new ArrayBuffer(64 * 1024 * 1024));',
      }),
  ],
  [
    'Multiple inputs have name "rate".',
    () =>
      errorOf({
        script: 'return {};',
        metaInputs: [
          { id: 1, name: 'rate', type: 'number' },
          { id: 2, name: 'rate', type: 'number' },
        ],
      }),
  ],
  [
    'Multiple outputs have name "total".',
    () => errorOf({ script: 'return {};', metaOutputs: [value('total'), value('total')] }),
  ],
  ['Outputs and table rows must be objects.', () => errorOf({ script: 'return 5;' })],
  [
    'The outputs object or a table row object has unrecognized key "totl".',
    () => errorOf({ script: 'return { totl: 1 };', metaOutputs: [value('total')] }),
  ],
  [
    'Invalid value for "x". Values must be numbers, strings, booleans, nulls, or undefined.',
    () => errorOf({ script: 'return { x: {} };', metaOutputs: [value('x')] }),
  ],
  [
    'Output "schedule" must be an array, null, or undefined.',
    () =>
      errorOf({
        script: 'return { schedule: 5 };',
        metaOutputs: [{ id: 1, name: 'schedule', type: 'table', metaOutputs: [value('month')] }],
      }),
  ],
  [
    'The mathjs library is not loaded.',
    () => errorOf({ script: 'return {};', libraries: { mathjs: true } }),
  ],
  [
    'Not run: a calculator runs at most 100 tests.',
    () => {
      const tests = Array.from({ length: 101 }, (_, n) => ({ name: `t${n}`, expected: {} }));
      const report = new Engine({ locale: 'en' }).runTests({ script: 'return {};', tests });
      return report.tests[100]?.error;
    },
  ],
];

/**
 * Said by the hosts rather than by the browser's engine: the page's own message for a
 * wasm instance that failed (protocol.ts), and the server's worker's for tests after one
 * that stopped the calculation (engine/src/faces/worker/).
 */
const SAID_BY_A_HOST = [CRASH_MESSAGE, 'Not run: an earlier test stopped the calculation.'];

describe('the engine’s fixed messages', () => {
  it.each(SAID_BY_THE_ENGINE)(
    'the engine says "%s" and the Russian interface translates it',
    (english, say) => {
      const said = say();
      expect(said).toBe(english);
      const row = FIXED_MESSAGES.find(([message]) => message === said);
      expect(row, 'a fixed message the translator test knows').toBeDefined();
      expect(localizeEngineMessage(english, 'ru')).toBe(row?.[1]);
    },
    30_000,
  );

  it('covers every fixed message the translator knows', () => {
    const covered = [...SAID_BY_THE_ENGINE.map(([english]) => english), ...SAID_BY_A_HOST];
    expect(covered.toSorted()).toEqual(FIXED_MESSAGES.map(([english]) => english).toSorted());
  });

  it('keeps a JS error in English with the line marker in Russian', () => {
    const said = errorOf({ script: 'var a = 1;\nvar b = null.x;\nreturn {};' });
    expect(said).toBe("TypeError: Cannot read properties of null (reading 'x') (line 2)");
    expect(localizeEngineMessage(String(said), 'ru')).toBe(
      "TypeError: Cannot read properties of null (reading 'x') (строка 2)",
    );
  });

  it("gives a test's row counts and shortened values in Russian", () => {
    const report = new Engine({ locale: 'en' }).runTests({
      script: "return { t: [{ c: 1 }, { c: 2 }], s: 'x'.repeat(300) };",
      metaOutputs: [{ id: 1, name: 't', type: 'table', metaOutputs: [value('c')] }, value('s')],
      tests: [{ name: 'one', expected: { t: [{ c: 1 }], s: 'y' } }],
    });
    const [rows, long] = report.tests[0]?.differences ?? [];
    expect([rows?.expected, rows?.actual]).toEqual(['1 row', '2 rows']);
    expect(localizeRowCount(String(rows?.expected), 'ru')).toBe('1 строка');
    expect(localizeRowCount(String(rows?.actual), 'ru')).toBe('2 строки');
    expect(long?.actual).toBe(`"${'x'.repeat(199)}… (302 characters)`);
    expect(localizeEngineMessage(String(long?.actual), 'ru')).toBe(
      `"${'x'.repeat(199)}… (302 символа)`,
    );
  });
});
