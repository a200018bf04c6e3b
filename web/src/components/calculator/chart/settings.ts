// A table output's chart, as the author set it up: kept in the doc as the table's `chart`
// field (an unknown field to the engine and the server, which keep it as written).
import { rawDateMs } from '../../../lib/table-export';
import type { OutputDef } from '../../../lib/types';

export const CHART_TYPES = ['line', 'bar', 'area', 'pie', 'doughnut'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** Whether the table is shown beside the chart, or only to screen readers. */
export type ChartShow = 'both' | 'chart';

export interface ChartSettings {
  type: ChartType;
  /** The id of the column along the x axis (a pie's slice names). */
  x: number;
  /** The ids of the columns drawn (a pie draws the first). */
  y: number[];
  /** Bars or areas stacked on each other rather than side by side / overlapping. */
  stacked?: boolean;
  show?: ChartShow;
  title?: string;
  xLabel?: string;
  yLabel?: string;
}

const isChartType = (value: unknown): value is ChartType =>
  typeof value === 'string' && (CHART_TYPES as readonly string[]).includes(value);

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The chart of a table output, read from its `chart` field: null for a value output, no
 * chart, an unknown type, or no column to draw. Columns that no longer exist are dropped.
 */
export function chartSettings(output: OutputDef): ChartSettings | null {
  const chart = output.chart;
  if (output.type !== 'table' || !chart || typeof chart !== 'object') return null;
  const raw = chart as Record<string, unknown>;
  if (!isChartType(raw.type)) return null;
  const ids = new Set((output.metaOutputs ?? []).map((column) => column.id));
  const x = typeof raw.x === 'number' && ids.has(raw.x) ? raw.x : null;
  const y = Array.isArray(raw.y)
    ? raw.y.filter((id): id is number => typeof id === 'number' && ids.has(id) && id !== x)
    : [];
  if (x === null || y.length === 0) return null;
  return {
    type: raw.type,
    x,
    y: [...new Set(y)],
    stacked: raw.stacked === true,
    show: raw.show === 'chart' ? 'chart' : 'both',
    title: text(raw.title),
    xLabel: text(raw.xLabel),
    yLabel: text(raw.yLabel),
  };
}

/** What a column holds in the rows of a result: only then can a chart use it well. */
export type ColumnKind = 'number' | 'date' | 'text' | 'empty';

/** The kind of a column's raw cells (`EvalResult.outputs` rows); blanks are left out. */
export function columnKind(rows: readonly Record<string, unknown>[], name: string): ColumnKind {
  const cells = rows.map((row) => row?.[name]).filter((v) => v !== null && v !== undefined);
  if (cells.length === 0) return 'empty';
  if (cells.every((v) => typeof v === 'number')) return 'number';
  if (cells.every((v) => rawDateMs(v) !== null)) return 'date';
  return cells.some((v) => typeof v === 'number') ? 'number' : 'text';
}

/**
 * A first chart for a table. With a result's rows: a date column (else a text column)
 * along x, and the first number column after it drawn — a date or text is never drawn as
 * a number series. Before the first result: the first column along x, the second drawn.
 */
export function defaultChart(
  output: OutputDef,
  type: ChartType,
  rows?: unknown,
): Record<string, unknown> {
  const columns = output.metaOutputs ?? [];
  const chart = (x: number, y: number[]) => ({ type, x, y, show: 'both' });
  if (!Array.isArray(rows) || rows.length === 0) {
    return chart(columns[0]?.id ?? 1, columns[1] ? [columns[1].id] : []);
  }
  const objects = rows.filter(
    (row): row is Record<string, unknown> => !!row && typeof row === 'object',
  );
  const kinds = columns.map((column) => columnKind(objects, column.name));
  let x = kinds.indexOf('date');
  if (x < 0) x = kinds.indexOf('text');
  if (x < 0) x = 0;
  const after = kinds.findIndex((kind, i) => i > x && kind === 'number');
  const y = after >= 0 ? after : kinds.findIndex((kind, i) => i !== x && kind === 'number');
  return chart(columns[x]?.id ?? 1, y >= 0 ? [columns[y].id] : []);
}
