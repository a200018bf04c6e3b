// A table's rows as a chart's data: the x column and the drawn columns as series, with
// each point's text as the engine formatted it (the table's cells), and the y axis's
// tick values (their texts come from the engine too: format.ts). No formatting here.
import { rawDateMs } from '../../../lib/table-export';
import type { OutputDef } from '../../../lib/types';
import { columnKind, type ChartSettings, type ChartType } from './settings';

export interface ChartSeries {
  /** The column's name: the legend's entry. */
  label: string;
  column: OutputDef;
  /** One value a row (null: no number there). */
  data: (number | null)[];
  /** One text a row: the table's cell, formatted by the engine. */
  display: string[];
}

/**
 * The x axis: the rows' x texts one after another (`category`: bars, text), or a number
 * line (`linear`: numbers, or dates as time stamps on a time axis) with ticks at a few of
 * the rows' own x values, labelled with their cells.
 */
export type ChartXAxis =
  | { kind: 'category' }
  | {
      kind: 'linear';
      time: boolean;
      /** The rows that have an x value, in order: the points' rows. */
      rows: number[];
      /** Their x values. */
      values: number[];
      /** Rows whose x value is a tick. */
      tickRows: number[];
    };

export interface ChartModel {
  type: ChartType;
  stacked: boolean;
  title: string;
  xTitle: string;
  yTitle: string;
  /** The x column's name. */
  xName: string;
  /** The x column's cells, one a row (a pie's slice names). */
  xDisplay: string[];
  x: ChartXAxis;
  series: ChartSeries[];
  /** The y axis's ticks, low to high, and the column whose format they take; null for a pie. */
  y: { ticks: number[]; column: OutputDef } | null;
}

/** How many of the rows' x values become ticks on a number or time axis, at most. */
export const X_TICKS = 6;
/** About how many ticks the y axis has. */
export const Y_TICKS = 5;

const isPie = (type: ChartType) => type === 'pie' || type === 'doughnut';

function numberOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The x value of a raw cell on a number line: a number, or a date's time stamp. */
function xValue(value: unknown, time: boolean): number | null {
  return time ? rawDateMs(value) : numberOf(value);
}

/** `count` indices spread evenly over `length` items, the first and the last among them. */
export function spreadIndices(length: number, count: number): number[] {
  if (length <= count) return Array.from({ length }, (_, i) => i);
  if (count <= 1) return [0];
  const step = (length - 1) / (count - 1);
  return [...new Set(Array.from({ length: count }, (_, i) => Math.round(i * step)))];
}

/** 1, 2, 2.5, 5 or 10 times a power of ten, near `value` (Heckbert's nice numbers). */
function niceStep(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value));
  const fraction = value / power;
  const nice =
    fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/** Round tick values from at most `min` to at least `max`, about `count` of them. */
export function niceTicks(min: number, max: number, count = Y_TICKS): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
  if (min > max) [min, max] = [max, min];
  if (min === 0 && max === 0) {
    // Nothing but zero (a one-row table's paid-off balance): nothing below zero to show.
    max = 1;
  } else if (min === max) {
    const pad = Math.abs(min) / 2;
    min -= pad;
    max += pad;
  }
  const step = niceStep((max - min) / Math.max(1, count - 1));
  const first = Math.floor(min / step);
  const last = Math.ceil(max / step);
  // 12 significant digits: 0.1 × 3 is 0.3 on the axis, not 0.30000000000000004.
  return Array.from({ length: last - first + 1 }, (_, i) =>
    Number(((first + i) * step).toPrecision(12)),
  );
}

/** The lowest and highest values drawn: sums of each row's values when stacked. */
function extent(series: ChartSeries[], stacked: boolean): [number, number] {
  const values: number[] = [];
  if (stacked) {
    const rows = Math.max(0, ...series.map((s) => s.data.length));
    for (let row = 0; row < rows; row++) {
      let up = 0;
      let down = 0;
      for (const s of series) {
        const value = s.data[row] ?? 0;
        if (value > 0) up += value;
        else down += value;
      }
      values.push(up, down);
    }
  } else {
    for (const s of series) for (const value of s.data) if (value !== null) values.push(value);
  }
  return values.length ? [Math.min(...values), Math.max(...values)] : [0, 1];
}

/**
 * The chart of a table: `columns` are its column definitions, `raw` its rows as the
 * calculation returned them and `display` the same rows as the engine formatted them.
 */
export function chartModel(
  settings: ChartSettings,
  columns: OutputDef[],
  raw: Record<string, unknown>[],
  display: Record<string, string>[],
): ChartModel | null {
  const xColumn = columns.find((column) => column.id === settings.x);
  // A column of dates or text has no numbers to draw: it is never a series.
  const yColumns = settings.y
    .map((id) => columns.find((column) => column.id === id))
    .filter((column): column is OutputDef => !!column)
    .filter((column) => {
      const kind = columnKind(raw, column.name);
      return kind === 'number' || kind === 'empty';
    });
  if (!xColumn || yColumns.length === 0) return null;
  const pie = isPie(settings.type);
  const drawn = pie ? yColumns.slice(0, 1) : yColumns;
  const stacked = !!settings.stacked && (settings.type === 'bar' || settings.type === 'area');

  const series = drawn.map((column) => ({
    label: column.name,
    column,
    data: raw.map((row) => numberOf(row[column.name])),
    display: raw.map((_, i) => display[i]?.[column.name] ?? ''),
  }));
  const xDisplay = raw.map((_, i) => display[i]?.[xColumn.name] ?? '');

  // A number or date column under a line or an area is a number line: the distance
  // between points shows the distance between their x values (a time axis for dates).
  let x: ChartXAxis = { kind: 'category' };
  if (settings.type === 'line' || settings.type === 'area') {
    const cells = raw.map((row) => row[xColumn.name]).filter((v) => v !== null && v !== undefined);
    const time = cells.length > 0 && cells.every((v) => rawDateMs(v) !== null);
    if (time || (cells.length > 0 && cells.every((v) => numberOf(v) !== null))) {
      const rows = raw
        .map((row, i) => (xValue(row[xColumn.name], time) === null ? -1 : i))
        .filter((i) => i >= 0);
      const values = rows.map((i) => xValue(raw[i][xColumn.name], time) as number);
      const tickRows = spreadIndices(rows.length, X_TICKS).map((i) => rows[i]);
      x = { kind: 'linear', time, rows, values, tickRows };
    }
  }

  let y: ChartModel['y'] = null;
  if (!pie) {
    const [low, high] = extent(series, stacked);
    // Bars and areas grow from zero; a line may sit away from it.
    const zero = settings.type !== 'line';
    y = {
      ticks: niceTicks(zero ? Math.min(0, low) : low, zero ? Math.max(0, high) : high),
      column: drawn[0],
    };
  }

  return {
    type: settings.type,
    stacked,
    title: settings.title?.trim() ?? '',
    xTitle: settings.xLabel?.trim() || (pie ? '' : xColumn.name),
    yTitle: settings.yLabel?.trim() || (drawn.length === 1 && !pie ? drawn[0].name : ''),
    xName: xColumn.name,
    xDisplay,
    x,
    series,
    y,
  };
}
