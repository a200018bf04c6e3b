// The control a visitor uses for one input, by type (spec §3).
import { useId, useState, type ReactNode } from 'react';
import { useT } from '../../stores/i18n';
import { useUi } from '../../stores/ui';
import { defaultValue } from '../../lib/doc';
import type { InputDef } from '../../lib/types';
import { inputProblem, numberRules, sliderBounds } from './input-rules';
import { DateControl } from './date-control';
import { withUnits } from './units';
import { calcMessages, problemText } from './messages';

export { SLIDER_MAX, SLIDER_MIN } from './input-rules';

export interface InputControlProps {
  input: InputDef;
  value: unknown;
  onChange(value: unknown): void;
  /** Id of the element the label points at. */
  controlId: string;
  /** Extra class on the element (used to autofocus the first input). */
  disabled?: boolean;
  /** Ids of what describes the control (its help, its error). */
  describedBy?: string;
  /** The value breaks one of the input's rules (input-rules.ts). */
  invalid?: boolean;
}

/** Space-separated ids, or undefined when there are none. */
export const ids = (...parts: (string | false | undefined | null)[]) =>
  parts.filter(Boolean).join(' ') || undefined;

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : '');

/**
 * The input's prefix and suffix (a unit such as `$` or `kg`) around its control. Each is
 * part of the control's description, so it is read out with the field.
 */
function Affixed(props: { input: InputDef; controlId: string; children: ReactNode }) {
  const prefix = text(props.input.prefix);
  const suffix = text(props.input.suffix);
  if (!prefix && !suffix) return <>{props.children}</>;
  return (
    <div className="affixed">
      {prefix && (
        <span className="affix" id={`${props.controlId}-prefix`}>
          {prefix}
        </span>
      )}
      {props.children}
      {suffix && (
        <span className="affix" id={`${props.controlId}-suffix`}>
          {suffix}
        </span>
      )}
    </div>
  );
}

/** The ids Affixed gives the input's prefix and suffix. */
const affixIds = (input: InputDef, controlId: string) =>
  ids(text(input.prefix) && `${controlId}-prefix`, text(input.suffix) && `${controlId}-suffix`);

/**
 * One input as visitors see it: its name (marked when required), the control, the author's
 * help and the input's error; the control is described by the help and the error.
 */
export function InputField(
  props: Omit<InputControlProps, 'describedBy' | 'invalid'> & {
    error?: string;
    className?: string;
  },
) {
  const t = useT(calcMessages);
  const { input, controlId } = props;
  const help = text(input.help);
  const helpId = help ? `${controlId}-help` : undefined;
  const errorId = props.error ? `${controlId}-error` : undefined;
  return (
    <div className={`field-row ${props.className ?? ''}`}>
      <label id={`${controlId}-label`} htmlFor={controlId} className="field-label">
        {input.name}
        {input.required === true && input.type !== 'binary' && (
          <>
            <span className="required-mark" aria-hidden="true">
              {' *'}
            </span>
            <span className="visually-hidden"> ({t('required')})</span>
          </>
        )}
      </label>
      <InputControl
        input={input}
        controlId={controlId}
        value={props.value}
        onChange={props.onChange}
        describedBy={ids(helpId, errorId)}
        invalid={!!props.error}
      />
      {help && (
        <p className="input-help muted" id={helpId}>
          {help}
        </p>
      )}
      {props.error && (
        <p className="input-error" id={errorId} role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}

export function InputControl(props: InputControlProps) {
  switch (props.input.type) {
    case 'number':
      return <NumberControl {...props} />;
    case 'string':
      return (
        <Affixed input={props.input} controlId={props.controlId}>
          <input
            id={props.controlId}
            className="field"
            type="text"
            value={typeof props.value === 'string' ? props.value : ''}
            placeholder={text(props.input.placeholder) || undefined}
            aria-invalid={props.invalid || undefined}
            aria-describedby={ids(affixIds(props.input, props.controlId), props.describedBy)}
            onChange={(event) =>
              props.onChange(event.target.value === '' ? null : event.target.value)
            }
          />
        </Affixed>
      );
    case 'binary':
      return <BinaryControl {...props} />;
    case 'date':
      return <DateControl {...props} />;
    case 'choice':
      return <ChoiceControl {...props} />;
    case 'list':
      return <ListControl {...props} />;
    default:
      return null;
  }
}

const numberFrom = (text: string): number | null => {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
};

function NumberControl(props: InputControlProps) {
  const { input, value, onChange, controlId } = props;
  const number =
    typeof value === 'number' ? value : typeof value === 'string' ? numberFrom(value) : null;
  if (input.presentationType === 'slider') {
    const { min, max } = sliderBounds(input);
    const step = Number(input.sliderStep ?? 1) || 1;
    const shown = withUnits(String(number ?? min), input.prefix, input.suffix);
    return (
      <div className="slider">
        <input
          id={controlId}
          type="range"
          min={min}
          max={max}
          step={step}
          value={number ?? min}
          aria-valuetext={shown}
          aria-describedby={props.describedBy}
          onChange={(event) => onChange(Number(event.target.value))}
        />
        <output htmlFor={controlId}>{shown}</output>
      </div>
    );
  }
  return (
    <Affixed input={input} controlId={controlId}>
      <NumberField {...props} number={number} />
    </Affixed>
  );
}

/**
 * A number field. Text the browser cannot read as a number (or one too large) is not
 * computed with silently as "empty": the field says so, and the input counts as empty.
 */
function NumberField(props: InputControlProps & { number: number | null }) {
  const t = useT(calcMessages);
  const [bad, setBad] = useState(false);
  const errorId = `${props.controlId}-bad`;
  const { min, max, step } = numberRules(props.input);
  return (
    <>
      <input
        id={props.controlId}
        className="field"
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step ?? 'any'}
        value={props.number ?? ''}
        placeholder={text(props.input.placeholder) || undefined}
        aria-invalid={bad || props.invalid || undefined}
        aria-describedby={ids(
          affixIds(props.input, props.controlId),
          bad && errorId,
          props.describedBy,
        )}
        onChange={(event) => {
          const text = event.target.value;
          const parsed = numberFrom(text);
          setBad(!!event.target.validity?.badInput || (text.trim() !== '' && parsed === null));
          props.onChange(parsed);
        }}
      />
      {bad && (
        <p className="input-error" id={errorId} role="alert">
          {t('notANumber')}
        </p>
      )}
    </>
  );
}

function BinaryControl({ input, value, onChange, controlId }: InputControlProps) {
  const t = useT(calcMessages);
  const checked = value === true;
  if (input.presentationType === 'switch') {
    return (
      <button
        id={controlId}
        type="button"
        role="switch"
        aria-checked={checked}
        className={`switch ${checked ? 'on' : ''}`}
        onClick={() => onChange(!checked)}
      >
        <span aria-hidden="true" />
      </button>
    );
  }
  return (
    <label className="checkbox">
      <input
        id={controlId}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{t('yes')}</span>
    </label>
  );
}

function ChoiceControl({ input, value, onChange, controlId }: InputControlProps) {
  const t = useT(calcMessages);
  const choices = input.choices ?? [];
  const name = useId();
  const at = choices.findIndex((choice) => JSON.stringify(choice.value) === JSON.stringify(value));
  if (input.presentationType === 'dropdown') {
    return (
      <select
        id={controlId}
        className="select"
        value={at < 0 ? '' : String(at)}
        onChange={(event) =>
          onChange(event.target.value === '' ? null : choices[Number(event.target.value)].value)
        }
      >
        <option value="">{t('chooseOne')}</option>
        {choices.map((choice, index) => (
          <option key={String(choice.id ?? index)} value={index}>
            {choice.label}
          </option>
        ))}
      </select>
    );
  }
  return (
    // The id is on the group, not the first button: the input's name is a <label> for it,
    // and clicking a label for a radio button would choose that button.
    <div
      id={controlId}
      className="radio-group"
      role="radiogroup"
      aria-labelledby={`${controlId}-label`}
    >
      {choices.map((choice, index) => (
        <label key={String(choice.id ?? index)}>
          <input
            type="radio"
            name={name}
            checked={index === at}
            onChange={() => onChange(choice.value)}
          />
          {choice.label}
        </label>
      ))}
    </div>
  );
}

function ListControl({ input, value, onChange, controlId }: InputControlProps) {
  const t = useT(calcMessages);
  const locale = useUi((s) => s.locale);
  const items = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  const subInputs = input.metaInputs ?? [];
  const setItem = (index: number, item: Record<string, unknown>) =>
    onChange(items.map((old, at) => (at === index ? item : old)));
  return (
    <div
      className="list-control"
      id={controlId}
      role="group"
      aria-labelledby={`${controlId}-label`}
    >
      {items.length === 0 && <p className="muted">{t('noItems')}</p>}
      {items.map((item, index) => (
        <fieldset key={index} className="list-item">
          <legend>{t('item', { n: index + 1 })}</legend>
          {subInputs.map((sub) => {
            const subValue = item?.[String(sub.id)];
            const problem = inputProblem(sub, subValue);
            return (
              <InputField
                key={sub.id}
                input={sub}
                controlId={`${controlId}-${index}-${sub.id}`}
                value={subValue === undefined ? defaultValue(sub.type) : subValue}
                onChange={(next) => setItem(index, { ...item, [String(sub.id)]: next })}
                error={problem ? problemText(t, problem, locale) : undefined}
              />
            );
          })}
          <button
            type="button"
            className="button subtle"
            onClick={() => onChange(items.filter((_, at) => at !== index))}
          >
            {t('removeItem', { n: index + 1 })}
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        className="button"
        onClick={() => onChange([...items, structuredClone(input.itemPrototype ?? {})])}
      >
        + {t('addItem')}
      </button>
    </div>
  );
}
