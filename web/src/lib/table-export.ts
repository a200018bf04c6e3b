// A table output as a file and as clipboard text: CSV (RFC 4180) for spreadsheets and
// tab-separated text for pasting. Both carry values, never the display text, so a
// spreadsheet gets numbers it can calculate with, and neither lets a text cell act as a
// formula there (issue 25). A number in a column with a rounding rule of its own is the
// engine's rounded number (`EvalResult.csv`, plain digits), as the page shows it; every other
// cell is the raw value.

/** A table to export: column names as the table shows them, and rows of raw values. */
export interface ExportTable {
  columns: string[];
  /** Raw rows (`EvalResult.outputs`), keyed by column name. */
  rows: Record<string, unknown>[];
  /** The engine's rounded cells by row (`EvalResult.csv`), where a column rounds. */
  rounded?: Record<string, string>[];
}

/** A byte-order mark: without it spreadsheets read UTF-8 CSV as the system's code page. */
export const BOM = '\uFEFF';

// `Date.prototype.toISOString`, which is how the engine writes a date's raw value.
const ISO_INSTANT = /^([+-]\d{6}|\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * One raw value as text: numbers as JavaScript writes them (`.` decimals, no grouping),
 * dates as `YYYY-MM-DD`, null and undefined empty, the rest as it is.
 */
export function rawText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return isoDay(value.getTime());
  if (typeof value === 'string') return ISO_INSTANT.test(value) ? value.slice(0, -14) : value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A raw date's time stamp (ms, UTC) — a raw value in `toISOString`'s shape — else null. */
export function rawDateMs(value: unknown): number | null {
  if (typeof value !== 'string' || !ISO_INSTANT.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

function isoDay(ms: number): string {
  return Number.isFinite(ms) && Math.abs(ms) <= 8.64e15
    ? new Date(ms).toISOString().slice(0, -14)
    : '';
}

// What makes a spreadsheet read a cell as a formula (`=`, `+`, `-`, `@`) or skip to one
// (a tab or carriage return before it).
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text a spreadsheet must not run: an author's or a visitor's text starting like a formula
 * (`=HYPERLINK(…)`) gets a `'` before it, as OWASP advises against CSV injection.
 * Numbers, dates and booleans never pass through here: `-5` stays a number.
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A cell's text; only text cells (not numbers, dates, booleans) can be a formula. */
function cellText(value: unknown): string {
  const text = rawText(value);
  return typeof value === 'string' && rawDateMs(value) === null ? neutraliseFormula(text) : text;
}

function matrix(table: ExportTable): string[][] {
  return [
    table.columns.map(neutraliseFormula),
    ...table.rows.map((row, index) =>
      table.columns.map((column) => table.rounded?.[index]?.[column] ?? cellText(row[column])),
    ),
  ];
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The table as CSV (RFC 4180: CRLF line ends, quoted where needed), BOM first. */
export function tableToCsv(table: ExportTable): string {
  return (
    BOM +
    matrix(table)
      .map((line) => line.map(csvField).join(',') + '\r\n')
      .join('')
  );
}

/** The table as tab-separated text; tabs and line breaks inside a value become spaces. */
export function tableToTsv(table: ExportTable): string {
  return matrix(table)
    .map((line) => line.map((text) => text.replace(/\r\n|[\t\r\n]/g, ' ')).join('\t'))
    .join('\n');
}

/** A file name from the calculator's and the output's names: letters, digits, `-` and `_`. */
export function csvFileName(calcName: string, outputName: string): string {
  const safe = (name: string) =>
    name
      .normalize('NFC')
      .replace(/[^\p{L}\p{N}_-]+/gu, '-')
      .replace(/^-+|-+$/g, '');
  const parts = [safe(calcName), safe(outputName)].filter(Boolean);
  return `${(parts.join('-') || 'table').slice(0, 100)}.csv`;
}
