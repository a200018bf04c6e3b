// The Steps editor of the Settings panel (issue 30): the form's ordered steps, each with a
// title, a description and a checklist of its inputs (an input is on one step at most:
// ticking it on a step takes it off another), and where the outputs show.
import { useId } from 'react';
import type { CalcDoc, InputDef } from '../../../lib/types';
import { useT } from '../../../stores/i18n';
import { ItemActions, SelectField, TextField } from '../fields';
import { moveBy } from '../list-ops';
import { stepIdFrom, stepOutputsOf, stepsOf, textOf, withField, type Step } from './form-doc';
import './forms.css';
import { formsMessages } from './messages';

type DocChange = (change: (doc: CalcDoc) => CalcDoc) => void;

/** `steps` with input `id` on step `index` only (or on none when `on` is false). */
export function withInputOnStep(steps: Step[], index: number, id: number, on: boolean): Step[] {
  return steps.map((step, i) => {
    const rest = step.inputs.filter((each) => each !== id);
    return i === index && on ? { ...step, inputs: [...rest, id] } : { ...step, inputs: rest };
  });
}

export function StepsEditor(props: { doc: CalcDoc; onDocChange: DocChange }) {
  const t = useT(formsMessages);
  const titleId = useId();
  const steps = stepsOf(props.doc);
  const inputs = props.doc.metaInputs ?? [];
  const setSteps = (edit: (steps: Step[]) => Step[]) =>
    props.onDocChange((old) => {
      const next = withField(old, 'steps', edit(stepsOf(old)));
      // Without steps, where outputs show means nothing: the doc goes back to not naming it.
      return stepsOf(next).length === 0 ? withField(next, 'stepOutputs', undefined) : next;
    });
  const add = () =>
    setSteps((old) => [
      ...old,
      {
        id: stepIdFrom(old.map((step) => step.id)),
        title: t('newStepTitle', { n: old.length + 1 }),
        inputs: [],
      },
    ]);

  return (
    <section className="form-editor steps-editor" aria-labelledby={titleId}>
      <h3 id={titleId} className="field-label">
        {t('steps')}
      </h3>
      {steps.length === 0 ? (
        <p className="muted">{t('noSteps')}</p>
      ) : (
        <>
          <ol className="form-editor-list">
            {steps.map((step, index) => (
              <li key={index}>
                <StepCard
                  step={step}
                  steps={steps}
                  index={index}
                  inputs={inputs}
                  change={(edit) =>
                    setSteps((old) => old.map((each, i) => (i === index ? edit(each) : each)))
                  }
                  onToggleInput={(id, on) => setSteps((old) => withInputOnStep(old, index, id, on))}
                  onMove={(delta) => setSteps((old) => moveBy(old, index, delta))}
                  onRemove={() => setSteps((old) => old.filter((_, i) => i !== index))}
                />
              </li>
            ))}
          </ol>
          <p className="field-hint muted">{t('stepInputsHint')}</p>
          <SelectField
            label={t('stepOutputs')}
            value={stepOutputsOf(props.doc)}
            options={[
              { value: 'last', label: t('stepOutputsLast') },
              { value: 'every', label: t('stepOutputsEvery') },
            ]}
            onChange={(where) =>
              props.onDocChange((old) =>
                withField(old, 'stepOutputs', where === 'every' ? 'every' : undefined),
              )
            }
          />
        </>
      )}
      <button type="button" className="button" onClick={add}>
        + {t('addStep')}
      </button>
    </section>
  );
}

function StepCard(props: {
  step: Step;
  steps: Step[];
  index: number;
  inputs: InputDef[];
  change(edit: (step: Step) => Step): void;
  onToggleInput(id: number, on: boolean): void;
  onMove(delta: number): void;
  onRemove(): void;
}) {
  const t = useT(formsMessages);
  const base = useId();
  const { step, index, change } = props;
  const n = index + 1;
  const title = typeof step.title === 'string' ? step.title : '';
  const stepOf = (id: number) => props.steps.findIndex((each) => each.inputs.includes(id));
  return (
    <div className="def-card" role="group" aria-label={t('stepGroup', { n, title })}>
      <div className="def-head">
        <span className="def-name">{t('stepGroup', { n, title })}</span>
        <ItemActions
          what={t('stepWhat', { n })}
          upId={`${base}-up`}
          downId={`${base}-down`}
          first={index === 0}
          last={index === props.steps.length - 1}
          onMove={props.onMove}
          onRemove={props.onRemove}
        />
      </div>
      <div className="def-body">
        <TextField
          label={t('title')}
          value={title}
          error={title.trim() === '' ? t('titleNeeded') : null}
          onChange={(next) => change((old) => ({ ...old, title: next }))}
        />
        <TextField
          label={t('descriptionMarkdown')}
          multiline
          value={textOf(step, 'description')}
          hint={t('markdownHint')}
          onChange={(description) => change((old) => withField(old, 'description', description))}
        />
        <fieldset className="plain-fieldset step-inputs">
          <legend className="field-label">{t('stepInputs', { n })}</legend>
          {props.inputs.length === 0 && <p className="muted">{t('noInputs')}</p>}
          {props.inputs.map((input) => {
            const on = step.inputs.includes(input.id);
            const other = stepOf(input.id);
            return (
              <label key={input.id} className="checkbox">
                <input
                  type="checkbox"
                  checked={on}
                  onChange={(event) => props.onToggleInput(input.id, event.target.checked)}
                />
                <span className="code">
                  {!on && other >= 0
                    ? t('inOtherStep', { name: input.name, n: other + 1 })
                    : input.name}
                </span>
              </label>
            );
          })}
        </fieldset>
      </div>
    </div>
  );
}
