// Chart ticks formatted by the real engine package (pkg/, built by scripts/build-wasm),
// through the worker's host as the page asks for them: by the column's definition,
// in English and in Russian, numbers and dates.
import { describe, expect, it } from 'vitest';
import type { OutputDef } from '@calcsmith/engine';
import { wasmPackage } from '../../testing/wasm-package';
import { EngineHost } from './engine-host';
import { formatDoc, formattedTexts, type FormatValue } from './format';
import type { Locale, WorkerReply } from './protocol';

const host = new EngineHost(
  wasmPackage,
  () => Promise.reject(new Error('no libraries here')),
  () => Promise.reject(new Error('no Intl module here')),
);

let nextId = 1;
async function format(def: OutputDef, values: FormatValue[], locale: Locale) {
  const replies: WorkerReply[] = [];
  await host.format(
    { type: 'format', id: nextId++, doc: formatDoc(def, values), locale },
    (reply) => replies.push(reply),
  );
  expect(replies).toHaveLength(1);
  const reply = replies[0];
  if (reply.type !== 'formatted') throw new Error(`unexpected ${reply.type}`);
  return formattedTexts(reply.result, values.length);
}

const numbers = (...values: number[]) => values.map((number) => ({ number }));
const column = (fields: Partial<OutputDef>): OutputDef => ({
  id: 7,
  name: 'Balance',
  type: 'value',
  ...fields,
});

describe('ticks formatted by the engine', () => {
  it('in a currency, grouped, in English and Russian', async () => {
    const money = column({ currencySign: '$' });
    expect(await format(money, numbers(0, 2500, 100000, -1250.5), 'en')).toEqual([
      '$0',
      '$2,500',
      '$100,000',
      '-$1,250.5',
    ]);
    expect(await format(money, numbers(0, 2500, 100000, -1250.5), 'ru')).toEqual([
      '$0',
      '$2\u00a0500',
      '$100\u00a0000',
      '-$1\u00a0250,5',
    ]);
  });

  it('as percentages with units and fixed decimals', async () => {
    expect(await format(column({ percent: true }), numbers(0, 0.05, 0.125), 'en')).toEqual([
      '0%',
      '5%',
      '12.5%',
    ]);
    expect(await format(column({ percent: true }), numbers(0.125), 'ru')).toEqual(['12,5\u00a0%']);
    expect(
      await format(column({ decimalPlaces: 2, suffix: 'kg' }), numbers(1.5, 1000), 'en'),
    ).toEqual(['1.50\u00a0kg', '1,000.00\u00a0kg']);
  });

  it('dates in the medium format, in UTC', async () => {
    const dates = [{ date: Date.UTC(2026, 0, 31) }, { date: Date.UTC(2024, 10, 5) }];
    expect(await format(column({}), dates, 'en')).toEqual(['Jan 31, 2026', 'Nov 5, 2024']);
    expect(await format(column({}), dates, 'ru')).toEqual(['31 янв. 2026 г.', '5 нояб. 2024 г.']);
  });

  it('leaves the warm engine alone: a calculation after formatting still answers', async () => {
    const replies: WorkerReply[] = [];
    await host.evaluate(
      {
        type: 'evaluate',
        id: nextId++,
        doc: {
          script: "'use strict';\nreturn { x: 1234.5 };\n",
          metaOutputs: [{ id: 1, name: 'x', type: 'value', currencySign: '€' }],
        },
        values: {},
        locale: 'en',
      },
      (reply) => replies.push(reply),
    );
    expect(replies.at(-1)).toMatchObject({
      type: 'result',
      result: { display: { x: '€1,234.5' } },
    });
    expect(await format(column({ currencySign: '€' }), numbers(1234.5), 'en')).toEqual([
      '€1,234.5',
    ]);
  });
});
