// A link's hash: the input values keyed by input id (`#{"1": 5}`), and with steps (issue 30)
// the step it opens on under `step` (`#{"1": 5, "step": "st2"}`), a key no input id can be
// (ids are numbers), so links without a step, and pages that know no steps, read as before.

/** The key of the step's id in a link's hash. */
export const HASH_STEP_KEY = 'step';

/** Input values carried by the hash (`#{"1": 5}`), keyed by input id; bad JSON is ignored. */
export function hashValues(hash: string): Record<string, unknown> | null {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!raw) return null;
  for (const text of [raw, safeDecode(raw)]) {
    if (text === null) continue;
    try {
      const value: unknown = JSON.parse(text);
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        return value as Record<string, unknown>;
      }
    } catch {
      // Try the decoded form, then give up.
    }
  }
  return null;
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** The step a hash's values name (`step`), or null. */
export function hashStep(fromHash: Record<string, unknown> | null): string | null {
  const step = fromHash?.[HASH_STEP_KEY];
  return typeof step === 'string' && step !== '' ? step : null;
}
