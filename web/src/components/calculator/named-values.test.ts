import { describe, expect, it } from 'vitest';
import type { CalcDoc } from '../../lib/types';
import { checkNamedValues, valuesByName } from './named-values';

const doc: CalcDoc = {
  metaInputs: [
    { id: 1, name: 'amount', type: 'number' },
    { id: 2, name: 'agree', type: 'binary' },
    {
      id: 3,
      name: 'rate',
      type: 'number',
      presentationType: 'slider',
      sliderMin: 0,
      sliderMax: 10,
    },
  ],
};

describe('values by input name', () => {
  it('reads values by name, an input without one at its type’s default', () => {
    expect(valuesByName(doc, { '1': 5, '3': 2 })).toEqual({ amount: 5, agree: false, rate: 2 });
  });

  it('checks values as a link’s are: refused, unknown and clamped', () => {
    expect(checkNamedValues(doc, { amount: '12.5', agree: 'yes', rate: 99, color: 'red' })).toEqual(
      { values: { '1': 12.5, '3': 10 }, refused: ['agree'], unknown: ['color'] },
    );
  });

  it('takes nothing from what is not an object, nor from inherited keys', () => {
    const none = { values: {}, refused: [], unknown: [] };
    expect(checkNamedValues(doc, null)).toEqual(none);
    expect(checkNamedValues(doc, [1, 2])).toEqual(none);
    expect(checkNamedValues(doc, 'amount=5')).toEqual(none);
    expect(checkNamedValues(doc, JSON.parse('{"__proto__": {"amount": 5}}'))).toEqual({
      values: {},
      refused: [],
      unknown: ['__proto__'],
    });
  });

  it('names a list’s items by their fields, both ways', () => {
    const withList: CalcDoc = {
      metaInputs: [
        {
          id: 4,
          name: 'guests',
          type: 'list',
          metaInputs: [
            { id: 5, name: 'name', type: 'string' },
            { id: 6, name: 'age', type: 'number' },
          ],
        },
      ],
    };
    expect(valuesByName(withList, { '4': [{ '5': 'Ann', '6': 40 }] })).toEqual({
      guests: [{ name: 'Ann', age: 40 }],
    });
    expect(checkNamedValues(withList, { guests: [{ name: 'Bo', age: 7 }] })).toEqual({
      values: { '4': [{ '5': 'Bo', '6': 7 }] },
      refused: [],
      unknown: [],
    });
  });
});
