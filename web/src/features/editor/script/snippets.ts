// The formula helper's palette. In the templates `|` marks where the caret goes (and
// where selected text is wrapped); a template without `|` puts the caret after it.
import type { InputDef, OutputDef } from '../../../lib/types';
import { inputAccess, propertyKey } from './formula';

/** Text put before and after the caret (or around the selection). */
export interface Snippet {
  before: string;
  after: string;
}

const CARET = '|';

function template(text: string): Snippet {
  const mark = text.indexOf(CARET);
  return mark < 0
    ? { before: text, after: '' }
    : { before: text.slice(0, mark), after: text.slice(mark + CARET.length) };
}

export const MATH_SNIPPETS: readonly Snippet[] = [
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
].map(template);

export const MATHJS_SNIPPETS: readonly Snippet[] = [
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
].map(template);

export const MOMENT_SNIPPETS: readonly Snippet[] = [
  'moment(|)',
  "moment(|).diff(, 'days')",
  "moment(|).add(1, 'months').toDate()",
  "moment(|).format('LL')",
  "moment().startOf('day').toDate()",
].map(template);

export const FORMULAJS_SNIPPETS: readonly Snippet[] = [
  'formulajs.PMT(| / 12, , )',
  'formulajs.NPV(|, )',
  'formulajs.IRR([|])',
  'formulajs.XIRR([|], [])',
  'formulajs.WORKDAY(|, )',
  'formulajs.NETWORKDAYS(|, )',
  'formulajs.EDATE(|, 1)',
  'formulajs.VLOOKUP(|, [], 2, false)',
  'formulajs.ROUND(|, 2)',
].map(template);

export const DECIMAL_SNIPPETS: readonly Snippet[] = [
  'new Decimal(|)',
  'new Decimal(|).plus()',
  'new Decimal(|).times()',
  'new Decimal(|).dividedBy()',
  'new Decimal(|).toDecimalPlaces(2)',
  'Decimal.sum(|)',
].map(template);

/** What a palette button shows: the snippet's code. */
export function snippetLabel(snippet: Snippet): string {
  return snippet.before + snippet.after;
}

/** One button per input (`inputs.a`, `inputs["my value"]`). */
export function inputSnippets(inputs: readonly InputDef[]): Snippet[] {
  return inputs.map((input) => ({ before: inputAccess(input.name), after: '' }));
}

/** `[{ a: 0, "col b": 0 }]`: a table's rows, to fill in. */
export function rowsSnippet(table: OutputDef): Snippet {
  const cells = (table.metaOutputs ?? []).map((column) => `${propertyKey(column.name)}: 0`);
  return { before: cells.length ? `[{ ${cells.join(', ')} }]` : '[]', after: '' };
}

/**
 * `value` with `snippet` put over the selection [start, end), the selected text wrapped
 * at the caret. Returns the new value and where the caret goes.
 */
export function applySnippet(
  value: string,
  start: number,
  end: number,
  snippet: Snippet,
): { value: string; caret: number } {
  const selected = value.slice(start, end);
  const inserted = snippet.before + selected + snippet.after;
  const caret = start + snippet.before.length + selected.length;
  return { value: value.slice(0, start) + inserted + value.slice(end), caret };
}
