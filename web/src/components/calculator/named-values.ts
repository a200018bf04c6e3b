// Values as a host page names them: by input name, not by id (`<calcsmith-calculator>`'s
// `setValues`/`getValues`). What comes in is held to the same checks as a link's hash
// (value-check.ts), so a host can set nothing a link could not.
import { defaultValue } from '../../lib/doc';
import type { CalcDoc } from '../../lib/types';
import { checkHashValues } from './value-check';

/** The values of `doc`'s inputs keyed by name (an input without a value: its default). */
export function valuesByName(
  doc: CalcDoc,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const named: Record<string, unknown> = {};
  for (const input of doc.metaInputs ?? []) {
    const value = values[String(input.id)];
    named[input.name] = value === undefined ? defaultValue(input.type) : value;
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
      byId[String(input.id)] = given[input.name];
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
