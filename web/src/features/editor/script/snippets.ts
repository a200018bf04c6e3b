// The formula helper's palette. `|` marks where the caret goes (and where selected text
// is wrapped); a snippet without `|` puts the caret after it.
import type { InputDef, OutputDef } from '../../../lib/types';
import { inputAccess, propertyKey } from './formula';

export const CARET = '|';

export const MATH_SNIPPETS: readonly string[] = [
  'Math.round(|)',
  'Math.floor(|)',
  'Math.ceil(|)',
  'Math.abs(|)',
  'Math.min(|, )',
  'Math.max(|, )',
  'Math.pow(|, 2)',
  'Math.sqrt(|)',
  'Math.log(|)',
  'Math.exp(|)',
  'Math.PI',
];

export const MATHJS_SNIPPETS: readonly string[] = [
  'math.round(|, 2)',
  'math.sqrt(|)',
  'math.pow(|, 2)',
  'math.sum(|)',
  'math.mean(|)',
  'math.median(|)',
  'math.std(|)',
  'math.factorial(|)',
  'math.combinations(|, )',
  "math.evaluate('|')",
];

export const MOMENT_SNIPPETS: readonly string[] = [
  'moment(|)',
  "moment(|).diff(, 'days')",
  "moment(|).add(1, 'months').toDate()",
  "moment(|).format('LL')",
  "moment().startOf('day').toDate()",
];

/** The snippet's text without the caret mark. */
export function snippetLabel(snippet: string): string {
  return snippet.replace(CARET, '');
}

/** One button per input (`inputs.a`, `inputs["my value"]`). */
export function inputSnippets(inputs: readonly InputDef[]): string[] {
  return inputs.map((input) => inputAccess(input.name));
}

/** `[{ a: 0, "col b": 0 }]`: a table's rows, to fill in. */
export function rowsSnippet(table: OutputDef): string {
  const cells = (table.metaOutputs ?? []).map((column) => `${propertyKey(column.name)}: 0`);
  return cells.length ? `[{ ${cells.join(', ')} }]` : '[]';
}

/**
 * `value` with `snippet` put over the selection [start, end): a selection is wrapped at
 * the caret mark. Returns the new value and where the caret goes.
 */
export function applySnippet(
  value: string,
  start: number,
  end: number,
  snippet: string,
): { value: string; caret: number } {
  const selected = value.slice(start, end);
  const mark = snippet.indexOf(CARET);
  const before = mark < 0 ? snippet : snippet.slice(0, mark);
  const after = mark < 0 ? '' : snippet.slice(mark + CARET.length);
  const inserted = before + selected + after;
  const caret = mark < 0 ? start + inserted.length : start + before.length + selected.length;
  return { value: value.slice(0, start) + inserted + value.slice(end), caret };
}
