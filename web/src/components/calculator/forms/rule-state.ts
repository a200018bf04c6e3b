// What the author's rules made of one calculation (issue 30): the inputs, outputs and
// sections the Show-when rules hid, and the Valid-when messages. A result from an engine
// without rules has none of these fields: nothing is hidden and every input holds.
import type { EvalResult } from '../../../lib/types';

/** The rule fields of a result (EvalResult's, optional so older results fit). */
interface RuleFields {
  hiddenInputs?: unknown;
  hiddenOutputs?: unknown;
  hiddenSections?: unknown;
  invalid?: unknown;
}

/** What the rules hid and the messages of the Valid-when rules that failed. */
export interface RuleState {
  /** Names of the hidden top-level inputs. */
  hiddenInputs: ReadonlySet<string>;
  /** Names of the hidden outputs. */
  hiddenOutputs: ReadonlySet<string>;
  /** Ids of the hidden sections. */
  hiddenSections: ReadonlySet<string>;
  /** The failing rule's message by input name. */
  invalid: Readonly<Record<string, string>>;
}

const names = (value: unknown): ReadonlySet<string> =>
  new Set(Array.isArray(value) ? value.filter((name) => typeof name === 'string') : []);

/** The rule state of `result` (none without a result). */
export function ruleState(result: EvalResult | null | undefined): RuleState {
  const fields = (result ?? {}) as RuleFields;
  const invalid: Record<string, string> = {};
  if (fields.invalid && typeof fields.invalid === 'object') {
    for (const [name, message] of Object.entries(fields.invalid)) {
      if (typeof message === 'string') invalid[name] = message;
    }
  }
  return {
    hiddenInputs: names(fields.hiddenInputs),
    hiddenOutputs: names(fields.hiddenOutputs),
    hiddenSections: names(fields.hiddenSections),
    invalid,
  };
}
