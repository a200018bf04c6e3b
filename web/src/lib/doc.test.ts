/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import * as engine from '@calcsmith/engine';
import {
  DEFAULT_SCRIPT,
  INPUT_TYPES,
  defaultValue,
  engineToday,
  hasDateInput,
  initialValues,
  isIdentifier,
  nameAt,
  newDoc,
  newInput,
  newOutput,
  nextId,
  nextName,
} from './doc';
import type { InputDef, OutputDef } from './types';

const number = (id: number, name: string): InputDef => ({ id, name, type: 'number' });
const value = (id: number, name: string): OutputDef => ({ id, name, type: 'value' });

describe('names and ids', () => {
  it('runs a..z, then aa, ab, … az, ba, … zz, aaa', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(nameAt)).toEqual([
      'a',
      'b',
      'z',
      'aa',
      'ab',
      'az',
      'ba',
      'zz',
      'aaa',
    ]);
  });

  it('takes the first unused name', () => {
    expect(nextName([])).toBe('a');
    expect(nextName([{ name: 'a' }, { name: 'c' }])).toBe('b');
    expect(nextName(Array.from({ length: 26 }, (_, i) => ({ name: nameAt(i) })))).toBe('aa');
    expect(nextName([{ name: 'b' }, { name: 'price' }])).toBe('a');
  });

  it('gives the highest id plus 1', () => {
    expect(nextId([])).toBe(1);
    expect(nextId([{ id: 1 }, { id: 7 }, { id: 3 }])).toBe(8);
  });
});

describe('newInput', () => {
  it('uses the next id and the first unused name', () => {
    const input = newInput([number(1, 'a'), number(7, 'c')], 'string');
    expect(input).toMatchObject({ id: 8, name: 'b', type: 'string' });
  });

  it('shows a checkbox for binary and radio buttons for choice', () => {
    expect(newInput([], 'binary').presentationType).toBe('checkbox');
    expect(newInput([], 'choice')).toMatchObject({ presentationType: 'radio', choices: [] });
    expect(newInput([], 'number').presentationType).toBeUndefined();
  });

  it('gives a list its own sub-inputs and item prototype', () => {
    expect(newInput([], 'list')).toMatchObject({ metaInputs: [], itemPrototype: {} });
    expect(newInput([], 'number').metaInputs).toBeUndefined();
  });

  it('refuses a list inside a list', () => {
    expect(() => newInput([], 'list', true)).toThrow('Lists cannot be nested within lists.');
    expect(newInput([], 'number', true)).toMatchObject({ id: 1, name: 'a' });
  });
});

describe('newOutput', () => {
  it('numbers and names outputs like inputs; a table has columns', () => {
    expect(newOutput([value(2, 'a')], 'value')).toMatchObject({ id: 3, name: 'b', type: 'value' });
    expect(newOutput([], 'table')).toMatchObject({ id: 1, name: 'a', metaOutputs: [] });
    expect(newOutput([], 'value').metaOutputs).toBeUndefined();
  });
});

describe('defaultValue and initialValues', () => {
  it('follows the table of spec §3', () => {
    expect(defaultValue('number')).toBeNull();
    expect(defaultValue('string')).toBeNull();
    expect(defaultValue('binary')).toBe(false);
    expect(defaultValue('date')).toEqual({ type: 'relative', params: { delta: 0, units: 'days' } });
    expect(defaultValue('choice')).toBeNull();
    expect(defaultValue('list')).toEqual([]);
  });

  it("starts from the doc's defaults, else each type's default", () => {
    const doc = {
      ...newDoc(),
      metaInputs: [number(1, 'a'), { id: 2, name: 'b', type: 'binary' as const }, number(3, 'c')],
      defaults: { '1': 42, '3': null },
    };
    expect(initialValues(doc)).toEqual({ '1': 42, '2': false, '3': null });
  });
});

describe('newDoc', () => {
  it('has the default script and settings', () => {
    expect(DEFAULT_SCRIPT).toBe("'use strict';\n\nreturn {};\n");
    expect(newDoc()).toMatchObject({
      script: "'use strict';\n\nreturn {};\n",
      tabSize: 2,
      libraries: { lodash: false, moment: false, mathjs: false },
    });
  });
});

describe('isIdentifier', () => {
  it('tells names the script can write bare from those it must quote', () => {
    expect(['a', 'loan_amount', '$x', '_', 'x1'].every(isIdentifier)).toBe(true);
    expect(['1x', 'loan amount', 'a-b', ''].some(isIdentifier)).toBe(false);
  });
});

describe('agrees with the engine', () => {
  beforeAll(() => {
    const wasm = resolve(import.meta.dirname, '../../../pkg/calcsmith_engine_bg.wasm');
    engine.initSync({ module: readFileSync(wasm) });
  });

  const inputLists: InputDef[][] = [
    [],
    [number(1, 'a')],
    [number(1, 'a'), number(7, 'c')],
    [number(3, 'b'), number(2, 'price')],
    Array.from({ length: 26 }, (_, i) => number(i + 1, nameAt(i))),
    Array.from({ length: 30 }, (_, i) => number(2 * i + 5, nameAt(i + 1))),
  ];

  it.each(INPUT_TYPES)('newInput(existing, %s) is the engine’s', (type) => {
    for (const existing of inputLists) {
      expect(newInput(existing, type)).toEqual(engine.newInput(existing, type, false));
      if (type !== 'list') {
        expect(newInput(existing, type, true)).toEqual(engine.newInput(existing, type, true));
      }
    }
  });

  it('newOutput is the engine’s', () => {
    const outputLists: OutputDef[][] = [
      [],
      [value(1, 'a')],
      [value(2, 'b'), value(9, 'total')],
      Array.from({ length: 27 }, (_, i) => value(i + 1, nameAt(i))),
    ];
    for (const existing of outputLists) {
      for (const type of ['value', 'table'] as const) {
        expect(newOutput(existing, type)).toEqual(engine.newOutput(existing, type));
      }
    }
  });

  it.each(INPUT_TYPES)('defaultValue(%s) is the engine’s', (type) => {
    expect(defaultValue(type)).toEqual(engine.defaultValue(type));
  });

  it('refuses a nested list like the engine', () => {
    expect(() => engine.newInput([], 'list', true)).toThrow('Lists cannot be nested within lists.');
  });
});

describe('hasDateInput and engineToday', () => {
  const input = (id: number, type: InputDef['type'], metaInputs?: InputDef[]): InputDef => ({
    id,
    name: `i${id}`,
    type,
    ...(metaInputs ? { metaInputs } : {}),
  });

  it('finds a date input at the top or inside a list, and nothing else', () => {
    expect(hasDateInput(undefined)).toBe(false);
    expect(hasDateInput([input(1, 'number'), input(2, 'string')])).toBe(false);
    expect(hasDateInput([input(1, 'number'), input(2, 'date')])).toBe(true);
    expect(hasDateInput([input(1, 'list', [input(1, 'number'), input(2, 'date')])])).toBe(true);
  });

  it('is the UTC calendar day, as the engine counts relative dates', () => {
    expect(engineToday(new Date('2026-11-28T23:30:00-05:00'))).toBe('2026-11-29');
    expect(engineToday(new Date('2026-11-28T00:00:00Z'))).toBe('2026-11-28');
  });
});
