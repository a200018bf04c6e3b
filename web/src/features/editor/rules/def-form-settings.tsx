// The form settings of a top-level input or output card (issue 30): its section, its
// show-when rule and, for an input, its valid-when rules with their messages.
import { useId } from 'react';
import type { InputDef, OutputDef } from '../../../lib/types';
import { useT } from '../../../stores/i18n';
import { SelectField, TextField } from '../fields';
import {
  sectionsOf,
  textOf,
  validRulesOf,
  withField,
  MAX_MESSAGE,
  type ValidRule,
} from './form-doc';
import { useFormDoc } from './form-context';
import { formsMessages } from './messages';
import { RuleBuilder } from './rule-builder';

type Def = InputDef | OutputDef;
type Change<D> = (edit: (def: D) => D) => void;

/** The section select (when the doc has sections) and the show-when rule of any card. */
function SectionAndShowWhen<D extends Def>(props: { def: D; self?: number; change: Change<D> }) {
  const t = useT(formsMessages);
  const doc = useFormDoc();
  if (!doc) return null;
  const sections = sectionsOf(doc);
  const section = textOf(props.def, 'section');
  const inputs = (doc.metaInputs ?? []).filter((input) => input.id !== props.self);
  return (
    <>
      {sections.length > 0 && (
        <SelectField
          label={t('section')}
          value={section}
          options={[
            { value: '', label: t('noSection') },
            ...sections.map((each) => ({ value: each.id, label: each.title || each.id })),
          ]}
          onChange={(id) => props.change((old) => withField(old, 'section', id))}
        />
      )}
      <RuleBuilder
        label={t('showWhen')}
        emptyHint={t('alwaysShown')}
        expression={textOf(props.def, 'visibleWhen')}
        inputs={inputs}
        onChange={(expression) => props.change((old) => withField(old, 'visibleWhen', expression))}
      />
    </>
  );
}

/** An output's section and show-when rule. */
export function OutputFormSettings(props: { output: OutputDef; change: Change<OutputDef> }) {
  return <SectionAndShowWhen def={props.output} change={props.change} />;
}

/** An input's section, show-when rule and valid-when rules. */
export function InputFormSettings(props: { input: InputDef; change: Change<InputDef> }) {
  const doc = useFormDoc();
  if (!doc) return null;
  return (
    <div className="form-settings">
      <SectionAndShowWhen def={props.input} self={props.input.id} change={props.change} />
      <ValidWhenEditor input={props.input} inputs={doc.metaInputs ?? []} change={props.change} />
    </div>
  );
}

/** The message's error: none, empty or too long. */
export function messageError(message: string): 'messageNeeded' | 'messageTooLong' | null {
  if (message.trim() === '') return 'messageNeeded';
  if (message.length > MAX_MESSAGE) return 'messageTooLong';
  return null;
}

/** An input's valid-when rules: each a rule (builder or JavaScript) and its message. */
function ValidWhenEditor(props: { input: InputDef; inputs: InputDef[]; change: Change<InputDef> }) {
  const t = useT(formsMessages);
  const titleId = useId();
  const rules = validRulesOf(props.input);
  const setRules = (edit: (rules: ValidRule[]) => ValidRule[]) =>
    props.change((old) => withField(old, 'validWhen', edit(validRulesOf(old))));
  const setRule = (index: number, edit: (rule: ValidRule) => ValidRule) =>
    setRules((old) => old.map((rule, i) => (i === index ? edit(rule) : rule)));
  return (
    <div className="valid-rules" role="group" aria-labelledby={titleId}>
      <p className="field-label" id={titleId}>
        {t('validWhen')}
      </p>
      {rules.length === 0 ? (
        <p className="muted">{t('noValidRules')}</p>
      ) : (
        <ol className="valid-rule-list">
          {rules.map((rule, index) => {
            const n = index + 1;
            const error = messageError(typeof rule.message === 'string' ? rule.message : '');
            return (
              <li key={index} className="valid-rule" aria-label={t('validRule', { n })}>
                <RuleBuilder
                  label={t('validRuleWhen', { n })}
                  emptyHint={t('alwaysValid')}
                  expression={typeof rule.rule === 'string' ? rule.rule : ''}
                  inputs={props.inputs}
                  onChange={(expression) => setRule(index, (old) => ({ ...old, rule: expression }))}
                />
                <TextField
                  label={t('validMessage', { n })}
                  value={typeof rule.message === 'string' ? rule.message : ''}
                  hint={t('validMessageHint')}
                  error={error && t(error)}
                  onChange={(message) => setRule(index, (old) => ({ ...old, message }))}
                />
                <button
                  type="button"
                  className="button subtle danger"
                  onClick={() => setRules((old) => old.filter((_, i) => i !== index))}
                >
                  {t('removeValidRule', { n })}
                </button>
              </li>
            );
          })}
        </ol>
      )}
      <button
        type="button"
        className="button subtle"
        onClick={() => setRules((old) => [...old, { rule: '', message: '' }])}
      >
        + {t('addValidRule')}
      </button>
    </div>
  );
}
