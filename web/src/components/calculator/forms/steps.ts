// Steps (issue 30): the author's ordered groups of inputs, shown one at a time. A step
// holds its inputs in the doc's order; inputs in no step are on the first step. A step
// whose inputs are all hidden is skipped.
import type { CalcDoc, InputDef } from '../../../lib/types';

/** A step as the doc describes it (`doc.steps[]`), read defensively. */
export interface StepDef {
  id: string;
  title: string;
  description: string;
  /** Ids of the inputs the step names (as text, like the keys of `doc.defaults`). */
  inputs: string[];
}

const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/**
 * The doc's steps; a doc without steps has none. A step without an id is known by its
 * place (`#2` for the second), which no author's id looks like.
 */
export function stepsOf(doc: CalcDoc): StepDef[] {
  const raw = Array.isArray(doc.steps) ? (doc.steps as unknown[]) : [];
  return raw.flatMap((entry, index) => {
    const step = record(entry);
    if (!step) return [];
    const inputs = Array.isArray(step.inputs) ? step.inputs : [];
    return [
      {
        id: typeof step.id === 'string' && step.id !== '' ? step.id : `#${index + 1}`,
        title: typeof step.title === 'string' ? step.title : '',
        description: typeof step.description === 'string' ? step.description : '',
        inputs: inputs
          .filter((id) => typeof id === 'number' || typeof id === 'string')
          .map((id) => String(id)),
      },
    ];
  });
}

/** Whether the outputs show on every step (`doc.stepOutputs: "every"`) or the last only. */
export const outputsOnEveryStep = (doc: CalcDoc) => doc.stepOutputs === 'every';

/** Each step's inputs in the doc's order, by step id; inputs in no step on the first. */
export function stepInputs(
  steps: readonly StepDef[],
  inputs: readonly InputDef[],
): Map<string, InputDef[]> {
  const stepOf = new Map<string, string>();
  for (const step of steps) {
    for (const id of step.inputs) if (!stepOf.has(id)) stepOf.set(id, step.id);
  }
  const members = new Map(steps.map((step) => [step.id, [] as InputDef[]]));
  for (const input of inputs) {
    const stepId = stepOf.get(String(input.id)) ?? steps[0]?.id;
    if (stepId !== undefined) members.get(stepId)?.push(input);
  }
  return members;
}

/** The steps a visitor goes through: those with an input shown, or with no inputs at all. */
export function shownSteps(
  steps: readonly StepDef[],
  members: ReadonlyMap<string, readonly InputDef[]>,
  shown: (input: InputDef) => boolean,
): StepDef[] {
  return steps.filter((step) => {
    const inputs = members.get(step.id) ?? [];
    return inputs.length === 0 || inputs.some(shown);
  });
}

/**
 * The step to show for the one `wanted` (by id): itself when shown; when skipped, the next
 * shown step after it (else the last); without one, the first shown step.
 */
export function currentStep(
  steps: readonly StepDef[],
  shown: readonly StepDef[],
  wanted: string | null | undefined,
): StepDef | null {
  if (shown.length === 0) return null;
  const exact = shown.find((step) => step.id === wanted);
  if (exact) return exact;
  const at = steps.findIndex((step) => step.id === wanted);
  if (at < 0) return shown[0];
  const after = steps.slice(at).find((step) => shown.includes(step));
  return after ?? shown[shown.length - 1];
}
