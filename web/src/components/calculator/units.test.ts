// The slider's label spaces units exactly as the engine spaces an output's.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import * as engine from '@calcsmith/engine';
import { withUnits } from './units';

const UNITS: [string, string][] = [
  ['', '%'],
  ['', ' % '],
  ['', 'kg'],
  ['', '₽'],
  ['', '°C'],
  ['', '/mo'],
  ['', '‰'],
  ['', 'годовых'],
  ['≈', ''],
  ['$', ''],
  ['USD', ''],
  ['от', ''],
  ['~', 'per kg'],
  ['  ', '  '],
  ['5', '1'],
];

describe('withUnits', () => {
  it('sets words off with a no-break space and lets symbols hug the number', () => {
    expect(withUnits('40', '', '%')).toBe('40%');
    expect(withUnits('75', '', 'kg')).toBe('75\u00a0kg');
    expect(withUnits('5', 'USD', '')).toBe('USD\u00a05');
    expect(withUnits('5', '≈', undefined)).toBe('≈5');
    expect(withUnits('5', 7, null)).toBe('5');
  });
});

describe('agrees with the engine', () => {
  beforeAll(() => {
    const wasm = resolve(import.meta.dirname, '../../../../pkg/calcsmith_engine_bg.wasm');
    engine.initSync({ module: readFileSync(wasm) });
  });

  it.each(UNITS)('prefix %j and suffix %j', (prefix, suffix) => {
    const calculator = new engine.Engine({ locale: 'en' });
    const result = calculator.evaluate(
      {
        script: 'return { x: 40 };',
        metaOutputs: [{ id: 1, name: 'x', type: 'value', prefix, suffix }],
      },
      {},
    );
    expect(result.error).toBeNull();
    expect(withUnits('40', prefix, suffix)).toBe(result.display?.x);
  });
});
