// Formatting values that no calculation produced (a chart's axis ticks) by an output
// definition, in the engine: there is one formatter, the engine's (engine/src/display/format.rs),
// never a second one in the page. The engine formats what a calculator returns, so the
// values are asked for as a calculator: a one-column table whose rows are the values.
import type { CalcDoc, EvalResult, OutputDef } from '@calcsmith/engine';

/** A value to format: a number, or a date given as its time stamp (ms since 1970, UTC). */
export type FormatValue = { number: number } | { date: number };

const COLUMN = 'v';
const TABLE = 't';

/** The definition's formatting fields only: its name, id and chart do not matter here, and its
 * rounding rule is left out too (a step of 1000 would move the ticks it labels). */
function formatFields(def: OutputDef): OutputDef {
  const column: OutputDef = { id: 1, name: COLUMN, type: 'value' };
  for (const key of ['percent', 'currencySign', 'decimalPlaces', 'prefix', 'suffix'] as const) {
    if (def[key] !== undefined) column[key] = def[key] as never;
  }
  return column;
}

const literal = (value: FormatValue): string => {
  if ('date' in value) return `new Date(${Number.isFinite(value.date) ? value.date : 'NaN'})`;
  const n = value.number;
  if (Number.isNaN(n)) return 'NaN';
  if (!Number.isFinite(n)) return n > 0 ? 'Infinity' : '-Infinity';
  // Shortest round trip: the engine reads back exactly this number.
  return Object.is(n, -0) ? '-0' : String(n);
};

/** A calculator that returns `values` as the rows of a table formatted as `def`. */
export function formatDoc(def: OutputDef, values: FormatValue[]): CalcDoc {
  const rows = values.map((value) => `{ ${COLUMN}: ${literal(value)} }`).join(', ');
  return {
    name: '',
    script: `'use strict';\nreturn { ${TABLE}: [${rows}] };\n`,
    libraries: { lodash: false, moment: false, mathjs: false },
    defaults: {},
    metaInputs: [],
    metaOutputs: [{ id: 1, name: TABLE, type: 'table', metaOutputs: [formatFields(def)] }],
  };
}

/** The texts `formatDoc`'s calculation gives, one a value; null if it failed. */
export function formattedTexts(result: EvalResult | null, count: number): string[] | null {
  const rows = result?.display?.[TABLE];
  if (!Array.isArray(rows) || rows.length !== count) return null;
  return rows.map((row) => row[COLUMN] ?? '');
}
