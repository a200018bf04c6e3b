import { describe, expect, it } from 'vitest';
import type { InputDef } from '../../lib/types';
import { NO_FILTER, inputText, listQuery } from './query';

const words = { yes: 'Yes', no: 'No' };

describe('the list’s query', () => {
  it('names the page and the filters given, nothing else', () => {
    expect(listQuery(NO_FILTER)).toBe('');
    expect(listQuery(NO_FILTER, 2)).toBe('?page=2');
    expect(listQuery({ q: ' ada & co ', from: '2026-11-01', to: '' }, 1)).toBe(
      '?page=1&q=ada+%26+co&from=2026-11-01',
    );
  });
});

describe('a submission’s input values', () => {
  it('read as the calculator shows them', () => {
    const amount = { id: 1, name: 'amount', type: 'number', prefix: '$' } as InputDef;
    const weight = { id: 2, name: 'w', type: 'number', suffix: 'kg' } as InputDef;
    const plan = {
      id: 3,
      name: 'plan',
      type: 'choice',
      choices: [{ id: 1, label: 'Monthly', value: 12 }],
    } as InputDef;
    const agree = { id: 4, name: 'agree', type: 'binary' } as InputDef;
    expect(inputText(amount, 1200, words)).toBe('$1200');
    expect(inputText(weight, 75, words)).toBe('75\u00a0kg');
    expect(inputText(plan, 12, words)).toBe('Monthly');
    expect(inputText(agree, false, words)).toBe('No');
    expect(inputText(undefined, [1, 2], words)).toBe('[1,2]');
    expect(inputText(amount, null, words)).toBe('—');
  });
});
