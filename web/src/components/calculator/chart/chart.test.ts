// The chart of a table: its settings as the doc keeps them, the rows as series, the axes'
// ticks, and the Chart.js configuration with every text taken from the engine's display.
import { describe, expect, it } from 'vitest';
import type { Scale, TooltipItem } from 'chart.js';
import type { OutputDef } from '../../../lib/types';
import { chartConfig, DARK_SERIES, LIGHT_SERIES, type ChartTheme } from './config';
import { chartModel, niceTicks, spreadIndices, type ChartModel } from './model';
import { chartSettings, defaultChart, type ChartSettings } from './settings';

const columns: OutputDef[] = [
  { id: 1, name: 'Month', type: 'value' },
  { id: 2, name: 'Payment', type: 'value', currencySign: '$', decimalPlaces: 2 },
  { id: 3, name: 'Balance', type: 'value', currencySign: '$', decimalPlaces: 2 },
  { id: 4, name: 'Due', type: 'value' },
  { id: 5, name: 'Note', type: 'value' },
  { id: 6, name: 'Rate', type: 'value', percent: true, decimalPlaces: 1 },
];

const table = (chart?: unknown): OutputDef => ({
  id: 1,
  name: 'schedule',
  type: 'table',
  metaOutputs: columns,
  ...(chart === undefined ? {} : { chart }),
});

// Three months of a loan, raw as the engine returns them and displayed as it formats them.
const raw = [
  {
    Month: 1,
    Payment: 500,
    Balance: 1000.5,
    Due: '2026-01-31T00:00:00.000Z',
    Note: 'a',
    Rate: 0.05,
  },
  {
    Month: 2,
    Payment: 500,
    Balance: 520.25,
    Due: '2026-02-28T00:00:00.000Z',
    Note: 'b',
    Rate: 0.05,
  },
  {
    Month: 3,
    Payment: 525,
    Balance: null,
    Due: '2026-03-31T00:00:00.000Z',
    Note: 'c',
    Rate: 0.055,
  },
];
const display = [
  {
    Month: '1',
    Payment: '$500.00',
    Balance: '$1,000.50',
    Due: 'Jan 31, 2026',
    Note: 'a',
    Rate: '5.0%',
  },
  {
    Month: '2',
    Payment: '$500.00',
    Balance: '$520.25',
    Due: 'Feb 28, 2026',
    Note: 'b',
    Rate: '5.0%',
  },
  { Month: '3', Payment: '$525.00', Balance: '', Due: 'Mar 31, 2026', Note: 'c', Rate: '5.5%' },
];

const model = (settings: Partial<ChartSettings>): ChartModel => {
  const result = chartModel({ type: 'line', x: 1, y: [3], ...settings }, columns, raw, display);
  if (!result) throw new Error('no chart');
  return result;
};

const theme: ChartTheme = {
  text: 'rgb(20, 33, 61)',
  grid: '#c9d6ea',
  surface: '#ffffff',
  series: LIGHT_SERIES,
};

/** What a scale's `afterBuildTicks` leaves and its tick callback writes under each. */
function tickTexts(scale: Record<string, unknown>): string[] {
  const fake = { ticks: [] as { value: number }[] } as unknown as Scale;
  (scale.afterBuildTicks as (scale: Scale) => void)(fake);
  const callback = (scale.ticks as { callback: (value: number) => string }).callback;
  return fake.ticks.map((tick) => callback(tick.value));
}

const item = (datasetIndex: number, dataIndex: number) =>
  ({ datasetIndex, dataIndex }) as TooltipItem<'line'>;

describe('chartSettings', () => {
  it("reads a table's chart and drops columns that are gone", () => {
    expect(
      chartSettings(table({ type: 'bar', x: 1, y: [2, 99, 3, 2], stacked: true, title: 'Plan' })),
    ).toEqual({
      type: 'bar',
      x: 1,
      y: [2, 3],
      stacked: true,
      show: 'both',
      title: 'Plan',
      xLabel: '',
      yLabel: '',
    });
  });

  it('has no chart without a known type, an x column or a column to draw', () => {
    expect(chartSettings(table())).toBeNull();
    expect(chartSettings(table({ type: 'radar', x: 1, y: [2] }))).toBeNull();
    expect(chartSettings(table({ type: 'line', x: 42, y: [2] }))).toBeNull();
    expect(chartSettings(table({ type: 'line', x: 1, y: [1] }))).toBeNull();
    expect(chartSettings({ id: 2, name: 'v', type: 'value', chart: { type: 'line' } })).toBeNull();
  });

  it('starts a new chart with the first column along x and the second drawn', () => {
    expect(defaultChart(table(), 'pie')).toEqual({ type: 'pie', x: 1, y: [2], show: 'both' });
  });
});

describe('niceTicks and spreadIndices', () => {
  it('gives round steps that cover the values', () => {
    expect(niceTicks(0, 97)).toEqual([0, 25, 50, 75, 100]);
    expect(niceTicks(-30, 170)).toEqual([-50, 0, 50, 100, 150, 200]);
    expect(niceTicks(0.1, 0.3)).toEqual([0.1, 0.15, 0.2, 0.25, 0.3]);
    expect(niceTicks(5, 5)).toEqual([2, 4, 6, 8]);
    // All zero (a paid-off balance): up from zero, not a mirrored -1 to 1.
    expect(niceTicks(0, 0)).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });

  it('spreads ticks over the rows, the first and the last among them', () => {
    expect(spreadIndices(3, 6)).toEqual([0, 1, 2]);
    expect(spreadIndices(360, 6)).toEqual([0, 72, 144, 215, 287, 359]);
  });
});

describe('chartModel', () => {
  it('makes a series of each drawn column with its cells as the engine wrote them', () => {
    const line = model({ y: [2, 3] });
    expect(line.series.map((s) => [s.label, s.data, s.display])).toEqual([
      ['Payment', [500, 500, 525], ['$500.00', '$500.00', '$525.00']],
      ['Balance', [1000.5, 520.25, null], ['$1,000.50', '$520.25', '']],
    ]);
    expect(line.xDisplay).toEqual(['1', '2', '3']);
    // Two columns: the legend names them, the y axis has no title of its own.
    expect([line.xTitle, line.yTitle]).toEqual(['Month', '']);
    expect(line.y?.column.name).toBe('Payment');
  });

  it('puts numbers under a line on a number line with ticks at rows', () => {
    expect(model({}).x).toEqual({
      kind: 'linear',
      time: false,
      rows: [0, 1, 2],
      values: [1, 2, 3],
      tickRows: [0, 1, 2],
    });
  });

  it('puts dates under a line on a time axis of time stamps', () => {
    const x = model({ x: 4 }).x;
    expect(x).toMatchObject({ kind: 'linear', time: true, rows: [0, 1, 2] });
    expect(x.kind === 'linear' && x.values).toEqual([
      Date.UTC(2026, 0, 31),
      Date.UTC(2026, 1, 28),
      Date.UTC(2026, 2, 31),
    ]);
  });

  it('puts text, and anything under bars, on a category axis', () => {
    expect(model({ x: 5 }).x).toEqual({ kind: 'category' });
    expect(model({ type: 'bar' }).x).toEqual({ kind: 'category' });
  });

  it('lets a line sit away from zero, and grows bars and areas from it', () => {
    expect(model({ y: [2] }).y?.ticks).toEqual([500, 510, 520, 530]);
    expect(model({ type: 'bar', y: [2] }).y?.ticks).toEqual([0, 200, 400, 600]);
  });

  it('covers the sums of stacked bars, not only the largest value', () => {
    const stacked = model({ type: 'bar', y: [2, 3], stacked: true });
    expect(stacked.stacked).toBe(true);
    expect(stacked.y?.ticks.at(-1)).toBeGreaterThanOrEqual(1500.5);
    // A line is never stacked.
    expect(model({ y: [2, 3], stacked: true }).stacked).toBe(false);
  });

  it('draws the first column as a pie, with no axes', () => {
    const pie = model({ type: 'pie', x: 5, y: [2, 3] });
    expect(pie.series).toHaveLength(1);
    expect(pie.y).toBeNull();
    expect([pie.xTitle, pie.yTitle, pie.xName]).toEqual(['', '', 'Note']);
  });

  it("takes the author's title and axis labels over the column names", () => {
    const titled = model({ title: ' Loan ', xLabel: 'Months', yLabel: 'Owed' });
    expect([titled.title, titled.xTitle, titled.yTitle]).toEqual(['Loan', 'Months', 'Owed']);
  });
});

describe('chartConfig', () => {
  it('labels the y ticks with the texts the engine gave for their values', () => {
    const line = model({ y: [2] });
    const config = chartConfig(line, ['$500', '$510', '$520', '$530'], theme);
    const y = config.options?.scales?.y as unknown as Record<string, unknown>;
    expect(tickTexts(y)).toEqual(['$500', '$510', '$520', '$530']);
    expect([y.min, y.max]).toEqual([500, 530]);
  });

  it('labels the x ticks of a time axis with the rows’ date cells', () => {
    const config = chartConfig(model({ x: 4 }), [], theme);
    const x = config.options?.scales?.x as unknown as Record<string, unknown>;
    expect(x.type).toBe('linear');
    expect(tickTexts(x)).toEqual(['Jan 31, 2026', 'Feb 28, 2026', 'Mar 31, 2026']);
    expect([x.min, x.max]).toEqual([Date.UTC(2026, 0, 31), Date.UTC(2026, 2, 31)]);
    const data = config.data.datasets[0].data as { x: number; y: number | null }[];
    expect(data[1]).toEqual({ x: Date.UTC(2026, 1, 28), y: 520.25 });
  });

  it('shows the cells in tooltips, and the x cell as their title', () => {
    const config = chartConfig(model({ y: [2, 3] }), [], theme);
    const callbacks = config.options?.plugins?.tooltip?.callbacks as unknown as {
      title(items: TooltipItem<'line'>[]): string;
      label(item: TooltipItem<'line'>): string;
    };
    expect(callbacks.title([item(1, 1)])).toBe('2');
    expect(callbacks.label(item(1, 0))).toBe('Balance: $1,000.50');
    expect(callbacks.label(item(0, 2))).toBe('Payment: $525.00');
  });

  it('names the axes, shows a legend for several series and draws without animation', () => {
    const config = chartConfig(model({ y: [2, 3], yLabel: 'Dollars' }), [], theme);
    const scales = config.options?.scales as Record<string, { title: { text: string } }>;
    expect([scales.x.title.text, scales.y.title.text]).toEqual(['Month', 'Dollars']);
    expect(config.options?.plugins?.legend?.display).toBe(true);
    expect(config.options?.animation).toBe(false);
    expect(chartConfig(model({}), [], theme).options?.plugins?.legend?.display).toBe(false);
  });

  it('stacks bars on both axes and fills stacked areas onto the one below', () => {
    const bars = chartConfig(model({ type: 'bar', y: [2, 3], stacked: true }), [], theme);
    expect(bars.type).toBe('bar');
    const scales = bars.options?.scales as Record<string, { stacked: boolean }>;
    expect([scales.x.stacked, scales.y.stacked]).toEqual([true, true]);
    const areas = chartConfig(model({ type: 'area', y: [2, 3], stacked: true }), [], theme);
    expect(areas.type).toBe('line');
    expect(areas.data.datasets.map((d) => (d as { fill: unknown }).fill)).toEqual(['origin', '-1']);
    const grouped = chartConfig(model({ type: 'bar', y: [2, 3] }), [], theme);
    expect((grouped.options?.scales?.y as { stacked: boolean }).stacked).toBe(false);
  });

  it('gives a pie its slice names, sizes, colours and cells in tooltips', () => {
    const config = chartConfig(model({ type: 'doughnut', x: 5, y: [3] }), [], theme);
    expect(config.type).toBe('doughnut');
    expect(config.data.labels).toEqual(['a', 'b', 'c']);
    expect(config.data.datasets[0].data).toEqual([1000.5, 520.25, 0]);
    expect(config.data.datasets[0].backgroundColor).toEqual(LIGHT_SERIES.slice(0, 3));
    const label = config.options?.plugins?.tooltip?.callbacks?.label as unknown as (
      item: TooltipItem<'doughnut'>,
    ) => string;
    expect(label({ dataIndex: 1 } as TooltipItem<'doughnut'>)).toBe('b: $520.25');
  });

  it("paints with the theme's colours", () => {
    const dark: ChartTheme = {
      text: '#e7effc',
      grid: '#2d4a7a',
      surface: '#112648',
      series: DARK_SERIES,
    };
    const config = chartConfig(model({ type: 'area', y: [2, 3] }), [], dark);
    const y = config.options?.scales?.y as unknown as {
      ticks: { color: string };
      grid: { color: string };
    };
    expect([y.ticks.color, y.grid.color]).toEqual(['#e7effc', '#2d4a7a']);
    expect(config.data.datasets.map((d) => d.borderColor)).toEqual(DARK_SERIES.slice(0, 2));
    // Areas are see-through, so the one behind shows.
    expect(config.data.datasets[0].backgroundColor).toBe('rgba(106, 166, 255, 0.25)');
  });
});

describe('a new chart and what it draws (issue 26, item 5)', () => {
  it('puts a date column along x and draws a number column, never a date or text', () => {
    // Columns: Month (numbers), Payment, Balance, Due (dates), Note (text), Rate.
    expect(defaultChart(table(), 'line', raw)).toEqual({
      type: 'line',
      x: 4,
      y: [6],
      show: 'both',
    });
  });

  it('puts a text column along x when there is no date column', () => {
    const rows = raw.map((row) => ({ Month: row.Month, Note: row.Note, Payment: row.Payment }));
    const own = { ...table(), metaOutputs: [columns[0], columns[4], columns[1]] };
    expect(defaultChart(own, 'bar', rows)).toEqual({ type: 'bar', x: 5, y: [2], show: 'both' });
  });

  it('keeps the first column along x for numbers only, and draws the next number column', () => {
    const rows = raw.map((row) => ({ Month: row.Month, Payment: row.Payment }));
    const own = { ...table(), metaOutputs: [columns[0], columns[1]] };
    expect(defaultChart(own, 'line', rows)).toEqual({ type: 'line', x: 1, y: [2], show: 'both' });
    // Before the first result, the first column along x and the second drawn.
    expect(defaultChart(own, 'line')).toEqual({ type: 'line', x: 1, y: [2], show: 'both' });
  });

  it('draws no series for a date or text column, even when asked to', () => {
    const drawn = model({ x: 1, y: [4, 5, 3] });
    expect(drawn.series.map((s) => s.label)).toEqual(['Balance']);
    expect(chartModel({ type: 'line', x: 1, y: [4, 5] }, columns, raw, display)).toBeNull();
  });

  it('draws the one point of a one-row table inside its axis, never on a zero-wide one', () => {
    const one = chartModel({ type: 'line', x: 4, y: [2] }, columns, raw.slice(0, 1), display);
    if (!one) throw new Error('no chart');
    const config = chartConfig(one, ['$0', '$250', '$500', '$750'], theme);
    const x = config.options?.scales?.x as unknown as Record<string, number>;
    const at = Date.UTC(2026, 0, 31);
    expect(x.min).toBeLessThan(at);
    expect(x.max).toBeGreaterThan(at);
    expect(at - x.min).toBe(x.max - at);
    expect(tickTexts(x as unknown as Record<string, unknown>)).toEqual(['Jan 31, 2026']);
    const y = config.options?.scales?.y as unknown as Record<string, number>;
    expect(y.min).toBeLessThanOrEqual(500);
    expect(y.max).toBeGreaterThanOrEqual(500);

    const numbers = chartModel({ type: 'line', x: 1, y: [2] }, columns, raw.slice(0, 1), display);
    const numberX = chartConfig(numbers!, [], theme).options?.scales?.x as unknown as Record<
      string,
      number
    >;
    expect(numberX.min).toBeLessThan(1);
    expect(numberX.max).toBeGreaterThan(1);
  });
});
