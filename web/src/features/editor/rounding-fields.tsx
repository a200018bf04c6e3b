// The rounding rule of a value output or a table column: Intl's rounding mode and a step
// to round to a multiple of (engine/src/doc/rounding.rs). The engine rounds; the editor only
// writes the two fields, and leaves them out when they are the default.
import { useState } from 'react';
import type { OutputDef } from '../../lib/types';
import { useT } from '../../stores/i18n';
import { SelectField, TextField } from './fields';
import { roundingMessages } from './rounding-messages';

/** Every mode, in the order the select lists them; the first is the default. */
export const ROUNDING_MODES = [
  'halfExpand',
  'halfEven',
  'halfTrunc',
  'ceil',
  'floor',
  'expand',
  'trunc',
] as const;

/**
 * The step typed (a decimal point or comma, no sign, no exponent) as a number above 0;
 * `undefined` for an empty field and `null` for anything else.
 */
export function parseRoundingStep(text: string): number | undefined | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return undefined;
  if (!/^(\d+\.?\d*|\.\d+)$/.test(trimmed)) return null;
  const step = Number(trimmed);
  return Number.isFinite(step) && step > 0 ? step : null;
}

/** `output` with `key` set to `value`, or without it when `value` is undefined. */
function withField<K extends 'roundingMode' | 'roundingStep'>(
  output: OutputDef,
  key: K,
  value: OutputDef[K] | undefined,
): OutputDef {
  const next = { ...output };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

export function RoundingFields(props: {
  output: OutputDef;
  change(edit: (output: OutputDef) => OutputDef): void;
}) {
  const t = useT(roundingMessages);
  const { output, change } = props;
  const mode = ROUNDING_MODES.find((name) => name === output.roundingMode) ?? 'halfExpand';
  const step = typeof output.roundingStep === 'number' ? output.roundingStep : undefined;
  // What is typed, kept while the doc still holds the step it was typed for.
  const [typed, setTyped] = useState<{ text: string; base: number | undefined } | null>(null);
  const text = typed && Object.is(typed.base, step) ? typed.text : (step?.toString() ?? '');
  const invalid = parseRoundingStep(text) === null;
  return (
    <div className="inline-fields">
      <SelectField
        label={t('rounding')}
        value={mode}
        options={ROUNDING_MODES.map((name) => ({ value: name, label: t(name) }))}
        onChange={(picked) =>
          change((old) =>
            withField(old, 'roundingMode', picked === 'halfExpand' ? undefined : picked),
          )
        }
      />
      <TextField
        label={t('step')}
        value={text}
        hint={t('stepHint')}
        error={invalid ? t('stepInvalid') : null}
        onChange={(typedText) => {
          const parsed = parseRoundingStep(typedText);
          const base = parsed === null ? step : parsed;
          setTyped({ text: typedText, base });
          if (parsed !== null) change((old) => withField(old, 'roundingStep', parsed));
        }}
      />
    </div>
  );
}
