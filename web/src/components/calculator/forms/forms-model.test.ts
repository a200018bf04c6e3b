import { describe, expect, it } from 'vitest';
import type { CalcDoc, EvalResult, InputDef } from '../../../lib/types';
import { presetsOf, withPreset, defaultsOf } from './presets';
import { ruleState } from './rule-state';
import { groupBySection, sectionsOf } from './sections';
import { currentStep, outputsOnEveryStep, shownSteps, stepInputs, stepsOf } from './steps';

const inputs: InputDef[] = [
  { id: 1, name: 'age', type: 'number' },
  { id: 2, name: 'coBorrower', type: 'binary' },
  { id: 3, name: 'coIncome', type: 'number' },
  { id: 4, name: 'note', type: 'string' },
];

const doc: CalcDoc = {
  metaInputs: inputs,
  defaults: { '1': 30 },
  steps: [
    { id: 'you', title: 'About you', inputs: [1] },
    { id: 'co', title: 'Co-borrower', inputs: [3, 2] },
    { id: 'end', title: 'Done', description: '*Thanks*', inputs: [] },
  ],
};

describe('steps', () => {
  it('reads the doc’s steps, one without an id known by its place, and skips malformed ones', () => {
    const malformed = { steps: [{ id: 'a', title: 'A', inputs: [1, '2'] }, { title: 'x' }, 7] };
    expect(stepsOf(malformed as unknown as CalcDoc)).toEqual([
      { id: 'a', title: 'A', description: '', inputs: ['1', '2'] },
      { id: '#2', title: 'x', description: '', inputs: [] },
    ]);
    expect(stepsOf({})).toEqual([]);
  });

  it('holds inputs in the doc’s order, those in no step on the first', () => {
    const members = stepInputs(stepsOf(doc), inputs);
    expect(members.get('you')?.map((input) => input.name)).toEqual(['age', 'note']);
    expect(members.get('co')?.map((input) => input.name)).toEqual(['coBorrower', 'coIncome']);
    expect(members.get('end')).toEqual([]);
  });

  it('skips a step whose inputs are all hidden, and moves past it', () => {
    const steps = stepsOf(doc);
    const members = stepInputs(steps, inputs);
    const hidden = new Set(['coBorrower', 'coIncome']);
    const shown = shownSteps(steps, members, (input) => !hidden.has(input.name));
    expect(shown.map((step) => step.id)).toEqual(['you', 'end']);
    expect(currentStep(steps, shown, 'co')?.id).toBe('end');
    expect(currentStep(steps, shown, 'nope')?.id).toBe('you');
    expect(currentStep(steps, shown, null)?.id).toBe('you');
    expect(currentStep(steps, shown, 'end')?.id).toBe('end');
    expect(currentStep(steps, [], 'end')).toBeNull();
  });

  it('shows the outputs on the last step unless the author asks for every step', () => {
    expect(outputsOnEveryStep(doc)).toBe(false);
    expect(outputsOnEveryStep({ ...doc, stepOutputs: 'every' })).toBe(true);
  });
});

describe('sections', () => {
  const sections = sectionsOf({
    sections: [
      { id: 's1', title: 'Co-borrower', columns: 2, collapsed: true },
      { id: 's2', title: 'Other' },
      { title: 'no id' },
    ],
  } as unknown as CalcDoc);

  it('reads the doc’s sections with their defaults', () => {
    expect(sections).toEqual([
      { id: 's1', title: 'Co-borrower', description: '', columns: 2, collapsed: true },
      { id: 's2', title: 'Other', description: '', columns: 1, collapsed: false },
    ]);
  });

  it('groups members where the first one stands, the rest in runs between', () => {
    const items = [
      { id: 1, section: 's1' },
      { id: 2 },
      { id: 3, section: 's1' },
      { id: 4, section: 'unknown' },
      { id: 5, section: 's2' },
    ];
    expect(
      groupBySection(items, sections).map((block) => [
        block.section?.id ?? null,
        block.items.map((item) => item.id),
      ]),
    ).toEqual([
      ['s1', [1, 3]],
      [null, [2, 4]],
      ['s2', [5]],
    ]);
  });
});

describe('presets', () => {
  const withPresets = {
    ...doc,
    presets: [
      { name: 'Couple', values: { '1': 40, '2': true, '3': 'lots', '99': 1 } },
      { name: '', values: {} },
      { name: 'Broken' },
    ],
  } as CalcDoc;

  it('reads the named presets with values', () => {
    expect(presetsOf(withPresets).map((preset) => preset.name)).toEqual(['Couple']);
  });

  it('fills the values inputs can take and ignores the others', () => {
    const [couple] = presetsOf(withPresets);
    expect(withPreset(withPresets, couple, { '1': 30, '3': 5000, '4': 'x' })).toEqual({
      '1': 40,
      '2': true,
      '3': 5000,
      '4': 'x',
    });
  });

  it('resets to the doc’s defaults', () => {
    expect(defaultsOf(withPresets)).toEqual({ '1': 30, '2': false, '3': null, '4': null });
  });
});

describe('ruleState', () => {
  it('reads what the rules hid and the messages', () => {
    const result = {
      outputs: null,
      display: null,
      usedInputs: [],
      error: null,
      hiddenInputs: ['coIncome'],
      hiddenOutputs: ['share'],
      hiddenSections: ['s1'],
      invalid: { age: 'must be 18 or over' },
    } as EvalResult;
    const state = ruleState(result);
    expect([...state.hiddenInputs]).toEqual(['coIncome']);
    expect([...state.hiddenOutputs]).toEqual(['share']);
    expect([...state.hiddenSections]).toEqual(['s1']);
    expect(state.invalid).toEqual({ age: 'must be 18 or over' });
  });

  it('finds nothing in a result from an engine without rules, or no result', () => {
    const state = ruleState({
      outputs: {},
      display: {},
      usedInputs: [],
      error: null,
    } as unknown as EvalResult);
    expect(state.hiddenInputs.size + state.hiddenOutputs.size + state.hiddenSections.size).toBe(0);
    expect(state.invalid).toEqual({});
    expect(ruleState(null).invalid).toEqual({});
  });
});
