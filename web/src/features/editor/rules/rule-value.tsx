// The value part of a rule builder's condition: a control fitting the input's type (a
// number or text field, checked / not checked, the choice's options, a date), and which
// operators that type offers.
import { useState } from 'react';
import type { InputDef, InputType } from '../../../lib/types';
import { useT } from '../../../stores/i18n';
import { formsMessages } from './messages';
import type { Operator, RuleValue } from './rule-expression';

/** The operators each input type offers, in the menu's order. */
export const OPERATORS_OF: Record<InputType, readonly Operator[]> = {
  number: ['is', 'isNot', 'lt', 'le', 'gt', 'ge', 'between', 'empty', 'oneOf'],
  string: ['is', 'isNot', 'empty', 'oneOf'],
  binary: ['is', 'isNot'],
  choice: ['is', 'isNot', 'empty', 'oneOf'],
  date: ['lt', 'le', 'gt', 'ge', 'between', 'empty'],
  list: [],
};

/** The inputs a rule can name: top-level ones of a type the builder knows. */
export const ruleInputs = (inputs: readonly InputDef[]) =>
  inputs.filter((input) => OPERATORS_OF[input.type].length > 0 && input.name.trim() !== '');

/** A number typed in a field, or undefined while it is not (yet) one. */
function parseNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : undefined;
}

const textOfValue = (value: RuleValue | undefined) =>
  value === undefined ? '' : typeof value === 'object' ? value.date : String(value);

/** One value of a condition, as a control fitting `input`'s type. */
export function RuleValueControl(props: {
  input: InputDef;
  label: string;
  value: RuleValue | undefined;
  onChange(value: RuleValue | undefined): void;
}) {
  const t = useT(formsMessages);
  const { input, label, value, onChange } = props;
  // What is typed into a number field ("1.", "-") stays while the value is its parse.
  const [typed, setTyped] = useState(() => textOfValue(value));
  switch (input.type) {
    case 'binary':
      return (
        <select
          className="select"
          aria-label={label}
          value={value === false ? 'false' : 'true'}
          onChange={(event) => onChange(event.target.value === 'true')}
        >
          <option value="true">{t('checked')}</option>
          <option value="false">{t('unchecked')}</option>
        </select>
      );
    case 'choice': {
      const choices = input.choices ?? [];
      const index = choices.findIndex((choice) => Object.is(choice.value, value));
      return (
        <select
          className="select"
          aria-label={label}
          value={index < 0 ? '' : String(index)}
          onChange={(event) => {
            const choice = choices[Number(event.target.value)];
            onChange(choice ? (choice.value as RuleValue) : undefined);
          }}
        >
          <option value="">{t('pickChoice')}</option>
          {choices.map((choice, i) => (
            <option key={i} value={String(i)}>
              {choice.label}
            </option>
          ))}
        </select>
      );
    }
    case 'date':
      return (
        <input
          className="field"
          type="date"
          aria-label={label}
          value={textOfValue(value)}
          onChange={(event) =>
            onChange(event.target.value ? { date: event.target.value } : undefined)
          }
        />
      );
    case 'number': {
      const shown = parseNumber(typed) === value ? typed : textOfValue(value);
      return (
        <input
          className="field rule-number"
          type="text"
          inputMode="decimal"
          aria-label={label}
          value={shown}
          onChange={(event) => {
            setTyped(event.target.value);
            onChange(parseNumber(event.target.value));
          }}
        />
      );
    }
    default:
      return (
        <input
          className="field"
          type="text"
          aria-label={label}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}

/** The values of `is one of…`: the choice's options as checkboxes, else a list by commas. */
export function RuleValuesControl(props: {
  input: InputDef;
  label: string;
  values: RuleValue[];
  onChange(values: RuleValue[]): void;
  hintId: string;
}) {
  const t = useT(formsMessages);
  const { input, label, values, onChange } = props;
  const [typed, setTyped] = useState(() => values.map(String).join(', '));
  if (input.type === 'choice') {
    const choices = input.choices ?? [];
    return (
      <fieldset className="plain-fieldset rule-values">
        <legend className="visually-hidden">{label}</legend>
        {choices.map((choice, i) => {
          const on = values.some((value) => Object.is(value, choice.value));
          return (
            <label key={i} className="checkbox">
              <input
                type="checkbox"
                checked={on}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? choices
                          .filter((c) => c === choice || values.some((v) => Object.is(v, c.value)))
                          .map((c) => c.value as RuleValue)
                      : values.filter((value) => !Object.is(value, choice.value)),
                  )
                }
              />
              <span>{choice.label}</span>
            </label>
          );
        })}
      </fieldset>
    );
  }
  const parse = (text: string): RuleValue[] => {
    const parts = text
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    if (input.type !== 'number') return parts;
    const numbers = parts.map(parseNumber);
    return numbers.every((n) => n !== undefined) ? (numbers as number[]) : [];
  };
  return (
    <>
      <input
        className="field"
        type="text"
        aria-label={label}
        aria-describedby={props.hintId}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          onChange(parse(event.target.value));
        }}
      />
      <span className="field-hint muted" id={props.hintId}>
        {t('conditionValuesHint')}
      </span>
    </>
  );
}
