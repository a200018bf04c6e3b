import { describe, expect, it } from 'vitest';
import { newDoc } from '../../../lib/doc';
import type { CalcDoc } from '../../../lib/types';
import { inputAccessList, inputsSchema, outputsSchema } from './schema';

const doc: CalcDoc = {
  ...newDoc(),
  metaInputs: [
    { id: 1, name: 'price', type: 'number' },
    { id: 2, name: 'my value', type: 'string' },
    { id: 3, name: 'agree', type: 'binary', presentationType: 'checkbox' },
    { id: 4, name: 'start', type: 'date' },
    {
      id: 5,
      name: 'size',
      type: 'choice',
      presentationType: 'radio',
      choices: [
        { id: 1, label: 'Small', value: 's' },
        { id: 2, label: 'Ten', value: 10 },
      ],
    },
    {
      id: 6,
      name: 'items',
      type: 'list',
      metaInputs: [
        { id: 1, name: 'qty', type: 'number' },
        { id: 2, name: 'unit price', type: 'number' },
      ],
      itemPrototype: {},
    },
  ],
  metaOutputs: [
    { id: 1, name: 'total', type: 'value' },
    { id: 2, name: 'tax rate', type: 'value', percent: true },
    {
      id: 3,
      name: 'rows',
      type: 'table',
      metaOutputs: [
        { id: 1, name: 'n', type: 'value' },
        { id: 2, name: 'line cost', type: 'value' },
      ],
    },
  ],
};

describe('schema help text', () => {
  it('shows the inputs object with types, quoting names that are not identifiers', () => {
    expect(inputsSchema(doc)).toBe(
      [
        'inputs = {',
        '  price: number | null,',
        '  "my value": string | null,',
        '  agree: boolean,',
        '  start: Date | null,',
        '  size: "s" | 10 | null,',
        '  items: [',
        '    {',
        '      qty: number | null,',
        '      "unit price": number | null,',
        '    },',
        '    // … one object per item',
        '  ],',
        '}',
      ].join('\n'),
    );
  });

  it('lists how to read each input', () => {
    expect(inputAccessList(doc)).toEqual([
      'inputs.price',
      'inputs["my value"]',
      'inputs.agree',
      'inputs.start',
      'inputs.size',
      'inputs.items',
      'inputs.items[0].qty',
      'inputs.items[0]["unit price"]',
    ]);
  });

  it('shows the object to return, tables with their columns', () => {
    expect(outputsSchema(doc)).toBe(
      [
        'return {',
        '  total: value,',
        '  "tax rate": value, // percent: 0.25 shows as 25%',
        '  rows: [',
        '    {',
        '      n: value,',
        '      "line cost": value,',
        '    },',
        '    // … one object per row',
        '  ],',
        '};',
      ].join('\n'),
    );
  });

  it('shows empty objects for a new calculator', () => {
    expect(inputsSchema(newDoc())).toBe('inputs = {}');
    expect(outputsSchema(newDoc())).toBe('return {};');
    expect(inputAccessList(newDoc())).toEqual([]);
  });
});
