// Which table cells must stay whole. A number, a date or an amount broken over two lines
// (`3,333.` / `333`) reads as two values, so such a cell never wraps; text wraps only
// between words (styles.css, `.cell-number`, `.cell-date`).
import { rawDateMs } from '../../lib/table-export';

export type CellKind = 'number' | 'date' | 'text';

// The engine's date texts (engine/src/display/format.rs, `format_date`) and ISO days.
const DATE_TEXT = [
  /^[A-Z][a-z]{2} \d{1,2}, -?\d{1,6}$/,
  /^\d{1,2} [а-я]{3,5}\.? -?\d{1,6} г\.$/,
  /^-?\d{4,6}-\d{2}-\d{2}$/,
];

/**
 * A number's text: digits with their signs, separators (no-break spaces included),
 * currency and percent signs, and at most one short unit (`kg`, `USD`, `e` of `1e-7`).
 */
function looksNumeric(text: string): boolean {
  if (!/[\d∞]/.test(text)) return false;
  const rest = text.replace(/[\d∞\s.,'’+\-−()%‰\p{Sc}\p{Sm}]/gu, ' ').trim();
  if (rest === '') return true;
  const words = rest.split(/\s+/);
  return words.length === 1 && words[0].length <= 4;
}

/** A cell's kind from its raw value (`EvalResult.outputs`) when known, else its text. */
export function cellKind(raw: unknown, text: string): CellKind {
  if (typeof raw === 'number' || typeof raw === 'boolean' || typeof raw === 'bigint') {
    return 'number';
  }
  if (rawDateMs(raw) !== null) return 'date';
  const trimmed = text.trim();
  if (DATE_TEXT.some((pattern) => pattern.test(trimmed))) return 'date';
  return looksNumeric(trimmed) ? 'number' : 'text';
}
