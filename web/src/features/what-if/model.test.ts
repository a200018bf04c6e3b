import { describe, expect, it } from 'vitest';
import { contrast } from '../../components/calculator/colours';
import {
  SCALE,
  axisSpec,
  formatNumber,
  parseList,
  parseNumber,
  scaleStep,
  tableCsv,
  tableTsv,
} from './model';
import { hashScenarios, readScenarios, scenariosHash } from './scenarios-model';

describe('numbers typed by a person', () => {
  it('reads grouping commas in English and decimal commas in Russian', () => {
    expect(parseNumber('2,000', 'en')).toBe(2000);
    expect(parseNumber(' 1 798.65 ', 'en')).toBe(1798.65);
    expect(parseNumber('0,065', 'ru')).toBe(0.065);
    expect(parseNumber('1 798,65', 'ru')).toBe(1798.65);
    expect(parseNumber('-1e3', 'en')).toBe(-1000);
    expect(parseNumber('abc', 'en')).toBeNull();
    expect(parseNumber('', 'en')).toBeNull();
    expect(parseNumber('1.2.3', 'en')).toBeNull();
  });

  it('reads lists separated by spaces and semicolons (and commas in English)', () => {
    expect(parseList('10, 15; 20 30', 'en')).toEqual([10, 15, 20, 30]);
    expect(parseList('0,05; 0,06', 'ru')).toEqual([0.05, 0.06]);
    expect(parseList('1; x', 'en')).toBeNull();
  });

  it('shows a found value with at most 10 significant digits, grouped', () => {
    expect(formatNumber(0.07364906423312, 'en')).toBe('0.07364906423');
    expect(formatNumber(123456.789, 'en')).toBe('123,456.789');
  });
});

describe('a table', () => {
  it('puts each axis into the engine spec, the second with 2 after the names', () => {
    expect(axisSpec({ kind: 'range', from: 1, to: 2, steps: 3 }, false)).toEqual({
      from: 1,
      to: 2,
      steps: 3,
    });
    expect(axisSpec({ kind: 'list', values: [10, 30] }, true)).toEqual({ values2: [10, 30] });
  });

  it('keeps WCAG AA text contrast on every colour of the scale, in both themes', () => {
    for (const theme of ['light', 'dark'] as const)
      for (const step of SCALE[theme].steps)
        expect(contrast(step, SCALE[theme].text)).toBeGreaterThanOrEqual(4.5);
  });

  it('spreads values over five colours, low to high', () => {
    expect([0, 19, 20, 79, 100].map((value) => scaleStep(value, 0, 100))).toEqual([0, 0, 1, 3, 4]);
    expect(scaleStep(5, 5, 5)).toBe(2);
    expect(scaleStep('text', 0, 1)).toBeNull();
  });

  it('writes CSV with raw numbers and neutralised text, and tab-separated text to copy', () => {
    const table = {
      corner: 'rate \\ years',
      rows: [0.05, -0.01],
      columns: [15, 30],
      output: 'payment',
      cells: [
        [
          { value: 2372.38, display: '2,372.38' },
          { value: 1610.46, display: '1,610.46' },
        ],
        [{ error: '=HYPERLINK("x")' }, { value: 'n/a', display: '+1 call' }],
      ],
    };
    expect(tableCsv(table)).toBe(
      '\uFEFFrate \\ years,15,30\r\n0.05,2372.38,1610.46\r\n-0.01,"\'=HYPERLINK(""x"")",\'+1 call\r\n',
    );
    expect(tableTsv(table)).toBe(
      'rate \\ years\t15\t30\n0.05\t2372.38\t1610.46\n-0.01\t\'=HYPERLINK("x")\t\'+1 call',
    );
  });
  it("writes a rounding output's numbers as the engine rounded them for the CSV, as shown", () => {
    // The engine's csv digits for $2,372.38 (raw 2372.3793…) and for a cell of an output
    // without a rule of its own (none: every digit of the raw value).
    const table = {
      corner: 'rate',
      rows: [0.05, 0.06],
      output: 'payment',
      cells: [
        [{ value: 2372.379301, display: '$2,372.38', csv: '2372.38' }],
        [{ value: 2531.5713, display: '2,531.571' }],
      ],
    };
    expect(tableCsv(table)).toBe('\uFEFFrate,payment\r\n0.05,2372.38\r\n0.06,2531.5713\r\n');
    expect(tableTsv(table)).toBe('rate\tpayment\n0.05\t2372.38\n0.06\t2531.5713');
  });
});

describe('scenarios in a link', () => {
  it('round-trips through the hash, and is not a values hash', () => {
    const scenarios = [
      { name: 'Bank A', values: { '1': 300000, '2': 30, '3': 0.06 } },
      { name: 'Bank B', values: { '1': 300000, '2': 15, '3': 0.055 } },
    ];
    const hash = scenariosHash(scenarios);
    expect(hash.startsWith('#scenarios=')).toBe(true);
    expect(hashScenarios(hash)).toEqual(scenarios);
    expect(hashScenarios('#{"1":5}')).toBeNull();
    expect(hashScenarios('#scenarios=%7Bbroken')).toBeNull();
  });

  it('keeps at most 4 well-formed scenarios from untrusted data', () => {
    const good = { name: 'A', values: {} };
    expect(
      readScenarios([good, { name: 1 }, { name: 'B', values: [] }, good, good, good, good]),
    ).toEqual([good, good, good, good]);
    expect(readScenarios('x')).toEqual([]);
  });
});
