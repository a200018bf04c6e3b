// The doc's form fields of issue 30 as the editors read and write them: sections, steps,
// presets, and an input's valid-when rules (the shapes of the shared contract). Each is
// read defensively (a doc may come from anywhere) and left out of the doc when empty, so a
// doc without them stays exactly as it was.
import type { CalcDoc, InputDef } from '../../../lib/types';

/** A section: inputs and outputs whose `section` is its id render under its heading. */
export interface Section {
  id: string;
  title: string;
  description?: string;
  columns?: 1 | 2;
  collapsed?: boolean;
  visibleWhen?: string;
}

/** A step of the form: its title, description and the ids of its inputs, in order. */
export interface Step {
  id: string;
  title: string;
  description?: string;
  inputs: number[];
}

/** A named set of input values, keyed by input id like `doc.defaults`. */
export interface Preset {
  name: string;
  values: Record<string, unknown>;
}

/** A valid-when rule: the value is valid while `rule` is truthy; else `message` shows. */
export interface ValidRule {
  rule: string;
  message: string;
}

/** Where outputs show when the form has steps. */
export type StepOutputs = 'last' | 'every';

/** The longest preset name and valid-when message the engine accepts. */
export const MAX_PRESET_NAME = 60;
export const MAX_MESSAGE = 200;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const listOf = <T>(value: unknown): T[] =>
  Array.isArray(value) ? (value.filter(isObject) as unknown as T[]) : [];

export const sectionsOf = (doc: CalcDoc): Section[] => listOf<Section>(doc.sections);
export const stepsOf = (doc: CalcDoc): Step[] =>
  listOf<Step>(doc.steps).map((step) => ({
    ...step,
    inputs: Array.isArray(step.inputs) ? step.inputs : [],
  }));
export const presetsOf = (doc: CalcDoc): Preset[] => listOf<Preset>(doc.presets);
export const validRulesOf = (input: InputDef): ValidRule[] => listOf<ValidRule>(input.validWhen);
export const stepOutputsOf = (doc: CalcDoc): StepOutputs =>
  doc.stepOutputs === 'every' ? 'every' : 'last';

/** A string field of a definition, '' when absent. */
export function textOf(def: object, key: string): string {
  const value = (def as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : '';
}

/** `def` with `key` set to `value`, or without it when `value` is '', undefined or []. */
export function withField<D extends object>(def: D, key: string, value: unknown): D {
  const next: Record<string, unknown> = { ...(def as Record<string, unknown>) };
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
    delete next[key];
  } else next[key] = value;
  return next as D;
}

/**
 * A section id made from `title`: its letters, digits, `_` and `-` (spaces as `-`, at most
 * 40), else `section`; with `-2`, `-3`… when another section has it.
 */
export function sectionIdFrom(title: string, taken: readonly string[]): string {
  const base =
    title
      .trim()
      .toLowerCase()
      .replace(/\s+/g, '-')
      .replace(/[^a-z0-9_-]/g, '')
      .replace(/-+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 34) || 'section';
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n += 1) {
    const id = `${base}-${n}`;
    if (!taken.includes(id)) return id;
  }
}

/** A step id not taken yet: `st1`, `st2`, … */
export function stepIdFrom(taken: readonly string[]): string {
  for (let n = 1; ; n += 1) {
    const id = `st${n}`;
    if (!taken.includes(id)) return id;
  }
}

/**
 * `doc` without a deleted input's traces in steps and presets (a step or preset naming an
 * input that does not exist makes the doc invalid); the doc itself when there are none.
 */
export function withoutInputInForms(doc: CalcDoc, id: number): CalcDoc {
  let next = doc;
  const steps = stepsOf(doc);
  if (steps.some((step) => step.inputs.includes(id))) {
    next = {
      ...next,
      steps: steps.map((step) => ({ ...step, inputs: step.inputs.filter((each) => each !== id) })),
    };
  }
  const key = String(id);
  const presets = presetsOf(doc);
  if (presets.some((preset) => isObject(preset.values) && key in preset.values)) {
    next = {
      ...next,
      presets: presets.map((preset) => {
        const values = { ...(isObject(preset.values) ? preset.values : {}) };
        delete values[key];
        return { ...preset, values };
      }),
    };
  }
  return next;
}
