// The shapes the script works with, as text for the schema help (spec §5: names that are
// not identifiers are shown quoted).
import type { CalcDoc, InputDef, OutputDef } from '../../../lib/types';
import { inputAccess, propertyKey } from './formula';

export interface SchemaText {
  /** Comment closing a list's or a table's example object. */
  onePerItem: string;
  onePerRow: string;
  percent: string;
}

export const ENGLISH_SCHEMA_TEXT: SchemaText = {
  onePerItem: '… one object per item',
  onePerRow: '… one object per row',
  percent: 'percent: 0.25 shows as 25%',
};

const INDENT = '  ';

/** The type the script sees for an input's value (the table in docs/engine.md, "Evaluation"). */
export function inputType(input: InputDef): string {
  switch (input.type) {
    case 'number':
      return 'number | null';
    case 'string':
      return 'string | null';
    case 'binary':
      return 'boolean';
    case 'date':
      return 'Date | null';
    case 'choice': {
      const values = (input.choices ?? []).map((choice) => literal(choice.value));
      return [...new Set(values), 'null'].join(' | ');
    }
    default:
      return 'array';
  }
}

function literal(value: unknown): string {
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** `inputs = { … };` with each input's type; lists as an array of objects. */
export function inputsSchema(doc: CalcDoc, text: SchemaText = ENGLISH_SCHEMA_TEXT): string {
  const lines = objectLines(doc.metaInputs ?? [], INDENT, (input, indent) => {
    if (input.type !== 'list') return [`${indent}${propertyKey(input.name)}: ${inputType(input)},`];
    return [
      `${indent}${propertyKey(input.name)}: [`,
      ...itemLines(input.metaInputs ?? [], indent + INDENT, (sub, inner) => [
        `${inner}${propertyKey(sub.name)}: ${inputType(sub)},`,
      ]),
      `${indent}${INDENT}// ${text.onePerItem}`,
      `${indent}],`,
    ];
  });
  return `inputs = ${lines}`;
}

/** How the script reads each input: `inputs.a`, `inputs["my value"]`, `inputs.list[0].b`. */
export function inputAccessList(doc: CalcDoc): string[] {
  const list: string[] = [];
  for (const input of doc.metaInputs ?? []) {
    const access = inputAccess(input.name);
    list.push(access);
    if (input.type === 'list') {
      for (const sub of input.metaInputs ?? []) {
        list.push(`${access}[0]${memberAccess(sub.name)}`);
      }
    }
  }
  return list;
}

function memberAccess(name: string): string {
  return inputAccess(name).slice('inputs'.length);
}

/** `return { … };` with each output; tables as an array of row objects. */
export function outputsSchema(doc: CalcDoc, text: SchemaText = ENGLISH_SCHEMA_TEXT): string {
  const lines = objectLines(doc.metaOutputs ?? [], INDENT, (output, indent) => {
    if (output.type !== 'table')
      return [`${indent}${propertyKey(output.name)}: value,${note(output, text)}`];
    return [
      `${indent}${propertyKey(output.name)}: [`,
      ...itemLines(output.metaOutputs ?? [], indent + INDENT, (column, inner) => [
        `${inner}${propertyKey(column.name)}: value,${note(column, text)}`,
      ]),
      `${indent}${INDENT}// ${text.onePerRow}`,
      `${indent}],`,
    ];
  });
  return `return ${lines};`;
}

function note(output: OutputDef, text: SchemaText): string {
  return output.percent ? ` // ${text.percent}` : '';
}

/** `{`, a line group per item, `}` — `{}` when there are none. */
function objectLines<T>(
  items: readonly T[],
  indent: string,
  render: (item: T, indent: string) => string[],
): string {
  if (items.length === 0) return '{}';
  const body = items.flatMap((item) => render(item, indent));
  return ['{', ...body, '}'].join('\n');
}

/** The example object of a list item or a table row, one indent deeper. */
function itemLines<T>(
  items: readonly T[],
  indent: string,
  render: (item: T, indent: string) => string[],
): string[] {
  if (items.length === 0) return [`${indent}{},`];
  return [`${indent}{`, ...items.flatMap((item) => render(item, indent + INDENT)), `${indent}},`];
}
