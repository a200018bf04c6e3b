// A chart model as a Chart.js configuration, in the page's (or the calculator's) colours.
// Every text on it is the engine's: the tooltips show the table's cells, the x ticks on a
// number or time axis the cells of the rows they stand at, the y ticks `yLabels` (the
// engine's formatting of the tick values, format.ts). Chart.js's own number and date
// formatting is never used. Pure, so Vitest checks it without a canvas.
import type { ChartConfiguration, ChartDataset, Scale, TooltipItem } from 'chart.js';
import type { ChartModel } from './model';

export interface ChartTheme {
  /** Text: ticks, axis titles, the legend. */
  text: string;
  /** Grid lines and axes. */
  grid: string;
  /** What the chart is drawn on (a slice's edge). */
  surface: string;
  /** The series' colours, in order (cycled). */
  series: string[];
}

/** Series colours with at least 3:1 against the light surfaces and the dark ones. */
export const LIGHT_SERIES = ['#1f5bc4', '#c2410c', '#15803d', '#7e22ce', '#b91c1c', '#0e7490'];
export const DARK_SERIES = ['#6aa6ff', '#fdba74', '#86efac', '#d8b4fe', '#fca5a5', '#67e8f9'];

/** A `#rrggbb` colour at `alpha` (area fills). */
export function translucent(colour: string, alpha: number): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour.trim());
  if (!hex) return colour;
  const n = parseInt(hex[1], 16);
  return `rgba(${n >> 16}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

/** More points than this are drawn as a line without dots. */
const DOTS_UP_TO = 40;

/** The Chart.js chart types drawn (an area is a filled line). */
export type DrawnType = 'line' | 'bar' | 'pie' | 'doughnut';
type AnyConfig = ChartConfiguration<DrawnType>;

/** Sets a scale's ticks to `values` (Chart.js would pick its own). */
const fixedTicks = (values: number[]) => (scale: Scale) => {
  scale.ticks = values.map((value) => ({ value }));
};

const labelFor = (values: number[], labels: string[]) => {
  const byValue = new Map(values.map((value, i) => [value, labels[i] ?? '']));
  return (value: number | string) => byValue.get(Number(value)) ?? '';
};

/**
 * The x axis's ends: the lowest and highest x value. One value (a one-row table) would
 * make an axis of no width, on which Chart.js draws nothing: it gets room on both sides
 * (a day for a date), the point in the middle.
 */
function xRange(values: number[], time: boolean): [number, number] {
  const min = Math.min(...values);
  const max = Math.max(...values);
  if (min !== max) return [min, max];
  const pad = time ? 86_400_000 : min === 0 ? 1 : Math.abs(min) / 2;
  return [min - pad, max + pad];
}

export function chartConfig(model: ChartModel, yLabels: string[], theme: ChartTheme): AnyConfig {
  const colour = (i: number) => theme.series[i % theme.series.length];
  const font = { family: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', size: 12 };
  const common = {
    // Redrawn in place on every recalculation: no animation, so no flicker.
    animation: false as const,
    responsive: true,
    maintainAspectRatio: false,
    // Sharp when printed or zoomed.
    devicePixelRatio: Math.max(2, globalThis.devicePixelRatio || 1),
    color: theme.text,
    font,
  };

  if (model.type === 'pie' || model.type === 'doughnut') {
    const series = model.series[0];
    return {
      type: model.type,
      data: {
        labels: model.xDisplay,
        datasets: [
          {
            label: series.label,
            data: series.data.map((value) => value ?? 0),
            backgroundColor: model.xDisplay.map((_, i) => colour(i)),
            borderColor: theme.surface,
            borderWidth: 2,
          },
        ],
      },
      options: {
        ...common,
        plugins: {
          legend: { display: true, position: 'bottom', labels: { color: theme.text, font } },
          tooltip: {
            callbacks: {
              label: (item: TooltipItem<'pie' | 'doughnut'>) =>
                `${model.xDisplay[item.dataIndex]}: ${series.display[item.dataIndex]}`,
            },
          },
        },
      },
    } as AnyConfig;
  }

  const x = model.x;
  const linear = x.kind === 'linear';
  // The row a point stands for: on a number line only rows with an x value are points.
  const rowOf = (index: number) => (linear ? x.rows[index] : index);
  const area = model.type === 'area';
  const many = (linear ? x.rows.length : model.xDisplay.length) > DOTS_UP_TO;

  const datasets = model.series.map((series, i) => {
    const data = linear
      ? x.rows.map((row, k) => ({ x: x.values[k], y: series.data[row] }))
      : series.data;
    const base = {
      label: series.label,
      data,
      borderColor: colour(i),
      backgroundColor: area ? translucent(colour(i), 0.25) : colour(i),
    };
    return model.type === 'bar'
      ? base
      : {
          ...base,
          borderWidth: 2,
          pointRadius: many ? 0 : 3,
          pointHoverRadius: 4,
          tension: 0,
          fill: area ? (model.stacked && i > 0 ? '-1' : 'origin') : false,
        };
  }) as ChartDataset<'line' | 'bar'>[];

  const yTicks = model.y?.ticks ?? [0, 1];
  const axisTitle = (text: string) => ({
    display: text !== '',
    text,
    color: theme.text,
    font: { ...font, weight: 'bold' as const },
  });
  const tickStyle = {
    color: theme.text,
    font,
    maxRotation: 0,
    autoSkip: true,
    autoSkipPadding: 16,
  };
  const [xMin, xMax] = linear ? xRange(x.values, x.time) : [0, 0];
  const xScale = linear
    ? {
        type: 'linear' as const,
        min: xMin,
        max: xMax,
        afterBuildTicks: fixedTicks(x.tickRows.map((row) => x.values[x.rows.indexOf(row)])),
        ticks: {
          ...tickStyle,
          callback: labelFor(
            x.tickRows.map((row) => x.values[x.rows.indexOf(row)]),
            x.tickRows.map((row) => model.xDisplay[row]),
          ),
        },
      }
    : { type: 'category' as const, labels: model.xDisplay, ticks: tickStyle };

  return {
    type: model.type === 'bar' ? 'bar' : 'line',
    data: { datasets },
    options: {
      ...common,
      interaction: { mode: 'index', intersect: false },
      plugins: {
        legend: {
          display: model.series.length > 1,
          position: 'bottom',
          labels: { color: theme.text, font },
        },
        tooltip: {
          callbacks: {
            title: (items: TooltipItem<'line' | 'bar'>[]) =>
              items.length ? model.xDisplay[rowOf(items[0].dataIndex)] : '',
            label: (item: TooltipItem<'line' | 'bar'>) => {
              const series = model.series[item.datasetIndex];
              return `${series.label}: ${series.display[rowOf(item.dataIndex)]}`;
            },
          },
        },
      },
      scales: {
        x: {
          ...xScale,
          stacked: model.stacked,
          title: axisTitle(model.xTitle),
          grid: { color: theme.grid },
          border: { color: theme.grid },
        },
        y: {
          type: 'linear',
          stacked: model.stacked,
          min: yTicks[0],
          max: yTicks.at(-1),
          afterBuildTicks: fixedTicks(yTicks),
          ticks: { ...tickStyle, callback: labelFor(yTicks, yLabels) },
          title: axisTitle(model.yTitle),
          grid: { color: theme.grid },
          border: { color: theme.grid },
        },
      },
    },
  } as AnyConfig;
}
