// Presets (issue 30): the author's named sets of input values ("Typical family"), keyed by
// input id like `doc.defaults`. A preset's values are held to the inputs as a link's are
// (value-check.ts): a value an input cannot take, or an unknown id, is left out.
import { initialValues } from '../../../lib/doc';
import type { CalcDoc } from '../../../lib/types';
import { checkHashValues } from '../value-check';

/** A preset as the doc describes it (`doc.presets[]`), read defensively. */
export interface PresetDef {
  name: string;
  values: Record<string, unknown>;
}

/** The doc's presets that have a name and values. */
export function presetsOf(doc: CalcDoc): PresetDef[] {
  const raw = Array.isArray(doc.presets) ? (doc.presets as unknown[]) : [];
  return raw.flatMap((entry) => {
    const preset = entry as { name?: unknown; values?: unknown } | null;
    if (!preset || typeof preset !== 'object' || typeof preset.name !== 'string') return [];
    if (preset.name.trim() === '') return [];
    const values = preset.values;
    if (!values || typeof values !== 'object' || Array.isArray(values)) return [];
    return [{ name: preset.name, values: values as Record<string, unknown> }];
  });
}

/** `current` with the preset's values that its inputs can take put in. */
export function withPreset(
  doc: CalcDoc,
  preset: PresetDef,
  current: Record<string, unknown>,
): Record<string, unknown> {
  return { ...current, ...checkHashValues(doc, preset.values).values };
}

/** The values the calculator starts with (its defaults), for "Reset to defaults". */
export const defaultsOf = (doc: CalcDoc): Record<string, unknown> => initialValues(doc);
