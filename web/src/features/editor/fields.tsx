// Form fields of the definition editors. Number-like fields keep what is being typed
// ("1.", "-") while the doc only ever holds parsed values.
import { useId, useState, type ReactNode } from 'react';
import { useT } from '../../stores/i18n';
import { editorMessages } from './messages';

/** A labelled row: the label, the control, an optional hint and an optional error. */
export function FieldRow(props: {
  label: ReactNode;
  htmlFor: string;
  labelId?: string;
  hint?: string;
  hintId?: string;
  error?: string | null;
  errorId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`field-row ${props.className ?? ''}`}>
      <label className="field-label" htmlFor={props.htmlFor} id={props.labelId}>
        {props.label}
      </label>
      {props.children}
      {props.hint && (
        <span className="field-hint muted" id={props.hintId}>
          {props.hint}
        </span>
      )}
      {props.error && (
        <span className="field-error" id={props.errorId}>
          {props.error}
        </span>
      )}
    </div>
  );
}

/** What is typed, and the value it was typed for: shown while the value has not moved on. */
interface Draft<V> {
  text: string;
  base: V;
}

function useDraft<V>(value: V, format: (value: V) => string) {
  const [draft, setDraft] = useState<Draft<V> | null>(null);
  const text = draft && Object.is(draft.base, value) ? draft.text : format(value);
  return { text, setDraft };
}

const formatNumber = (value: number | undefined) => (value === undefined ? '' : String(value));

/**
 * A number field: empty means `emptyValue` (default `undefined`); text that is not (yet) a
 * number is kept as typed.
 */
export function NumberField(props: {
  label: string;
  value: number | undefined;
  onChange(value: number | undefined): void;
  /** The value an empty field stands for (the field stays empty while it holds it). */
  emptyValue?: number;
  min?: number;
  max?: number;
  integer?: boolean;
  hint?: string;
  placeholder?: string;
  className?: string;
}) {
  const id = useId();
  const { text, setDraft } = useDraft(props.value, formatNumber);
  return (
    <FieldRow
      label={props.label}
      htmlFor={id}
      hint={props.hint}
      hintId={`${id}-hint`}
      className={props.className}
    >
      <input
        id={id}
        className="field"
        type="text"
        inputMode={props.integer ? 'numeric' : 'decimal'}
        value={text}
        placeholder={props.placeholder}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        onChange={(event) => {
          const typed = event.target.value;
          const trimmed = typed.trim();
          let parsed: number | undefined;
          if (trimmed === '') parsed = props.emptyValue;
          else {
            const number = Number(trimmed);
            const ok =
              Number.isFinite(number) &&
              (!props.integer || Number.isInteger(number)) &&
              (props.min === undefined || number >= props.min) &&
              (props.max === undefined || number <= props.max);
            if (!ok) {
              setDraft({ text: typed, base: props.value });
              return;
            }
            parsed = number;
          }
          setDraft({ text: typed, base: parsed });
          props.onChange(parsed);
        }}
      />
    </FieldRow>
  );
}

/** The stored form of a choice value: a number when it reads as one, else the text. */
export function parseChoiceValue(text: string): string | number {
  const trimmed = text.trim();
  if (trimmed !== '' && /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(trimmed)) {
    const number = Number(trimmed);
    if (Number.isFinite(number)) return number;
  }
  return text;
}

const formatChoiceValue = (value: unknown) =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/** The value field of a choice (no visible label: the table head labels it). */
export function ChoiceValueField(props: {
  label: string;
  value: unknown;
  onChange(value: string | number): void;
  describedBy?: string;
}) {
  const { text, setDraft } = useDraft(props.value, formatChoiceValue);
  return (
    <input
      className="field"
      type="text"
      aria-label={props.label}
      aria-describedby={props.describedBy}
      value={text}
      onChange={(event) => {
        const parsed = parseChoiceValue(event.target.value);
        setDraft({ text: event.target.value, base: parsed });
        props.onChange(parsed);
      }}
    />
  );
}

/** A plain text field with a visible label. */
export function TextField(props: {
  label: string;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  error?: string | null;
  /** A line under the field (in its aria-describedby). */
  hint?: string;
  multiline?: boolean;
  className?: string;
  inputClassName?: string;
  id?: string;
}) {
  const generated = useId();
  const id = props.id ?? generated;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [props.hint && hintId, props.error && errorId].filter(Boolean).join(' ');
  const common = {
    id,
    className: `field ${props.inputClassName ?? ''}`,
    value: props.value,
    placeholder: props.placeholder,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
  return (
    <FieldRow
      label={props.label}
      htmlFor={id}
      hint={props.hint}
      hintId={hintId}
      error={props.error}
      errorId={errorId}
      className={props.className}
    >
      {props.multiline ? (
        <textarea {...common} rows={3} onChange={(event) => props.onChange(event.target.value)} />
      ) : (
        <input {...common} type="text" onChange={(event) => props.onChange(event.target.value)} />
      )}
    </FieldRow>
  );
}

/** A select with a visible label. */
export function SelectField<V extends string>(props: {
  label: string;
  value: V;
  options: { value: V; label: string }[];
  onChange(value: V): void;
  className?: string;
}) {
  const id = useId();
  return (
    <FieldRow label={props.label} htmlFor={id} className={props.className}>
      <select
        id={id}
        className="select"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value as V)}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldRow>
  );
}

/** A checkbox with its label (and an optional description). */
export function CheckboxField(props: {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  hint?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="field-row checkbox-row">
      <label className="checkbox" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={props.checked}
          disabled={props.disabled}
          aria-describedby={props.hint ? `${id}-hint` : undefined}
          onChange={(event) => props.onChange(event.target.checked)}
        />
        <span>{props.label}</span>
      </label>
      {props.hint && (
        <span className="field-hint muted" id={`${id}-hint`}>
          {props.hint}
        </span>
      )}
    </div>
  );
}

/** Move up, move down and delete buttons of one item in a list of definitions. */
export function ItemActions(props: {
  /** What the item is, for the buttons' names (e.g. `input a`). */
  what: string;
  upId: string;
  downId: string;
  first: boolean;
  last: boolean;
  onMove(delta: -1 | 1): void;
  onRemove(): void;
}) {
  const t = useT(editorMessages);
  const what = props.what;
  const button = (
    label: string,
    symbol: string,
    onClick: () => void,
    extra: { id?: string; disabled?: boolean; danger?: boolean },
  ) => (
    <button
      id={extra.id}
      type="button"
      className={`icon-button${extra.danger ? ' danger' : ''}`}
      aria-label={label}
      title={label}
      disabled={extra.disabled}
      onClick={onClick}
    >
      <span aria-hidden="true">{symbol}</span>
    </button>
  );
  return (
    <div className="def-actions">
      {button(t('moveUp', { what }), '↑', () => props.onMove(-1), {
        id: props.upId,
        disabled: props.first,
      })}
      {button(t('moveDown', { what }), '↓', () => props.onMove(1), {
        id: props.downId,
        disabled: props.last,
      })}
      {button(t('remove', { what }), '✕', props.onRemove, { danger: true })}
    </div>
  );
}
