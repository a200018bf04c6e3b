// The control a visitor uses for one input, by type (spec §3).
import { useId, useState } from 'react';
import { useT } from '../../lib/i18n';
import { defaultValue } from '../../lib/doc';
import type { InputDef } from '../../lib/types';
import { calcMessages } from './messages';

export const SLIDER_MIN = 0;
export const SLIDER_MAX = 100;

export interface InputControlProps {
  input: InputDef;
  value: unknown;
  onChange(value: unknown): void;
  /** Id of the element the label points at. */
  controlId: string;
  /** Extra class on the element (used to autofocus the first input). */
  disabled?: boolean;
}

export function InputControl(props: InputControlProps) {
  switch (props.input.type) {
    case 'number':
      return <NumberControl {...props} />;
    case 'string':
      return (
        <input
          id={props.controlId}
          className="field"
          type="text"
          value={typeof props.value === 'string' ? props.value : ''}
          onChange={(event) =>
            props.onChange(event.target.value === '' ? null : event.target.value)
          }
        />
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

function NumberControl({ input, value, onChange, controlId }: InputControlProps) {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' ? numberFrom(value) : null;
  if (input.presentationType === 'slider') {
    const min = Number(input.sliderMin ?? SLIDER_MIN);
    const max = Number(input.sliderMax ?? SLIDER_MAX);
    const step = Number(input.sliderStep ?? 1) || 1;
    return (
      <div className="slider">
        <input
          id={controlId}
          type="range"
          min={min}
          max={max}
          step={step}
          value={number ?? min}
          onChange={(event) => onChange(Number(event.target.value))}
        />
        <output htmlFor={controlId}>{number ?? min}</output>
      </div>
    );
  }
  return <NumberField controlId={controlId} number={number} onChange={onChange} />;
}

/**
 * A number field. Text the browser cannot read as a number (or one too large) is not
 * computed with silently as "empty": the field says so, and the input counts as empty.
 */
function NumberField(props: {
  controlId: string;
  number: number | null;
  onChange(value: unknown): void;
}) {
  const t = useT(calcMessages);
  const [bad, setBad] = useState(false);
  const errorId = `${props.controlId}-bad`;
  return (
    <>
      <input
        id={props.controlId}
        className="field"
        type="number"
        inputMode="decimal"
        step="any"
        value={props.number ?? ''}
        aria-invalid={bad || undefined}
        aria-describedby={bad ? errorId : undefined}
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

interface DateValue {
  type: 'absolute' | 'relative';
  params: { day?: number; month?: number; year?: number; delta?: number; units?: string };
}

const asDate = (value: unknown): DateValue =>
  value && typeof value === 'object' && 'type' in value && 'params' in value
    ? (value as DateValue)
    : (defaultValue('date') as DateValue);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function DateControl({ value, onChange, controlId }: InputControlProps) {
  const t = useT(calcMessages);
  const date = asDate(value);
  const name = useId();
  const { day, month, year } = date.params;
  const iso =
    day !== undefined && month !== undefined && year !== undefined
      ? `${pad(year, 4)}-${pad(month + 1)}-${pad(day)}`
      : '';
  return (
    <div className="date-control" role="group" aria-labelledby={`${controlId}-label`}>
      <div className="segmented">
        <label>
          <input
            type="radio"
            name={name}
            checked={date.type === 'absolute'}
            onChange={() => {
              const now = new Date();
              onChange({
                type: 'absolute',
                params: { day: now.getDate(), month: now.getMonth(), year: now.getFullYear() },
              });
            }}
          />
          {t('specificDate')}
        </label>
        <label>
          <input
            type="radio"
            name={name}
            checked={date.type === 'relative'}
            onChange={() => onChange(defaultValue('date'))}
          />
          {t('relativeDate')}
        </label>
      </div>
      {date.type === 'absolute' ? (
        <input
          id={controlId}
          className="field"
          type="date"
          aria-label={t('date')}
          value={iso}
          onChange={(event) => {
            const [y, m, d] = event.target.value.split('-').map(Number);
            onChange({
              type: 'absolute',
              params: event.target.value ? { day: d, month: m - 1, year: y } : {},
            });
          }}
        />
      ) : (
        <div className="inline-fields">
          <input
            id={controlId}
            className="field narrow"
            type="number"
            step="1"
            aria-label={t('delta')}
            value={date.params.delta ?? 0}
            onChange={(event) =>
              onChange({
                type: 'relative',
                params: { ...date.params, delta: Math.trunc(Number(event.target.value) || 0) },
              })
            }
          />
          <select
            className="select"
            aria-label={t('units')}
            value={date.params.units ?? 'days'}
            onChange={(event) =>
              onChange({ type: 'relative', params: { ...date.params, units: event.target.value } })
            }
          >
            <option value="days">{t('days')}</option>
            <option value="months">{t('months')}</option>
            <option value="years">{t('years')}</option>
          </select>
        </div>
      )}
    </div>
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
            const subId = `${controlId}-${index}-${sub.id}`;
            const subValue = item?.[String(sub.id)];
            return (
              <div className="field-row" key={sub.id}>
                <label id={`${subId}-label`} htmlFor={subId}>
                  {sub.name}
                </label>
                <InputControl
                  input={sub}
                  controlId={subId}
                  value={subValue === undefined ? defaultValue(sub.type) : subValue}
                  onChange={(next) => setItem(index, { ...item, [String(sub.id)]: next })}
                />
              </div>
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
