import { describe, expect, it } from 'vitest';
import type { CalcDoc, InputDef } from '../../lib/types';
import { hasInputProblems, inputProblem, inputProblems } from './input-rules';

const number = (rules: Partial<InputDef> = {}): InputDef => ({
  id: 1,
  name: 'weight',
  type: 'number',
  ...rules,
});

describe('inputProblem', () => {
  it('flags an empty required input of every kind but a checkbox', () => {
    const empty: [InputDef['type'], unknown][] = [
      ['number', null],
      ['string', ''],
      ['string', null],
      ['choice', null],
      ['date', { type: 'absolute', params: {} }],
      ['list', []],
    ];
    for (const [type, value] of empty) {
      expect(inputProblem({ id: 1, name: 'a', type, required: true }, value), type).toEqual({
        kind: 'required',
      });
      expect(inputProblem({ id: 1, name: 'a', type }, value), type).toBeNull();
    }
    expect(inputProblem({ id: 1, name: 'a', type: 'binary', required: true }, false)).toBeNull();
    const relative = { type: 'relative', params: { delta: 0, units: 'days' } };
    expect(inputProblem({ id: 1, name: 'a', type: 'date', required: true }, relative)).toBeNull();
    expect(inputProblem(number({ required: true }), 0)).toBeNull();
  });

  it('flags a number below the minimum or above the maximum', () => {
    const rules = number({ min: 10, max: 2000 });
    expect(inputProblem(rules, 5)).toEqual({ kind: 'min', min: 10 });
    expect(inputProblem(rules, 5000)).toEqual({ kind: 'max', max: 2000 });
    expect(inputProblem(rules, 10)).toBeNull();
    expect(inputProblem(rules, 2000)).toBeNull();
    expect(inputProblem(rules, null)).toBeNull();
  });

  it('flags a number off the step counted from the minimum, naming the nearest values', () => {
    expect(inputProblem(number({ step: 0.5 }), 1.25)).toEqual({
      kind: 'step',
      step: 0.5,
      lower: 1,
      upper: 1.5,
    });
    expect(inputProblem(number({ min: 1, step: 5 }), 7)).toMatchObject({ lower: 6, upper: 11 });
    expect(inputProblem(number({ min: 1, step: 5 }), 11)).toBeNull();
    // 0.3 is 2.9999999999999996 steps of 0.1 in binary: still on the step.
    expect(inputProblem(number({ step: 0.1 }), 0.3)).toBeNull();
    expect(inputProblem(number({ step: 0.1 }), 0.35)).toMatchObject({ lower: 0.3, upper: 0.4 });
  });

  it('leaves sliders to clamping and ignores nonsense rules', () => {
    const slider = number({ presentationType: 'slider', min: 10, max: 20, step: 3 });
    expect(inputProblem(slider, 5000)).toBeNull();
    expect(
      inputProblem(number({ min: 'ten', max: null, step: -1 } as unknown as Partial<InputDef>), -5),
    ).toBeNull();
  });
});

describe('inputProblems', () => {
  const doc: CalcDoc = {
    metaInputs: [
      number({ id: 1, required: true, max: 100 }),
      { id: 2, name: 'name', type: 'string', required: true },
      {
        id: 3,
        name: 'items',
        type: 'list',
        metaInputs: [number({ id: 1, name: 'qty', min: 1 })],
      },
    ],
    defaults: { '2': 'Ann' },
  };

  it('checks the given values, else the defaults, and reports which list item breaks a rule', () => {
    expect(inputProblems(doc, { '1': 50, '3': [{ '1': 2 }] })).toEqual({});
    expect(inputProblems(doc, { '1': null, '2': null, '3': [{ '1': 2 }, { '1': 0 }] })).toEqual({
      '1': { kind: 'required' },
      '2': { kind: 'required' },
      '3': { kind: 'min', min: 1, item: 2 },
    });
    expect(hasInputProblems(doc, { '1': 500 })).toBe(true);
    expect(hasInputProblems(null, {})).toBe(false);
  });
});
