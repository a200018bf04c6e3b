import { describe, expect, it } from 'vitest';
import {
  expressionToRule,
  ruleToExpression,
  type Condition,
  type RuleMode,
} from './rule-expression';

const roundTrip = (conditions: Condition[], mode: RuleMode) =>
  expressionToRule(ruleToExpression(conditions, mode));

describe('ruleToExpression', () => {
  it('writes the issue’s example with all conditions', () => {
    expect(
      ruleToExpression(
        [
          { input: 'coBorrower', op: 'is', value: true },
          { input: 'income', op: 'lt', value: 50000 },
        ],
        'all',
      ),
    ).toBe('inputs.coBorrower === true && inputs.income < 50000');
  });

  it('writes each operator', () => {
    const one = (condition: Condition) => ruleToExpression([condition], 'all');
    expect(one({ input: 'x', op: 'isNot', value: 'a' })).toBe('inputs.x !== "a"');
    expect(one({ input: 'x', op: 'le', value: 2 })).toBe('inputs.x <= 2');
    expect(one({ input: 'x', op: 'gt', value: -2.5 })).toBe('inputs.x > -2.5');
    expect(one({ input: 'x', op: 'ge', value: 0 })).toBe('inputs.x >= 0');
    expect(one({ input: 'x', op: 'between', value: 1, value2: 5 })).toBe(
      '(inputs.x >= 1 && inputs.x <= 5)',
    );
    expect(one({ input: 'x', op: 'empty' })).toBe("inputs.x == null || inputs.x === ''");
    expect(one({ input: 'x', op: 'oneOf', values: ['a', 'b'] })).toBe(
      '["a","b"].includes(inputs.x)',
    );
    expect(one({ input: 'd', op: 'lt', value: { date: '2024-01-31' } })).toBe(
      'inputs.d < new Date("2024-01-31")',
    );
  });

  it('groups an "is empty" among other conditions so the && and || keep their meaning', () => {
    expect(
      ruleToExpression(
        [
          { input: 'a', op: 'empty' },
          { input: 'b', op: 'is', value: 1 },
        ],
        'all',
      ),
    ).toBe("(inputs.a == null || inputs.a === '') && inputs.b === 1");
  });

  it('joins any-mode conditions with ||', () => {
    expect(
      ruleToExpression(
        [
          { input: 'a', op: 'is', value: 1 },
          { input: 'b', op: 'is', value: 2 },
        ],
        'any',
      ),
    ).toBe('inputs.a === 1 || inputs.b === 2');
  });

  it('leaves out rows that are not complete, and is empty without any', () => {
    expect(ruleToExpression([{ input: '', op: 'is', value: 1 }], 'all')).toBe('');
    expect(ruleToExpression([{ input: 'x', op: 'lt' }], 'all')).toBe('');
    expect(ruleToExpression([{ input: 'x', op: 'oneOf', values: [] }], 'all')).toBe('');
    expect(ruleToExpression([{ input: 'x', op: 'lt', value: Number.NaN }], 'all')).toBe('');
    expect(ruleToExpression([{ input: 'x', op: 'lt', value: Infinity }], 'all')).toBe('');
  });

  it('quotes a name that is not an identifier', () => {
    expect(ruleToExpression([{ input: 'my age', op: 'ge', value: 18 }], 'all')).toBe(
      'inputs["my age"] >= 18',
    );
  });

  it('writes hostile text values as string literals only', () => {
    const hostile = '"); fetch("//evil"); ("';
    const expression = ruleToExpression([{ input: 'x', op: 'is', value: hostile }], 'all');
    expect(expression).toBe(`inputs.x === ${JSON.stringify(hostile)}`);
    // The literal evaluates to the very text typed: nothing runs.
    const run = new Function('inputs', `return ${expression};`) as (inputs: object) => boolean;
    expect(run({ x: hostile })).toBe(true);
    expect(run({ x: 'other' })).toBe(false);
  });

  it('escapes line separators and backslashes in values and names', () => {
    const text = 'a\u2028b\\c\n"d"';
    const expression = ruleToExpression([{ input: 'we\u2029ird', op: 'is', value: text }], 'all');
    expect(expression).not.toMatch(/[\u2028\u2029\n]/);
    const run = new Function('inputs', `return ${expression};`) as (inputs: object) => boolean;
    expect(run({ 'we\u2029ird': text })).toBe(true);
  });

  it('refuses a date that is not YYYY-MM-DD', () => {
    expect(
      ruleToExpression([{ input: 'd', op: 'is', value: { date: '2024") || alert(1' } }], 'all'),
    ).toBe('');
  });
});

describe('expressionToRule', () => {
  const cases: [string, Condition[], RuleMode][] = [
    ['is true', [{ input: 'coBorrower', op: 'is', value: true }], 'all'],
    [
      'two conditions',
      [
        { input: 'coBorrower', op: 'is', value: true },
        { input: 'income', op: 'lt', value: 50000 },
      ],
      'all',
    ],
    [
      'every operator, any',
      [
        { input: 'a', op: 'isNot', value: 'x y' },
        { input: 'b', op: 'le', value: 1.5e-7 },
        { input: 'c', op: 'gt', value: -3 },
        { input: 'd', op: 'ge', value: 1e21 },
        { input: 'e', op: 'between', value: 1, value2: 5 },
        { input: 'f', op: 'empty' },
        { input: 'g', op: 'oneOf', values: ['a', 2, true] },
        { input: 'h', op: 'lt', value: { date: '2025-12-01' } },
      ],
      'any',
    ],
    ['between alone', [{ input: 'x', op: 'between', value: -1, value2: 1 }], 'all'],
    ['empty alone', [{ input: 'x', op: 'empty' }], 'all'],
    ['quoted name', [{ input: 'my age', op: 'is', value: 'a "quoted" \\ text' }], 'all'],
    ['hostile value', [{ input: 'x', op: 'oneOf', values: ['"]);alert(1);(["', '\u2028'] }], 'all'],
  ];
  for (const [what, conditions, mode] of cases) {
    it(`reads back what ruleToExpression wrote: ${what}`, () => {
      expect(roundTrip(conditions, mode)).toEqual({ conditions, mode });
    });
  }

  it('reads an empty expression as a rule without conditions', () => {
    expect(expressionToRule('  ')).toEqual({ conditions: [], mode: 'all' });
  });

  it('leaves anything else to the JavaScript field', () => {
    for (const expression of [
      'inputs.coBorrower && inputs.income < 50000',
      'inputs.x === 1 && inputs.y === 2 || inputs.z === 3',
      'inputs.a == null || inputs.a === "" && inputs.b === 1',
      'inputs.x===1',
      'inputs.x === 1;',
      'inputs.x === alert(1)',
      'inputs.x < y',
      '(inputs.x >= 1 && inputs.y <= 5)',
      '[].includes(inputs.x)',
      'inputs.x === 01',
      'inputs.x === -0',
      "inputs.x === 'a'",
      'inputs.x === new Date("tomorrow")',
    ]) {
      expect(expressionToRule(expression)).toBeNull();
    }
  });
});
