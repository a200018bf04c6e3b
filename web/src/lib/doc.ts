// A new doc and the editor's naming rules (spec §3).
import type { CalcDoc, InputDef, InputType, OutputDef } from './types';

/** The default script (clarifications). */
export const DEFAULT_SCRIPT = "'use strict';\n\nreturn {};\n";

/** A new calculator: the fields every doc falls back to, and visitors may explore. */
export function newDoc(): CalcDoc {
  // New calculators let visitors use the What if… panel (issue 33); older docs lack it: off.
  return { ...docDefaults(), explore: true };
}

/** What a doc that lacks a field falls back to: a stored doc opened in the editor, a copy. It
 * has no `explore`, so a calculator saved before the setting keeps it off. */
export function docDefaults(): CalcDoc {
  return {
    name: '',
    description: '',
    script: DEFAULT_SCRIPT,
    libraries: { lodash: false, moment: false, mathjs: false },
    tabSize: 2,
    defaults: {},
    metaInputs: [],
    metaOutputs: [],
    inputs_label: '',
    outputs_label: '',
  };
}

/** Highest existing id plus 1. */
export function nextId(items: readonly { id: number }[]): number {
  return items.reduce((max, item) => Math.max(max, Number(item.id) || 0), 0) + 1;
}

/** a, b, … z, aa, ab, … */
export function nameAt(index: number): string {
  let name = '';
  let n = index + 1;
  while (n > 0) {
    n -= 1;
    name = String.fromCharCode(97 + (n % 26)) + name;
    n = Math.floor(n / 26);
  }
  return name;
}

/** The first of a, b, … z, aa, … that no item uses. */
export function nextName(items: readonly { name: string }[]): string {
  const used = new Set(items.map((item) => item.name));
  for (let index = 0; ; index++) {
    const name = nameAt(index);
    if (!used.has(name)) return name;
  }
}

export const INPUT_TYPES: readonly InputType[] = [
  'number',
  'string',
  'binary',
  'date',
  'choice',
  'list',
];

/** Why a list cannot be added inside a list (the engine's words). */
export const NESTED_LIST = 'Lists cannot be nested within lists.';

/**
 * A new input after `existing`, shaped exactly like the engine's `newInput` (its tests
 * compare the two). Throws when adding a list `insideList` (lists never nest).
 */
export function newInput(
  existing: readonly InputDef[],
  type: InputType,
  insideList = false,
): InputDef {
  if (insideList && type === 'list') throw new Error(NESTED_LIST);
  const input: InputDef = {
    id: nextId(existing),
    name: nextName(existing),
    type,
    autohide: false,
  };
  if (type === 'binary') input.presentationType = 'checkbox';
  if (type === 'choice') {
    input.presentationType = 'radio';
    input.choices = [];
  }
  if (type === 'list') {
    input.metaInputs = [];
    input.itemPrototype = {};
  }
  return input;
}

/** A new output (or table column) after `existing`, shaped like the engine's `newOutput`. */
export function newOutput(existing: readonly OutputDef[], type: 'value' | 'table'): OutputDef {
  const output: OutputDef = {
    id: nextId(existing),
    name: nextName(existing),
    type,
    percent: false,
  };
  if (type === 'table') output.metaOutputs = [];
  return output;
}

/** The value a new input starts with (spec §3). */
export function defaultValue(type: InputType): unknown {
  switch (type) {
    case 'binary':
      return false;
    case 'date':
      return { type: 'relative', params: { delta: 0, units: 'days' } };
    case 'list':
      return [];
    default:
      return null;
  }
}

/** The values a calculator starts with: its defaults, or each type's default. */
export function initialValues(doc: CalcDoc): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const input of doc.metaInputs ?? []) {
    const stored = doc.defaults?.[String(input.id)];
    values[String(input.id)] = stored !== undefined ? stored : defaultValue(input.type);
  }
  return values;
}

/** Whether the calculator has a date input, at the top or in a list. */
export function hasDateInput(inputs: readonly InputDef[] | undefined): boolean {
  return (inputs ?? []).some((input) => input.type === 'date' || hasDateInput(input.metaInputs));
}

/** Today as the engine takes it when nothing fixes it: the UTC calendar day, `YYYY-MM-DD`. */
export const engineToday = (now = new Date()) => now.toISOString().slice(0, 10);

/** A JavaScript identifier (names that are not are quoted in the schema help). */
export const isIdentifier = (name: string) => /^[A-Za-z_$][\w$]*$/.test(name);
