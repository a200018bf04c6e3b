// The author's rules for an input's value (required; a number field's min, max and step):
// a value that breaks one is an input error, and nothing is calculated until it is put
// right (issue 12). Typed values and a link's values are held to the same rules; a
// slider cannot break them (its values are clamped to its bounds, value-check.ts).
import type { CalcDoc, InputDef } from '../../lib/types';

export const SLIDER_MIN = 0;
export const SLIDER_MAX = 100;

/** A slider's bounds as the control draws them (spec defaults 0 and 100). */
export function sliderBounds(input: InputDef): { min: number; max: number } {
  const min = Number(input.sliderMin ?? SLIDER_MIN);
  const max = Number(input.sliderMax ?? SLIDER_MAX);
  return {
    min: Number.isFinite(min) ? min : SLIDER_MIN,
    max: Number.isFinite(max) ? Math.max(max, min) : SLIDER_MAX,
  };
}

/** What is wrong with a value. */
export type Problem =
  | { kind: 'required' }
  | { kind: 'min'; min: number }
  | { kind: 'max'; max: number }
  | { kind: 'step'; step: number; lower: number; upper: number };

const finite = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** A number field's bounds and step as the author set them (unset: undefined). */
export function numberRules(input: InputDef): { min?: number; max?: number; step?: number } {
  const step = finite(input.step);
  return {
    min: finite(input.min),
    max: finite(input.max),
    step: step !== undefined && step > 0 ? step : undefined,
  };
}

/** Whether `value` counts as not given for `input` (a required input needs one). */
function isEmpty(input: InputDef, value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (input.type === 'date') {
    const params = (value as { type?: unknown; params?: object }).params;
    return (
      (value as { type?: unknown }).type === 'absolute' && Object.keys(params ?? {}).length === 0
    );
  }
  if (input.type === 'list') return Array.isArray(value) && value.length === 0;
  return false;
}

/** How many decimals `n` is written with (`0.25` has 2, `1e-7` has 7). */
function decimals(n: number): number {
  const [mantissa, exponent] = String(n).split('e');
  return Math.max(0, (mantissa.split('.')[1] ?? '').length - Number(exponent ?? 0));
}

/**
 * The value `count` steps of `step` above `base`, rounded to the decimals the two are
 * written with: 0.1 steps give 0.3, not 0.30000000000000004.
 */
export function stepAt(base: number, count: number, step: number): number {
  const digits = Math.min(100, Math.max(decimals(base), decimals(step)));
  return Number((base + count * step).toFixed(digits));
}

/** The steps are counted from the minimum (or 0); a float's last-digit noise is forgiven. */
function offStep(value: number, base: number, step: number): Problem | null {
  const steps = (value - base) / step;
  const whole = Math.round(steps);
  if (Math.abs(steps - whole) <= 1e-9 * Math.max(1, Math.abs(steps))) return null;
  const at = (n: number) => stepAt(base, n, step);
  return { kind: 'step', step, lower: at(Math.floor(steps)), upper: at(Math.ceil(steps)) };
}

/** The first rule `value` breaks for `input`, or null. */
export function inputProblem(input: InputDef, value: unknown): Problem | null {
  if (input.required === true && input.type !== 'binary' && isEmpty(input, value)) {
    return { kind: 'required' };
  }
  if (input.type !== 'number' || input.presentationType === 'slider') return null;
  const number = finite(value);
  if (number === undefined) return null;
  const { min, max, step } = numberRules(input);
  if (min !== undefined && number < min) return { kind: 'min', min };
  if (max !== undefined && number > max) return { kind: 'max', max };
  return step === undefined ? null : offStep(number, min ?? 0, step);
}

/**
 * Every input of `doc` whose value (from `values`, else the default) breaks a rule, by
 * input id; a list breaks one when one of its items' sub-inputs does (as `item`, from 1).
 * Inputs the author's Show-when rules hid (`hidden`, by name) are not asked for anything.
 */
export function inputProblems(
  doc: CalcDoc | null,
  values: Record<string, unknown>,
  hidden?: ReadonlySet<string>,
): Record<string, Problem & { item?: number }> {
  const problems: Record<string, Problem & { item?: number }> = {};
  for (const input of doc?.metaInputs ?? []) {
    if (hidden?.has(input.name)) continue;
    const key = String(input.id);
    const value = key in values ? values[key] : doc?.defaults?.[key];
    const problem = inputProblem(input, value) ?? listProblem(input, value);
    if (problem) problems[key] = problem;
  }
  return problems;
}

function listProblem(input: InputDef, value: unknown): (Problem & { item: number }) | null {
  if (input.type !== 'list' || !Array.isArray(value)) return null;
  for (const [index, item] of (value as Record<string, unknown>[]).entries()) {
    for (const sub of input.metaInputs ?? []) {
      const problem = inputProblem(sub, item?.[String(sub.id)]);
      if (problem) return { ...problem, item: index + 1 };
    }
  }
  return null;
}

/** Whether anything stops `doc` from being calculated with `values` (`hidden` as above). */
export const hasInputProblems = (
  doc: CalcDoc | null,
  values: Record<string, unknown>,
  hidden?: ReadonlySet<string>,
) => Object.keys(inputProblems(doc, values, hidden)).length > 0;

/**
 * Whether `doc` has Show-when rules (on an input or a section): then what is hidden depends
 * on the values, and only a calculation tells, so one runs even when a shown input breaks a
 * rule (its outputs are not shown then).
 */
export function hasShowRules(doc: CalcDoc | null): boolean {
  const rule = (item: unknown) =>
    !!item &&
    typeof (item as { visibleWhen?: unknown }).visibleWhen === 'string' &&
    (item as { visibleWhen: string }).visibleWhen.trim() !== '';
  const sections = Array.isArray(doc?.sections) ? (doc.sections as unknown[]) : [];
  return (doc?.metaInputs ?? []).some(rule) || sections.some(rule);
}
