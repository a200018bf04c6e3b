// The input values being tried in the editor: what was entered over the doc's defaults,
// kept beside the doc in the calcs store so a reload keeps them (never as the doc's
// defaults, issue 26).
import { useEffect, useMemo, useState } from 'react';
import { defaultValue, initialValues } from '../../lib/doc';
import type { InputDef } from '../../lib/types';
import { useCalcs, type OpenCalc } from '../../stores/calcs';
import { sameJson, without } from './list-ops';

export type Values = Record<string, unknown>;

/** List items (a list's value) without the sub-input keyed `subKey`. */
export function withoutSubInput(items: unknown, subKey: string): unknown {
  if (!Array.isArray(items)) return items;
  return items.map((item) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? without(item as Values, subKey)
      : item,
  );
}

/** The values the calculation sees: what was entered, else the default (spec §3). */
function effectiveValues(
  inputs: InputDef[] | undefined,
  defaults: Values | undefined,
  values: Values,
) {
  const out: Values = {};
  for (const input of inputs ?? []) {
    const key = String(input.id);
    const stored = defaults?.[key];
    out[key] =
      key in values ? values[key] : stored !== undefined ? stored : defaultValue(input.type);
  }
  return out;
}

/** The entered values (`values`), those the calculation sees (`current`), and whether
 * they differ from the doc's defaults. */
export function useTriedValues(calc: OpenCalc) {
  const { _id: calcId, doc } = calc;
  const [values, setValues] = useState<Values>(() => calc.values ?? initialValues(doc));
  const inputs = doc.metaInputs;
  const defaults = doc.defaults;
  const current = useMemo(
    () => effectiveValues(inputs, defaults, values),
    [inputs, defaults, values],
  );
  const differsFromDefaults = !sameJson(current, initialValues(doc));

  useEffect(() => {
    const kept = useCalcs.getState().calcs[calcId]?.values;
    if (!kept || !sameJson(kept, values)) useCalcs.getState().setValues(calcId, values);
  }, [calcId, values]);

  return { values, setValues, current, differsFromDefaults };
}
