import { describe, expect, it } from 'vitest';
import type { CalcDoc, InputDef } from '../../lib/types';
import { checkHashValues, checkValue } from './value-check';

const slider: InputDef = {
  id: 1,
  name: 'loan',
  type: 'number',
  presentationType: 'slider',
  sliderMin: 100,
  sliderMax: 2000,
};
const field: InputDef = { id: 2, name: 'rate', type: 'number' };
const choice: InputDef = {
  id: 3,
  name: 'plan',
  type: 'choice',
  choices: [
    { id: 1, label: 'A', value: 'a' },
    { id: 2, label: 'B', value: 2 },
  ],
};
const list: InputDef = {
  id: 4,
  name: 'items',
  type: 'list',
  metaInputs: [{ id: 1, name: 'n', type: 'number', presentationType: 'slider' }],
  itemPrototype: {},
};
const doc: CalcDoc = {
  name: 'x',
  script: '',
  metaInputs: [
    slider,
    field,
    choice,
    list,
    { id: 5, name: 'on', type: 'binary' },
    { id: 6, name: 'when', type: 'date' },
    { id: 7, name: 'who', type: 'string' },
  ],
};

describe('checkValue', () => {
  it("clamps a slider's value to its range", () => {
    expect(checkValue(slider, 5000)).toEqual({ ok: true, value: 2000 });
    expect(checkValue(slider, -3)).toEqual({ ok: true, value: 100 });
    expect(checkValue(slider, '150')).toEqual({ ok: true, value: 150 });
    // The spec's default bounds, 0 to 100, without the author's.
    expect(checkValue({ ...slider, sliderMin: undefined, sliderMax: undefined }, 500)).toEqual({
      ok: true,
      value: 100,
    });
  });

  it("puts a slider's value on its step, within its range", () => {
    const stepped = { ...slider, sliderStep: 250 };
    expect(checkValue(stepped, 1120)).toEqual({ ok: true, value: 1100 });
    expect(checkValue(stepped, 1990)).toEqual({ ok: true, value: 1850 });
    expect(checkValue(stepped, 5000)).toEqual({ ok: true, value: 1850 });
  });

  it('puts a value on a fractional step without float noise', () => {
    // 0.1 * 3 is 0.30000000000000004 in floating point; the thumb and label show 0.3.
    const fine = { ...slider, sliderMin: 0, sliderMax: 1, sliderStep: 0.1 };
    expect(checkValue(fine, 0.3)).toEqual({ ok: true, value: 0.3 });
    expect(checkValue(fine, 0.72)).toEqual({ ok: true, value: 0.7 });
    const offset = { ...slider, sliderMin: 0.05, sliderMax: 1, sliderStep: 0.1 };
    expect(checkValue(offset, 0.27)).toEqual({ ok: true, value: 0.25 });
    const tiny = { ...slider, sliderMin: 0, sliderMax: 1e-6, sliderStep: 1e-7 };
    expect(checkValue(tiny, 3e-7)).toEqual({ ok: true, value: 3e-7 });
  });

  it("keeps a field's number out of its min and max, for the input's rules to flag", () => {
    // Not clamped nor dropped: the visitor sees the link's value and why it is not used.
    const bounded = { ...field, min: 10, max: 2000, step: 5 };
    expect(checkValue(bounded, 5000)).toEqual({ ok: true, value: 5000 });
    expect(checkValue(bounded, 7)).toEqual({ ok: true, value: 7 });
  });

  it('refuses numbers a field cannot hold', () => {
    expect(checkValue(field, JSON.parse('1e400'))).toEqual({ ok: false }); // Infinity
    expect(checkValue(field, 'abc')).toEqual({ ok: false });
    expect(checkValue(field, true)).toEqual({ ok: false });
    expect(checkValue(field, '')).toEqual({ ok: false });
    expect(checkValue(field, 12.5)).toEqual({ ok: true, value: 12.5 });
    expect(checkValue(field, null)).toEqual({ ok: true, value: null });
  });

  it("takes only a choice's own value", () => {
    expect(checkValue(choice, 2)).toEqual({ ok: true, value: 2 });
    expect(checkValue(choice, '2')).toEqual({ ok: false });
    expect(checkValue(choice, 'z')).toEqual({ ok: false });
  });

  it('checks dates, booleans and strings by shape', () => {
    const date = doc.metaInputs![5];
    expect(checkValue(date, { type: 'relative', params: { delta: 3, units: 'days' } }).ok).toBe(
      true,
    );
    expect(
      checkValue(date, { type: 'absolute', params: { day: 1, month: 0, year: 2024 } }).ok,
    ).toBe(true);
    expect(
      checkValue(date, { type: 'absolute', params: { day: 40, month: 0, year: 2024 } }).ok,
    ).toBe(false);
    expect(checkValue(date, { type: 'relative', params: { delta: 1, units: 'weeks' } }).ok).toBe(
      false,
    );
    expect(checkValue(doc.metaInputs![4], 'yes').ok).toBe(false);
    expect(checkValue(doc.metaInputs![6], { x: 1 }).ok).toBe(false);
  });

  it("clamps sliders inside list items and refuses items that aren't objects", () => {
    expect(checkValue(list, [{ '1': 500 }, {}])).toEqual({ ok: true, value: [{ '1': 100 }, {}] });
    expect(checkValue(list, [5])).toEqual({ ok: false });
    expect(checkValue(list, { '1': 5 })).toEqual({ ok: false });
  });
});

describe('checkHashValues', () => {
  it('keeps good values, clamps sliders, lists the refused ones and ignores unknown ids', () => {
    const checked = checkHashValues(doc, { '1': 5000, '2': 'lots', '3': 'a', '99': 1, x: 2 });
    expect(checked.values).toEqual({ '1': 2000, '3': 'a' });
    expect(checked.refused).toEqual({ '2': 'lots' });
  });

  it('shortens a long refused value', () => {
    const checked = checkHashValues(doc, { '2': 'x'.repeat(100) });
    expect(checked.refused['2']).toHaveLength(40);
  });
});
