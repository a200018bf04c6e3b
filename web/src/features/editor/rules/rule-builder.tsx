// The rule builder (issue 30): rows of input, operator and value, joined by all or any, or
// the rule as a JavaScript expression. Either way the doc holds the expression
// (rule-expression.ts writes it); rows not filled in yet live only here.
import { useId, useState } from 'react';
import type { InputDef } from '../../../lib/types';
import { useT } from '../../../stores/i18n';
import './forms.css';
import { formsMessages } from './messages';
import {
  expressionToRule,
  ruleToExpression,
  type Condition,
  type Operator,
  type Rule,
  type RuleMode,
} from './rule-expression';
import { OPERATORS_OF, RuleValueControl, RuleValuesControl, ruleInputs } from './rule-value';

type FormsKey = keyof typeof formsMessages.en;

const OPERATOR_LABEL: Record<Operator, FormsKey> = {
  is: 'opIs',
  isNot: 'opIsNot',
  lt: 'opLt',
  le: 'opLe',
  gt: 'opGt',
  ge: 'opGe',
  between: 'opBetween',
  empty: 'opEmpty',
  oneOf: 'opOneOf',
};

/** The builder's state: the expression it stands for, its rows (each with a key), JS or not. */
interface BuilderState {
  source: string;
  rule: Rule;
  keys: number[];
  js: boolean;
}

let nextKey = 1;
const keysFor = (conditions: Condition[]) => conditions.map(() => nextKey++);

function stateFor(expression: string): BuilderState {
  const rule = expressionToRule(expression);
  if (!rule)
    return { source: expression, rule: { conditions: [], mode: 'all' }, keys: [], js: true };
  return { source: expression, rule, keys: keysFor(rule.conditions), js: false };
}

/**
 * A rule as rows or JavaScript. `expression` is the doc's; `onChange` gets the new one ('' for
 * no rule). `inputs` are the inputs a row may name.
 */
export function RuleBuilder(props: {
  /** The group's legend, e.g. "Show when". */
  label: string;
  /** Said while there is no condition. */
  emptyHint: string;
  expression: string;
  inputs: readonly InputDef[];
  onChange(expression: string): void;
}) {
  const t = useT(formsMessages);
  const base = useId();
  const [state, setState] = useState(() => stateFor(props.expression));
  // A change from elsewhere (undo, a restored version) reopens the builder on it.
  let current = state;
  if (props.expression !== state.source) {
    current = stateFor(props.expression);
    setState(current);
  }
  const inputs = ruleInputs(props.inputs);
  const buildable = !current.js || expressionToRule(props.expression) !== null;

  const update = (rule: Rule, keys: number[]) => {
    const expression = ruleToExpression(rule.conditions, rule.mode);
    setState({ source: expression, rule, keys, js: false });
    if (expression !== props.expression) props.onChange(expression);
  };
  const setCondition = (index: number, condition: Condition) =>
    update(
      {
        ...current.rule,
        conditions: current.rule.conditions.map((c, i) => (i === index ? condition : c)),
      },
      current.keys,
    );
  const add = () => {
    const first = inputs[0];
    const condition: Condition = {
      input: first?.name ?? '',
      op: first ? OPERATORS_OF[first.type][0] : 'is',
      ...(first?.type === 'binary' ? { value: true } : {}),
    };
    update({ ...current.rule, conditions: [...current.rule.conditions, condition] }, [
      ...current.keys,
      nextKey++,
    ]);
  };
  const remove = (index: number) =>
    update(
      { ...current.rule, conditions: current.rule.conditions.filter((_, i) => i !== index) },
      current.keys.filter((_, i) => i !== index),
    );

  const toggleJs = (js: boolean) => {
    if (js) setState({ ...current, js: true });
    else setState(stateFor(props.expression));
  };

  return (
    <fieldset className="plain-fieldset rule-builder">
      <legend className="field-label">{props.label}</legend>
      {current.js ? (
        <div className="field-row">
          <label className="field-label" htmlFor={`${base}-js`}>
            {t('expression')}
          </label>
          <textarea
            id={`${base}-js`}
            className="field code"
            rows={2}
            spellCheck={false}
            value={props.expression}
            aria-describedby={`${base}-js-hint`}
            onChange={(event) => {
              setState({ ...current, source: event.target.value });
              props.onChange(event.target.value);
            }}
          />
          <span className="field-hint muted" id={`${base}-js-hint`}>
            {buildable ? t('expressionHint') : t('notBuildable')}
          </span>
        </div>
      ) : (
        <>
          {current.rule.conditions.length === 0 ? (
            <p className="muted">{props.emptyHint}</p>
          ) : (
            <>
              {current.rule.conditions.length > 1 && (
                <div className="field-row">
                  <label className="field-label" htmlFor={`${base}-mode`}>
                    {t('mode')}
                  </label>
                  <select
                    id={`${base}-mode`}
                    className="select"
                    value={current.rule.mode}
                    onChange={(event) =>
                      update(
                        { ...current.rule, mode: event.target.value as RuleMode },
                        current.keys,
                      )
                    }
                  >
                    <option value="all">{t('modeAll')}</option>
                    <option value="any">{t('modeAny')}</option>
                  </select>
                </div>
              )}
              <ol className="rule-conditions">
                {current.rule.conditions.map((condition, index) => (
                  <li key={current.keys[index]} className="rule-condition">
                    <ConditionRow
                      n={index + 1}
                      hintId={`${base}-hint-${current.keys[index]}`}
                      condition={condition}
                      inputs={inputs}
                      onChange={(next) => setCondition(index, next)}
                      onRemove={() => remove(index)}
                    />
                  </li>
                ))}
              </ol>
            </>
          )}
          <button type="button" className="button subtle" onClick={add} disabled={!inputs.length}>
            + {t('addCondition')}
          </button>
        </>
      )}
      <label className="checkbox">
        <input
          type="checkbox"
          checked={current.js}
          disabled={current.js && !buildable}
          onChange={(event) => toggleJs(event.target.checked)}
        />
        <span>{t('writeAsJs')}</span>
      </label>
    </fieldset>
  );
}

/** One condition: input, operator, value(s), delete. */
function ConditionRow(props: {
  n: number;
  hintId: string;
  condition: Condition;
  inputs: InputDef[];
  onChange(condition: Condition): void;
  onRemove(): void;
}) {
  const t = useT(formsMessages);
  const { n, condition, inputs, onChange } = props;
  const input = inputs.find((each) => each.name === condition.input);
  const operators = input ? OPERATORS_OF[input.type] : [];
  const pickInput = (name: string) => {
    const next = inputs.find((each) => each.name === name);
    if (!next) return onChange({ input: '', op: condition.op });
    const op = OPERATORS_OF[next.type].includes(condition.op)
      ? condition.op
      : OPERATORS_OF[next.type][0];
    // Values of another type mean nothing to the new input.
    const kept = next.type === input?.type ? condition : {};
    onChange({
      ...kept,
      input: name,
      op,
      ...(next.type === 'binary' && next.type !== input?.type ? { value: true } : {}),
    });
  };
  return (
    <div className="rule-row">
      <select
        className="select"
        aria-label={t('conditionInput', { n })}
        value={input ? input.name : ''}
        onChange={(event) => pickInput(event.target.value)}
      >
        <option value="">{t('pickInput')}</option>
        {inputs.map((each) => (
          <option key={each.id} value={each.name}>
            {each.name}
          </option>
        ))}
      </select>
      <select
        className="select"
        aria-label={t('conditionOperator', { n })}
        value={condition.op}
        disabled={!input}
        onChange={(event) => onChange({ ...condition, op: event.target.value as Operator })}
      >
        {(input ? operators : [condition.op]).map((op) => (
          <option key={op} value={op}>
            {t(OPERATOR_LABEL[op])}
          </option>
        ))}
      </select>
      {input && condition.op === 'oneOf' && (
        <RuleValuesControl
          key={`${input.name}-values`}
          input={input}
          label={t('conditionValues', { n })}
          hintId={props.hintId}
          values={condition.values ?? []}
          onChange={(values) => onChange({ ...condition, values })}
        />
      )}
      {input && condition.op !== 'oneOf' && condition.op !== 'empty' && (
        <RuleValueControl
          key={input.name}
          input={input}
          label={t('conditionValue', { n })}
          value={condition.value}
          onChange={(value) => onChange({ ...condition, value })}
        />
      )}
      {input && condition.op === 'between' && (
        <>
          <span aria-hidden="true">{t('and')}</span>
          <RuleValueControl
            key={`${input.name}-to`}
            input={input}
            label={t('conditionValueTo', { n })}
            value={condition.value2}
            onChange={(value2) => onChange({ ...condition, value2 })}
          />
        </>
      )}
      <button
        type="button"
        className="icon-button danger"
        aria-label={t('removeCondition', { n })}
        title={t('removeCondition', { n })}
        onClick={props.onRemove}
      >
        <span aria-hidden="true">✕</span>
      </button>
    </div>
  );
}
