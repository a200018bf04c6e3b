// Values from a link's hash are the visitor's (or anyone's) words, not the author's: each
// is checked against its input before anything is computed with it (issue 12, item 5).
// A preset's values (issue 30) are held to the same checks.
import { sliderBounds, stepAt } from './input-rules';
import type { CalcDoc, InputDef } from '../../lib/types';

/** The outcome of checking one value: the value to use, or why it was refused. */
export type Checked = { ok: true; value: unknown } | { ok: false };

const UNITS = ['days', 'months', 'years'];

const isInteger = (value: unknown, min: number, max: number): value is number =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

/**
 * Checks `value` for `input`. A number out of a slider's range is clamped to it and put on
 * its step (the thumb can show nothing else); a field's number is kept, for its own rules
 * (input-rules.ts) to flag. Anything an input cannot hold is refused: a non-finite or
 * non-numeric number, a choice that is no choice's value, a malformed date or list.
 */
export function checkValue(input: InputDef, value: unknown): Checked {
  if (value === null) return input.type === 'binary' || input.type === 'list' ? refuse : keep(null);
  switch (input.type) {
    case 'number': {
      const number =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && value.trim() !== ''
            ? Number(value)
            : NaN;
      if (!Number.isFinite(number)) return refuse;
      if (input.presentationType !== 'slider') return keep(number);
      return keep(onSlider(input, number));
    }
    case 'string':
      return typeof value === 'string' ? keep(value) : refuse;
    case 'binary':
      return typeof value === 'boolean' ? keep(value) : refuse;
    case 'choice': {
      const text = JSON.stringify(value);
      return (input.choices ?? []).some((choice) => JSON.stringify(choice.value) === text)
        ? keep(value)
        : refuse;
    }
    case 'date':
      return validDate(value) ? keep(value) : refuse;
    case 'list':
      return checkList(input, value);
    default:
      return refuse;
  }
}

/** The slider position nearest `number`: within its bounds, on its step from the minimum. */
function onSlider(input: InputDef, number: number): number {
  const { min, max } = sliderBounds(input);
  const step = Number(input.sliderStep ?? 1) || 1;
  const clamped = Math.min(max, Math.max(min, number));
  const steps = Math.round((clamped - min) / step);
  const snapped = stepAt(min, steps, step);
  return snapped > max ? stepAt(min, steps - 1, step) : snapped;
}

const keep = (value: unknown): Checked => ({ ok: true, value });
const refuse: Checked = { ok: false };

function validDate(value: unknown): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const { type, params } = value as { type?: unknown; params?: Record<string, unknown> };
  if (!params || typeof params !== 'object') return false;
  if (type === 'relative') {
    return isInteger(params.delta, -100_000, 100_000) && UNITS.includes(String(params.units));
  }
  if (type === 'absolute') {
    // An empty absolute date is what the control gives for a cleared field.
    if (Object.keys(params).length === 0) return true;
    return (
      isInteger(params.day, 1, 31) &&
      isInteger(params.month, 0, 11) &&
      isInteger(params.year, 1, 9999)
    );
  }
  return false;
}

function checkList(input: InputDef, value: unknown): Checked {
  if (!Array.isArray(value)) return refuse;
  const subInputs = input.metaInputs ?? [];
  const items: Record<string, unknown>[] = [];
  for (const item of value) {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return refuse;
    const checked: Record<string, unknown> = {};
    for (const sub of subInputs) {
      const key = String(sub.id);
      const raw = (item as Record<string, unknown>)[key];
      if (raw === undefined) continue;
      const outcome = checkValue(sub, raw);
      if (!outcome.ok) return refuse;
      checked[key] = outcome.value;
    }
    items.push(checked);
  }
  return keep(items);
}

/**
 * The hash's values checked against `doc`'s inputs: unknown ids are ignored, refused
 * values are left out (the input keeps its default) and listed by input id with the text
 * the link gave, so the visitor is told.
 */
export function checkHashValues(
  doc: CalcDoc,
  fromHash: Record<string, unknown>,
): { values: Record<string, unknown>; refused: Record<string, string> } {
  const values: Record<string, unknown> = {};
  const refused: Record<string, string> = {};
  for (const input of doc.metaInputs ?? []) {
    const key = String(input.id);
    if (!Object.prototype.hasOwnProperty.call(fromHash, key)) continue;
    const outcome = checkValue(input, fromHash[key]);
    if (outcome.ok) values[key] = outcome.value;
    else refused[key] = shortText(fromHash[key]);
  }
  return { values, refused };
}

/** The refused value as the visitor can recognise it, cut to 40 characters. */
function shortText(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
