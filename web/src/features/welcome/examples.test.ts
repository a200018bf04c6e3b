/// <reference types="node" />
// Every example is a complete, well-formed doc, and its script really runs in the engine
// (the same wasm build the worker loads) in both languages.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import init, { Engine } from '@calcsmith/engine';
import type { CalcDoc, InputDef, OutputDef } from '../../lib/types';
import { EXAMPLES, exampleByKey } from './examples';

const LOCALES = ['en', 'ru'] as const;
const TODAY = '2026-11-25';

function duplicates(names: string[]): string[] {
  return names.filter((name, index) => names.indexOf(name) !== index);
}

function run(doc: CalcDoc, locale: 'en' | 'ru', values?: Record<string, unknown>) {
  const engine = new Engine({ locale, today: TODAY });
  try {
    return engine.evaluate(doc, values);
  } finally {
    engine.free();
  }
}

beforeAll(async () => {
  const wasm = readFileSync(resolve(__dirname, '../../../../pkg/calcsmith_engine_bg.wasm'));
  await init({ module_or_path: wasm });
});

describe.each(LOCALES)('examples in %s', (locale) => {
  it.each(EXAMPLES.map((example) => [example.key, example] as const))(
    '%s has unique names and ids at every level',
    (_key, example) => {
      const doc = example.doc(locale);
      const inputs = doc.metaInputs ?? [];
      const outputs = doc.metaOutputs ?? [];
      const lists: InputDef[][] = [inputs, ...inputs.map((input) => input.metaInputs ?? [])];
      const tables: OutputDef[][] = [outputs, ...outputs.map((output) => output.metaOutputs ?? [])];
      for (const items of [...lists, ...tables]) {
        expect(duplicates(items.map((item) => item.name))).toEqual([]);
        expect(duplicates(items.map((item) => String(item.id)))).toEqual([]);
      }
      expect(doc.name).toBeTruthy();
      expect(doc.description).toBeTruthy();
    },
  );

  it.each(EXAMPLES.map((example) => [example.key, example] as const))(
    '%s stores defaults only for its inputs, and choice defaults are choices',
    (_key, example) => {
      const doc = example.doc(locale);
      const inputs = doc.metaInputs ?? [];
      for (const [id, value] of Object.entries(doc.defaults ?? {})) {
        const input = inputs.find((candidate) => String(candidate.id) === id);
        expect(input, `default for unknown input ${id}`).toBeDefined();
        if (input?.type === 'choice') {
          expect(input.choices?.map((choice) => choice.value)).toContain(value);
        }
      }
    },
  );

  it.each(EXAMPLES.map((example) => [example.key, example] as const))(
    '%s runs without an error and fills every output',
    (_key, example) => {
      const doc = example.doc(locale);
      const result = run(doc, locale);
      expect(result.error).toBeNull();
      const autohidden = new Set(['Collected after rounding', 'Собрано после округления']);
      for (const output of doc.metaOutputs ?? []) {
        if (autohidden.has(output.name)) continue;
        expect(result.display?.[output.name], output.name).not.toBeNull();
      }
    },
  );
});

describe('example results', () => {
  it('loan: 250,000 at 5.5% over 25 years costs $1,535.22 a month', () => {
    const result = run(exampleByKey('loan')!.doc('en'), 'en');
    expect(result.display?.['Monthly payment']).toBe('$1,535.22');
    const rows = result.display?.['First 12 months'] as Record<string, string>[];
    expect(rows).toHaveLength(12);
    expect(rows[0]).toMatchObject({ Month: '1', Interest: '$1,145.83' });
  });

  it('loan: the term slider changes the payment; no amount hides the outputs', () => {
    const doc = exampleByKey('loan')!.doc('ru');
    const shorter = run(doc, 'ru', { '3': 10 });
    expect(shorter.display?.['Ежемесячный платёж']).toBe('2 713,16'.replace(' ', '\u00a0'));
    const empty = run(doc, 'ru', { '1': null });
    expect(empty.error).toBeNull();
    expect(empty.display?.['Ежемесячный платёж']).toBeNull();
  });

  it('bmi: metric and imperial give the same index', () => {
    const doc = exampleByKey('bmi')!.doc('en');
    const metric = run(doc, 'en');
    expect(metric.display).toMatchObject({ BMI: '22.9', Category: 'Normal weight' });
    expect(metric.display?.['Healthy weight range']).toBe('56.7 – 76.3 kg');
    const imperial = run(doc, 'en', { '1': 'imperial', '2': 154.32, '3': 68.9 });
    expect(imperial.display).toMatchObject({ BMI: '22.9', Category: 'Normal weight' });
  });

  it('age: counts years, months and days in both languages', () => {
    const en = run(exampleByKey('age')!.doc('en'), 'en');
    expect(en.display).toMatchObject({
      Age: '36 years, 6 months, 8 days',
      'Next birthday': 'May 17, 2027',
      'Born on a': 'Thursday',
    });
    const ru = run(exampleByKey('age')!.doc('ru'), 'ru');
    expect(ru.display?.['Возраст']).toBe('36 лет, 6 месяцев, 8 дней');
    const before = run(exampleByKey('age')!.doc('en'), 'en', {
      '2': { type: 'absolute', params: { day: 1, month: 0, year: 1980 } },
    });
    expect(before.display?.Age).toBe('The date is before the date of birth.');
  });

  it('tip: splits the bill and shows the rounded total only when rounding', () => {
    const doc = exampleByKey('tip')!.doc('en');
    const plain = run(doc, 'en');
    expect(plain.display).toMatchObject({
      Subtotal: '$45.50',
      'Tip amount': '$6.83',
      Total: '$52.33',
      'Each person pays': '$17.44',
      'Collected after rounding': null,
    });
    const rounded = run(doc, 'en', { '4': true });
    expect(rounded.display).toMatchObject({
      'Each person pays': '$18.00',
      'Collected after rounding': '$54.00',
    });
    const rows = plain.display?.Breakdown as Record<string, string>[];
    expect(rows[0]).toEqual({ Item: 'Pizza', Price: '$24.00', 'Share of subtotal': '52.7%' });
  });
});
