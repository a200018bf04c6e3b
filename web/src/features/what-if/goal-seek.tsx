// Goal seek: the value of a number input that gives a number output its target.
import { useId, useRef, useState, type FormEvent } from 'react';
import type { GoalSeekResult, GoalSeekSpec, TestCase } from '@calcsmith/engine';
import { useT } from '../../stores/i18n';
import { toast, useUi } from '../../stores/ui';
import { localizeEngineMessage } from '../../lib/engine/engine-messages';
import { Field, OutputField } from './fields';
import { whatIfMessages } from './messages';
import { formatNumber, numberInputs, numberOutputs, parseNumber } from './model';
import { whatIfClient } from '../../lib/engine/what-if-client';
import type { ToolProps } from './tool-props';

type Answer =
  | {
      kind: 'found';
      spec: GoalSeekSpec;
      result: Extract<GoalSeekResult, { value: number }>;
      /** The values it started from (a test pins the seek from them). */
      values: Record<string, unknown>;
    }
  | { kind: 'none'; spec: GoalSeekSpec; result: Extract<GoalSeekResult, { error: string }> }
  | { kind: 'failed'; message: string };

export function GoalSeek(props: ToolProps) {
  const t = useT(whatIfMessages);
  const locale = useUi((s) => s.locale);
  const base = useId();
  const inputs = numberInputs(props.doc);
  const outputs = numberOutputs(props.doc, props.result);
  const [output, setOutput] = useState(outputs[0]?.name ?? '');
  const [input, setInput] = useState(inputs[0]?.name ?? '');
  const [target, setTarget] = useState('');
  const [min, setMin] = useState('');
  const [max, setMax] = useState('');
  const [errors, setErrors] = useState<Record<string, boolean>>({});
  const [seeking, setSeeking] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const latest = useRef(0);

  const outputName = outputs.some((o) => o.name === output) ? output : (outputs[0]?.name ?? '');
  const inputName = inputs.some((i) => i.name === input) ? input : (inputs[0]?.name ?? '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Not `disabled` while it searches: a button that was focused would lose focus.
    if (seeking) return;
    const targetValue = parseNumber(target, locale);
    const minValue = min.trim() ? parseNumber(min, locale) : undefined;
    const maxValue = max.trim() ? parseNumber(max, locale) : undefined;
    const bad = { target: targetValue === null, min: minValue === null, max: maxValue === null };
    setErrors(bad);
    if (bad.target || bad.min || bad.max) {
      const first = bad.target ? 'target' : bad.min ? 'min' : 'max';
      document.getElementById(`${base}-${first}`)?.focus();
      return;
    }
    const spec: GoalSeekSpec = { output: outputName, target: targetValue!, input: inputName };
    if (minValue != null) spec.min = minValue;
    if (maxValue != null) spec.max = maxValue;
    const id = ++latest.current;
    setSeeking(true);
    setAnswer(null);
    const values = props.values;
    const outcome = await whatIfClient().goalSeek(props.doc, values, locale, spec);
    if (id !== latest.current) return;
    setSeeking(false);
    if (outcome.status === 'done') {
      const result = outcome.value;
      setAnswer(
        'error' in result
          ? { kind: 'none', spec, result }
          : { kind: 'found', spec, result, values },
      );
    } else if (outcome.status === 'failed') {
      setAnswer({
        kind: 'failed',
        message: outcome.unavailable
          ? t('unavailable')
          : localizeEngineMessage(outcome.message, locale),
      });
    }
  };

  const inputDef = (name: string) => inputs.find((each) => each.name === name);

  const apply = () => {
    if (answer?.kind !== 'found') return;
    const def = inputDef(answer.spec.input);
    if (!def) return;
    props.onValuesChange({ ...props.values, [String(def.id)]: answer.result.value });
    toast(t('applied', { input: def.name, value: formatNumber(answer.result.value, locale) }));
  };

  const saveTest = () => {
    if (answer?.kind !== 'found' || !props.onAddTest) return;
    const { spec, result } = answer;
    const name = t('testName', {
      output: spec.output,
      target: formatNumber(spec.target, locale),
      input: spec.input,
    });
    const seek: NonNullable<TestCase['seek']> = {
      output: spec.output,
      target: spec.target,
      input: spec.input,
      value: result.value,
      tolerance: 1e-6 * Math.max(1, Math.abs(result.value)),
    };
    if (spec.min !== undefined) seek.min = spec.min;
    if (spec.max !== undefined) seek.max = spec.max;
    const test: TestCase = { name, values: structuredClone(answer.values), seek };
    props.onAddTest(test);
    toast(t('testSaved', { name }));
  };

  return (
    <form className="what-if-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="what-if-fields">
        <OutputField
          id={`${base}-output`}
          label={t('output')}
          outputs={outputs}
          value={outputName}
          onChange={setOutput}
        />
        <Field
          id={`${base}-target`}
          label={t('target')}
          error={errors.target ? t('notANumber') : null}
        >
          <input
            id={`${base}-target`}
            inputMode="decimal"
            value={target}
            aria-invalid={errors.target || undefined}
            aria-describedby={errors.target ? `${base}-target-error` : undefined}
            onChange={(e) => setTarget(e.target.value)}
          />
        </Field>
        <Field id={`${base}-input`} label={t('vary')}>
          <select id={`${base}-input`} value={inputName} onChange={(e) => setInput(e.target.value)}>
            {inputs.map((each) => (
              <option key={each.id} value={each.name}>
                {each.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${base}-min`} label={t('min')} error={errors.min ? t('notANumber') : null}>
          <input
            id={`${base}-min`}
            inputMode="decimal"
            value={min}
            aria-invalid={errors.min || undefined}
            aria-describedby={errors.min ? `${base}-min-error` : undefined}
            onChange={(e) => setMin(e.target.value)}
          />
        </Field>
        <Field id={`${base}-max`} label={t('max')} error={errors.max ? t('notANumber') : null}>
          <input
            id={`${base}-max`}
            inputMode="decimal"
            value={max}
            aria-invalid={errors.max || undefined}
            aria-describedby={errors.max ? `${base}-max-error` : undefined}
            onChange={(e) => setMax(e.target.value)}
          />
        </Field>
      </div>
      <div className="what-if-actions">
        <button type="submit" className="button primary" aria-disabled={seeking || undefined}>
          {t('find')}
        </button>
      </div>
      <div className="what-if-result" role="status" aria-live="polite">
        {seeking && <p>{t('seeking')}</p>}
        {answer?.kind === 'found' && (
          <p className="goal-seek-found">
            {t('found', {
              input: answer.spec.input,
              value: formatNumber(answer.result.value, locale),
              output: answer.spec.output,
              display: answer.result.display,
            })}
          </p>
        )}
        {answer?.kind === 'none' && (
          <p className="goal-seek-none">
            {answer.result.at === undefined
              ? t('notFound', { reason: localizeEngineMessage(answer.result.error, locale) })
              : t('notFoundAt', {
                  reason: localizeEngineMessage(answer.result.error, locale),
                  input: answer.spec.input,
                  at: formatNumber(answer.result.at, locale),
                })}
          </p>
        )}
        {answer?.kind === 'failed' && <p className="goal-seek-none">{answer.message}</p>}
      </div>
      {answer?.kind === 'found' && (
        <div className="what-if-actions">
          <button type="button" className="button" onClick={apply}>
            {t('apply')}
          </button>
          {props.onAddTest && (
            <button type="button" className="button subtle" onClick={saveTest}>
              {t('saveTest')}
            </button>
          )}
        </div>
      )}
    </form>
  );
}
