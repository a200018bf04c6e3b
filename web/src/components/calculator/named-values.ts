// Values as a host page names them: by input name, not by id, and a list's items by their
// fields' names (the embed's `Calcsmith.get` handle and `<calcsmith-calculator>`, alike).
// What comes in is held to the same checks as a link's hash (value-check.ts), so a host can
// set nothing a link could not.
import { defaultValue } from '../../lib/doc';
import type { CalcDoc, InputDef } from '../../lib/types';
import { checkHashValues } from './value-check';

/** An object without a prototype: a name such as `__proto__` is a plain key in it. */
const bare = (): Record<string, unknown> => Object.create(null) as Record<string, unknown>;

/** A list's items with their keys renamed (`[from, to]` per field); other values as they are. */
function mapItems(input: InputDef, value: unknown, key: (sub: InputDef) => [string, string]) {
  if (input.type !== 'list' || !Array.isArray(value)) return value;
  return value.map((item: unknown) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return item;
    const renamed = bare();
    for (const sub of input.metaInputs ?? []) {
      const [from, to] = key(sub);
      if (Object.prototype.hasOwnProperty.call(item, from)) {
        renamed[to] = (item as Record<string, unknown>)[from];
      }
    }
    return renamed;
  });
}

/**
 * The values of `doc`'s inputs (keyed by id) keyed by name, a list's items by their fields'
 * names; an input without a value: its type's default.
 */
export function valuesByName(
  doc: CalcDoc,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const named = bare();
  for (const input of doc.metaInputs ?? []) {
    const value = values[String(input.id)];
    named[input.name] =
      value === undefined
        ? defaultValue(input.type)
        : mapItems(input, value, (sub) => [String(sub.id), sub.name]);
  }
  return named;
}

/** Values by name, checked: what to set (keyed by id), and the names not taken. */
export interface NamedValuesChecked {
  values: Record<string, unknown>;
  /** Names of inputs whose value their input cannot hold. */
  refused: string[];
  /** Names no input of the calculator has. */
  unknown: string[];
}

/** Checks `named` (keyed by input name) against `doc`'s inputs, as a link's values are. */
export function checkNamedValues(doc: CalcDoc, named: unknown): NamedValuesChecked {
  if (!named || typeof named !== 'object' || Array.isArray(named)) {
    return { values: {}, refused: [], unknown: [] };
  }
  const given = named as Record<string, unknown>;
  const inputs = doc.metaInputs ?? [];
  const byId: Record<string, unknown> = {};
  for (const input of inputs) {
    if (Object.prototype.hasOwnProperty.call(given, input.name)) {
      byId[String(input.id)] = mapItems(input, given[input.name], (sub) => [
        sub.name,
        String(sub.id),
      ]);
    }
  }
  const { values, refused } = checkHashValues(doc, byId);
  const known = new Set(inputs.map((input) => input.name));
  return {
    values,
    refused: inputs.filter((input) => String(input.id) in refused).map((input) => input.name),
    unknown: Object.keys(given).filter((name) => !known.has(name)),
  };
}
