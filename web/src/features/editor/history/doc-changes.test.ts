// The change list of the History panel: what differs between a version and the editor's
// doc in inputs, outputs, tests and settings, in words.
import { describe, expect, it } from 'vitest';
import { newDoc } from '../../../lib/doc';
import type { CalcDoc, DocStyle, OutputDef } from '../../../lib/types';
import { describeChange, docChanges, shownValue } from './doc-changes';
import { changeWords } from './versions';

const doc = (fields: Partial<CalcDoc> = {}): CalcDoc => ({ ...newDoc(), ...fields });
/** A table output named Schedule with one column. */
const schedule = (column: OutputDef): OutputDef => ({
  id: 1,
  name: 'Schedule',
  type: 'table',
  metaOutputs: [column],
});

/** The changes from `before` to `after`, in English (Russian with `locale`). */
function changes(
  before: CalcDoc,
  after: CalcDoc,
  styles: [DocStyle, DocStyle] = [{}, {}],
  locale: 'en' | 'ru' = 'en',
) {
  const words = changeWords(locale);
  return docChanges(
    { doc: before, doc_style: styles[0] },
    { doc: after, doc_style: styles[1] },
  ).map((change) => describeChange(change, words));
}

const rate = { id: 1, name: 'Rate', type: 'number' as const, step: 0.1 };
const total = { id: 1, name: 'Total', type: 'value' as const, decimalPlaces: 2 };

describe('docChanges', () => {
  it('finds nothing between equal docs, whatever their key order', () => {
    const a = doc({
      metaInputs: [rate],
      libraries: { lodash: false, moment: false, mathjs: false },
    });
    const b = { ...a, libraries: { mathjs: false, moment: false, lodash: false } };
    expect(changes(a, b)).toEqual([]);
  });

  it('ignores the script (the merge view shows it)', () => {
    expect(changes(doc({ script: 'return {};' }), doc({ script: 'return { a: 1 };' }))).toEqual([]);
  });

  it('names an input field that changed, with both values', () => {
    expect(
      changes(doc({ metaInputs: [rate] }), doc({ metaInputs: [{ ...rate, step: 0.05 }] })),
    ).toEqual(['Input “Rate”: step 0.1 → 0.05']);
  });

  it('says which outputs were added and removed, and a rename by the same id', () => {
    const before = doc({
      metaOutputs: [total, { id: 2, name: 'Fee', type: 'value' }],
    });
    const after = doc({
      metaOutputs: [
        { ...total, name: 'Sum' },
        { id: 3, name: 'Tax', type: 'value' },
      ],
    });
    expect(changes(before, after)).toEqual([
      'Output “Fee” removed',
      'Output “Tax” added',
      'Output “Total” renamed to “Sum”',
    ]);
  });

  it('compares a table’s columns and a list’s sub-inputs under their parent', () => {
    const table = (decimals: number) =>
      schedule({ id: 1, name: 'Interest', type: 'value', decimalPlaces: decimals });
    const list = (subs: { id: number; name: string; type: 'number' }[]) => ({
      id: 1,
      name: 'Items',
      type: 'list' as const,
      metaInputs: subs,
    });
    expect(
      changes(
        doc({
          metaOutputs: [table(2)],
          metaInputs: [list([{ id: 1, name: 'Qty', type: 'number' }])],
        }),
        doc({ metaOutputs: [table(3)], metaInputs: [list([])] }),
      ),
    ).toEqual([
      'Input “Items” › sub-input “Qty” removed',
      'Output “Schedule” › column “Interest”: decimal places 2 → 3',
    ]);
  });

  it('names a column’s rounding step', () => {
    const table = (step: number) =>
      schedule({ id: 1, name: 'Cash', type: 'value', roundingStep: step });
    expect(
      changes(doc({ metaOutputs: [table(0.05)] }), doc({ metaOutputs: [table(0.25)] })),
    ).toEqual(['Output “Schedule” › column “Cash”: round to a multiple of 0.05 → 0.25']);
  });

  it('shows an input’s default, a reorder and fields this version does not know', () => {
    const a = { id: 2, name: 'A', type: 'number' as const };
    const before = doc({ metaInputs: [rate, a], defaults: { '1': 5 } });
    const after = doc({
      metaInputs: [a, { ...rate, sliderMax: 20 }],
      defaults: { '1': 6 },
    });
    expect(changes(before, after)).toEqual([
      'Inputs reordered',
      'Input “Rate”: slider maximum none → 20',
      'Input “Rate”: default 5 → 6',
    ]);
  });

  it('lists settings, libraries, style, the hold option and unknown doc fields', () => {
    const before = doc({
      name: 'Loan',
      libraries: { lodash: false, moment: false, mathjs: false },
    });
    const after = doc({
      name: 'Loan calculator',
      libraries: { lodash: false, moment: false, mathjs: true },
      holdWhileTestsFail: true,
      futureField: { a: 1 },
    });
    expect(changes(before, after, [{}, { bgcolor: '#ffeedd', theme: 'dark' }])).toEqual([
      'Name: “Loan” → “Loan calculator”',
      'Don’t publish while tests fail: off → on',
      'Library Math.js: off → on',
      'futureField: none → {"a":1}',
      'Background colour: none → “#ffeedd”',
      'Published theme: none → “dark”',
    ]);
  });

  it('matches tests by name: added, removed, expectation changed', () => {
    const typical = { name: 'Typical', values: { '1': 5 }, expected: { Total: 10 } };
    const zero = { name: 'Zero', values: { '1': 0 }, expected: { Total: 0 } };
    const before = doc({ tests: [typical, zero] });
    const after = doc({
      tests: [
        { ...typical, expected: { Total: 11 }, tolerance: 0.01 },
        { name: 'Big', values: {} },
      ],
    });
    expect(changes(before, after)).toEqual([
      'Test “Zero” removed',
      'Test “Big” added',
      'Test “Typical”: expected outputs {"Total":10} → {"Total":11}',
      'Test “Typical”: tolerance none → 0.01',
    ]);
  });

  it('speaks Russian', () => {
    expect(
      changes(
        doc({ metaInputs: [rate] }),
        doc({ metaInputs: [{ ...rate, step: 0.05 }] }),
        [{}, {}],
        'ru',
      ),
    ).toEqual(['Поле «Rate»: шаг 0.1 → 0.05']);
    expect(changes(doc(), doc({ metaOutputs: [total] }), [{}, {}], 'ru')).toEqual([
      'Результат «Total»: добавлено',
    ]);
  });
});

describe('shownValue', () => {
  const words = { on: 'on', off: 'off', none: 'none', quote: (text: string) => `“${text}”` };
  it('shows numbers plain, text quoted, empty as none, long JSON cut short', () => {
    expect(shownValue(0, words)).toBe('0');
    expect(shownValue('kg', words)).toBe('“kg”');
    expect(shownValue('', words)).toBe('none');
    expect(shownValue(undefined, words)).toBe('none');
    const long = shownValue({ text: 'x'.repeat(200) }, words);
    expect(long).toHaveLength(80);
    expect(long.endsWith('…')).toBe(true);
  });
});
