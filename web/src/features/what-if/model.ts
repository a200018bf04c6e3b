// The what-if tools' pure parts: which inputs and outputs they can use, numbers typed by a
// person, a table's axes, its colour scale, and its CSV and clipboard text.
import type { SweepCell } from '@calcsmith/engine';
import type { Rgb } from '../../components/calculator/colours';
import { BOM, neutraliseFormula } from '../../lib/table-export';
import type { CalcDoc, EvalResult, InputDef, OutputDef } from '../../lib/types';
import type { Locale } from '../../lib/i18n';
import type { Theme } from '../../stores/ui';

/** The top-level number inputs (the ones a what-if tool can vary). */
export function numberInputs(doc: CalcDoc): InputDef[] {
  return (doc.metaInputs ?? []).filter((input) => input.type === 'number');
}

/**
 * The value outputs whose current value is a number (a goal seek's target, a table's cells).
 * Without a result with numbers (none yet, or an error), every value output.
 */
export function numberOutputs(doc: CalcDoc, result: EvalResult | null): OutputDef[] {
  const outputs = (doc.metaOutputs ?? []).filter((output) => output.type === 'value');
  const numbers = outputs.filter((output) => typeof result?.outputs?.[output.name] === 'number');
  return numbers.length > 0 ? numbers : outputs;
}

/**
 * A number as a person types it: `1,798.65` or `1 798,65` (a comma is the decimal sign in
 * Russian, a grouping sign in English). Null when it is not a finite number.
 */
export function parseNumber(text: string, locale: Locale): number | null {
  let clean = text.trim().replace(/[\s\u00a0\u202f_]/g, '');
  if (!clean) return null;
  clean = locale === 'ru' ? clean.replace(',', '.') : clean.replace(/,/g, '');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(clean)) return null;
  const value = Number(clean);
  return Number.isFinite(value) ? value : null;
}

/** A list of numbers separated by spaces, semicolons or new lines (and commas in English). */
export function parseList(text: string, locale: Locale): number[] | null {
  const separators = locale === 'ru' ? /[;\s]+/ : /[;,\s]+/;
  const parts = text.split(separators).filter(Boolean);
  const values = parts.map((part) => parseNumber(part, locale));
  return values.every((value) => value !== null) ? (values as number[]) : null;
}

/**
 * A value found or varied, as a person reads it: at most 10 significant digits (a goal
 * seek's answer is only as exact as its tolerance), grouped as the language groups.
 */
export function formatNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { maximumSignificantDigits: 10 }).format(value);
}

/** The same without grouping, for a field a person may edit (`parseNumber` reads it back). */
export function plainNumber(value: number, locale: Locale): string {
  const text = String(Number(value.toPrecision(12)));
  return locale === 'ru' ? text.replace('.', ',') : text;
}

/** One axis of a table: an evenly spaced range or a list. */
export type Axis =
  { kind: 'range'; from: number; to: number; steps: number } | { kind: 'list'; values: number[] };

/** The axis's part of the engine's SweepSpec (the second axis with `2` after the names). */
export function axisSpec(axis: Axis, second: boolean) {
  const key = (name: string) => (second ? `${name}2` : name);
  return axis.kind === 'range'
    ? { [key('from')]: axis.from, [key('to')]: axis.to, [key('steps')]: axis.steps }
    : { [key('values')]: axis.values };
}

/** The number of values along an axis. */
export const axisLength = (axis: Axis) => (axis.kind === 'range' ? axis.steps : axis.values.length);

/** Whether two axis values are the same number (a range's steps are computed). */
export const sameValue = (a: unknown, b: number) =>
  typeof a === 'number' && Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/**
 * The colour scale of a table's cells, low to high, by theme: tints light enough (light
 * theme) or dark enough (dark theme) that the theme's text keeps WCAG AA contrast on every
 * one of them (model.test.ts checks it).
 */
export const SCALE: Record<Theme, { text: Rgb; steps: Rgb[] }> = {
  light: {
    text: [20, 33, 61],
    steps: [
      [214, 230, 255],
      [234, 242, 255],
      [246, 246, 246],
      [255, 240, 214],
      [255, 222, 176],
    ],
  },
  dark: {
    text: [231, 239, 252],
    steps: [
      [16, 52, 104],
      [24, 50, 88],
      [34, 48, 74],
      [78, 56, 20],
      [98, 62, 10],
    ],
  },
};

/** The scale step (0 to 4) of `value` between the table's lowest and highest numbers. */
export function scaleStep(value: unknown, low: number, high: number): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  if (high <= low) return 2;
  const steps = SCALE.light.steps.length;
  return Math.min(steps - 1, Math.floor(((value - low) / (high - low)) * steps));
}

/** The lowest and highest number among the cells. */
export function cellRange(cells: SweepCell[][]): { low: number; high: number } {
  let low = Infinity;
  let high = -Infinity;
  for (const row of cells)
    for (const cell of row ?? [])
      if ('value' in cell && typeof cell.value === 'number' && Number.isFinite(cell.value)) {
        low = Math.min(low, cell.value);
        high = Math.max(high, cell.value);
      }
  return { low, high };
}

/** The CSS colour of an sRGB triple. */
export const rgbCss = ([r, g, b]: Rgb) => `rgb(${r} ${g} ${b})`;

/** What a table holds, for CSV and the clipboard. */
export interface TableText {
  /** The corner: the inputs' names (`rate \ years`). */
  corner: string;
  rows: number[];
  /** Absent for one input: the output's name heads the one column. */
  columns?: number[];
  output: string;
  cells: SweepCell[][];
}

/**
 * The table as rows of text: numbers as plain digits (a spreadsheet calculates with them),
 * rounded as shown when the output rounds (the engine's `csv`), else raw; other values as
 * their display, errors as their message; text that could start a formula neutralised.
 */
function matrix(table: TableText): string[][] {
  const header = [
    neutraliseFormula(table.corner),
    ...(table.columns ? table.columns.map(String) : [neutraliseFormula(table.output)]),
  ];
  const cellText = (cell: SweepCell | undefined) => {
    if (!cell) return '';
    if ('error' in cell) return neutraliseFormula(cell.error);
    // A number of an output that rounds: the engine's digits, as the page shows it.
    if (typeof cell.value === 'number') return cell.csv ?? String(cell.value);
    return neutraliseFormula(cell.display);
  };
  return [
    header,
    ...table.rows.map((row, index) => [
      String(row),
      ...(table.cells[index] ?? []).map((cell) => cellText(cell)),
    ]),
  ];
}

const csvField = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** The table as CSV (RFC 4180, CRLF, BOM first). */
export function tableCsv(table: TableText): string {
  return (
    BOM +
    matrix(table)
      .map((line) => line.map(csvField).join(',') + '\r\n')
      .join('')
  );
}

/** The table as tab-separated text for pasting. */
export function tableTsv(table: TableText): string {
  return matrix(table)
    .map((line) => line.map((text) => text.replace(/\r\n|[\t\r\n]/g, ' ')).join('\t'))
    .join('\n');
}
