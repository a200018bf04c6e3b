// The settings each input type has beyond its name (spec §3): presentation, slider bounds,
// choices.
import { useId, useRef } from 'react';
import { SLIDER_MAX, SLIDER_MIN } from '../../components/calculator/input-control';
import { nextId } from '../../lib/doc';
import { useT } from '../../stores/i18n';
import type { InputDef } from '../../lib/types';
import {
  CheckboxField,
  ChoiceValueField,
  ItemActions,
  NumberField,
  SelectField,
  TextField,
} from './fields';
import { changeById, focusAfterRemoval, focusNew, moveBy, refocus } from './list-ops';
import { editorMessages } from './messages';

type Change = (edit: (input: InputDef) => InputDef) => void;
type Choice = NonNullable<InputDef['choices']>[number];

const numberOrUndefined = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** Whether both bounds are set and the lower one is above the upper (no value fits). */
const crossed = (low: unknown, high: unknown) => {
  const [min, max] = [numberOrUndefined(low), numberOrUndefined(high)];
  return min !== undefined && max !== undefined && min > max;
};

/** `def` with `key` set, or removed when `value` is undefined or '' (old docs lack it). */
export function withOptional<D extends Record<string, unknown>>(
  def: D,
  key: string,
  value: unknown,
): D {
  const next: Record<string, unknown> = { ...def };
  if (value === undefined || value === '') delete next[key];
  else next[key] = value;
  return next as D;
}

/** A text setting that is absent from the doc while empty. */
export function OptionalText<D extends Record<string, unknown>>(props: {
  def: D;
  field: string;
  label: string;
  placeholder?: string;
  change(edit: (def: D) => D): void;
}) {
  const value = props.def[props.field];
  return (
    <TextField
      label={props.label}
      value={typeof value === 'string' ? value : ''}
      placeholder={props.placeholder}
      onChange={(text) => props.change((old) => withOptional(old, props.field, text))}
    />
  );
}

/** `prefix` and `suffix` side by side; each is [label, example]. */
export function UnitFields<D extends Record<string, unknown>>(props: {
  def: D;
  change(edit: (def: D) => D): void;
  prefix: [string, string];
  suffix: [string, string];
}) {
  return (
    <div className="inline-fields">
      {(['prefix', 'suffix'] as const).map((field) => (
        <OptionalText
          key={field}
          def={props.def}
          field={field}
          label={props[field][0]}
          placeholder={props[field][1]}
          change={props.change}
        />
      ))}
    </div>
  );
}

export function InputSettings({ input, change }: { input: InputDef; change: Change }) {
  return (
    <>
      <TypeSettings input={input} change={change} />
      <RuleSettings input={input} change={change} />
    </>
  );
}

/**
 * What visitors see around the control and what a value must be (issue 12): units,
 * placeholder, help, required, and a number field's minimum, maximum and step.
 */
function RuleSettings({ input, change }: { input: InputDef; change: Change }) {
  const t = useT(editorMessages);
  const number = input.type === 'number';
  const field = number && input.presentationType !== 'slider';
  const typed = number || input.type === 'string';
  const min = numberOrUndefined(input.min);
  const max = numberOrUndefined(input.max);
  return (
    <div className="rule-fields">
      {typed && (
        <UnitFields
          def={input}
          change={change}
          prefix={[t('inputPrefix'), t('inputPrefixExample')]}
          suffix={[t('inputSuffix'), t('inputSuffixExample')]}
        />
      )}
      {(field || input.type === 'string') && (
        <OptionalText def={input} field="placeholder" label={t('placeholder')} change={change} />
      )}
      {field && (
        <>
          <div className="inline-fields">
            <NumberField
              label={t('fieldMin')}
              value={min}
              onChange={(value) => change((old) => withOptional(old, 'min', value))}
            />
            <NumberField
              label={t('fieldMax')}
              value={max}
              onChange={(value) => change((old) => withOptional(old, 'max', value))}
            />
            <NumberField
              label={t('fieldStep')}
              value={numberOrUndefined(input.step)}
              hint={t('fieldStepHint')}
              min={Number.MIN_VALUE}
              onChange={(value) => change((old) => withOptional(old, 'step', value))}
            />
          </div>
          {crossed(min, max) && (
            <p className="field-error" role="alert">
              {t('minAboveMax')}
            </p>
          )}
        </>
      )}
      <OptionalText def={input} field="help" label={t('helpText')} change={change} />
      {input.type !== 'binary' && !(number && !field) && (
        <CheckboxField
          label={t('required')}
          hint={t('requiredHint')}
          checked={input.required === true}
          onChange={(required) =>
            change((old) => withOptional(old, 'required', required || undefined))
          }
        />
      )}
    </div>
  );
}

function TypeSettings({ input, change }: { input: InputDef; change: Change }) {
  const t = useT(editorMessages);
  switch (input.type) {
    case 'number': {
      const slider = input.presentationType === 'slider';
      return (
        <>
          <SelectField
            label={t('presentation')}
            value={slider ? 'slider' : 'field'}
            options={[
              { value: 'field', label: t('presentField') },
              { value: 'slider', label: t('presentSlider') },
            ]}
            onChange={(kind) =>
              change((old) =>
                kind === 'slider'
                  ? {
                      ...old,
                      presentationType: 'slider',
                      sliderMin: numberOrUndefined(old.sliderMin) ?? SLIDER_MIN,
                      sliderMax: numberOrUndefined(old.sliderMax) ?? SLIDER_MAX,
                    }
                  : withOptional(old, 'presentationType', undefined),
              )
            }
          />
          {slider && (
            <div className="inline-fields slider-fields">
              <NumberField
                label={t('sliderMin')}
                value={numberOrUndefined(input.sliderMin)}
                placeholder={String(SLIDER_MIN)}
                onChange={(value) => change((old) => withOptional(old, 'sliderMin', value))}
              />
              <NumberField
                label={t('sliderMax')}
                value={numberOrUndefined(input.sliderMax)}
                placeholder={String(SLIDER_MAX)}
                onChange={(value) => change((old) => withOptional(old, 'sliderMax', value))}
              />
              <NumberField
                label={t('sliderStep')}
                value={numberOrUndefined(input.sliderStep)}
                placeholder="1"
                hint={t('sliderStepHint')}
                min={Number.MIN_VALUE}
                onChange={(value) => change((old) => withOptional(old, 'sliderStep', value))}
              />
            </div>
          )}
          {slider && crossed(input.sliderMin, input.sliderMax) && (
            <p className="field-error" role="alert">
              {t('minAboveMax')}
            </p>
          )}
        </>
      );
    }
    case 'binary':
      return (
        <SelectField
          label={t('presentation')}
          value={input.presentationType === 'switch' ? 'switch' : 'checkbox'}
          options={[
            { value: 'checkbox', label: t('presentCheckbox') },
            { value: 'switch', label: t('presentSwitch') },
          ]}
          onChange={(presentationType) => change((old) => ({ ...old, presentationType }))}
        />
      );
    case 'choice':
      return (
        <>
          <SelectField
            label={t('presentation')}
            value={input.presentationType === 'dropdown' ? 'dropdown' : 'radio'}
            options={[
              { value: 'radio', label: t('presentRadio') },
              { value: 'dropdown', label: t('presentDropdown') },
            ]}
            onChange={(presentationType) => change((old) => ({ ...old, presentationType }))}
          />
          <ChoicesEditor input={input} change={change} />
        </>
      );
    default:
      return null;
  }
}

function ChoicesEditor({ input, change }: { input: InputDef; change: Change }) {
  const t = useT(editorMessages);
  const base = useId();
  const root = useRef<HTMLDivElement>(null);
  const choices = input.choices ?? [];
  const titleId = `${base}-title`;
  const hintId = `${base}-hint`;
  const labelId = (choice: Choice) => `${base}-label-${String(choice.id)}`;
  const setChoices = (edit: (choices: Choice[]) => Choice[]) =>
    change((old) => ({ ...old, choices: edit(old.choices ?? []) }));

  const add = () => {
    const id = nextId(choices.map((choice) => ({ id: Number(choice.id) || 0 })));
    const choice: Choice = { id, label: t('newChoiceLabel', { n: id }), value: id };
    setChoices((old) => [...old, choice]);
    focusNew(labelId(choice));
  };

  return (
    <div className="choices" role="group" aria-labelledby={titleId} ref={root}>
      <p className="field-label" id={titleId}>
        {t('choices')}
      </p>
      {choices.length === 0 ? (
        <p className="muted">{t('noChoices')}</p>
      ) : (
        <>
          <div className="choice-row choice-head" aria-hidden="true">
            <span>{t('choiceLabelHead')}</span>
            <span>{t('choiceValueHead')}</span>
          </div>
          <ol className="choice-list">
            {choices.map((choice, index) => {
              const n = index + 1;
              const what = t('choiceWhat', { n });
              const upId = `${base}-up-${String(choice.id)}`;
              const downId = `${base}-down-${String(choice.id)}`;
              const move = (delta: number) => {
                setChoices((old) =>
                  moveBy(
                    old,
                    old.findIndex((other) => other.id === choice.id),
                    delta,
                  ),
                );
                refocus(delta < 0 ? upId : downId, delta < 0 ? downId : upId);
              };
              return (
                <li key={String(choice.id ?? index)} className="choice-row">
                  <input
                    id={labelId(choice)}
                    className="field"
                    type="text"
                    aria-label={t('choiceLabel', { n })}
                    value={choice.label}
                    onChange={(event) =>
                      setChoices((old) =>
                        changeById(old, choice.id, (c) => ({ ...c, label: event.target.value })),
                      )
                    }
                  />
                  <ChoiceValueField
                    label={t('choiceValue', { n })}
                    value={choice.value}
                    describedBy={hintId}
                    onChange={(value) =>
                      setChoices((old) => changeById(old, choice.id, (c) => ({ ...c, value })))
                    }
                  />
                  <ItemActions
                    what={what}
                    upId={upId}
                    downId={downId}
                    first={index === 0}
                    last={index === choices.length - 1}
                    onMove={move}
                    onRemove={() => {
                      setChoices((old) => old.filter((other) => other.id !== choice.id));
                      focusAfterRemoval(choices, index, labelId, root.current, '.add-choice');
                    }}
                  />
                </li>
              );
            })}
          </ol>
          <p className="field-hint muted" id={hintId}>
            {t('choiceValueHint')}
          </p>
        </>
      )}
      <button type="button" className="button add-choice" onClick={add}>
        + {t('addChoice')}
      </button>
    </div>
  );
}
