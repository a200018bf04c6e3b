// What a test case expects besides outputs (issue 30): names that must be hidden or shown
// (an input, an output or `section:<id>`) and the inputs' valid-when messages. The form
// edits them, the test's row says them ("coIncome hidden", "step 2 shows rate"), and the
// engine's report of them is shown as it comes.
import { useId, useState } from 'react';
import type { TestCase, TestOutcome } from '@calcsmith/engine';
import type { CalcDoc } from '../../../lib/types';
import { useT } from '../../../stores/i18n';
import { SelectField, TextField } from '../fields';
import { sectionsOf, stepsOf } from './form-doc';
import './forms.css';
import { formsMessages } from './messages';

/** A test's visibility and message expectations; `invalid` null when not checked. */
export interface Expectations {
  hidden: string[];
  shown: string[];
  invalid: Record<string, string> | null;
}

type Kind = 'hidden' | 'shown' | 'message';

const names = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((each): each is string => typeof each === 'string') : [];

/** The expectations `test` holds. */
export function expectationsOf(test: TestCase): Expectations {
  const invalid = test.invalid;
  return {
    hidden: names(test.hidden),
    shown: names(test.shown),
    invalid:
      invalid && typeof invalid === 'object' && !Array.isArray(invalid)
        ? Object.fromEntries(
            Object.entries(invalid).filter(([, message]) => typeof message === 'string'),
          )
        : null,
  };
}

/** `test` holding `expectations`; empty lists are left out of the doc. */
export function withExpectations(test: TestCase, expectations: Expectations): TestCase {
  const next: TestCase = { ...test };
  delete next.hidden;
  delete next.shown;
  delete next.invalid;
  if (expectations.hidden.length > 0) next.hidden = expectations.hidden;
  if (expectations.shown.length > 0) next.shown = expectations.shown;
  if (expectations.invalid) next.invalid = expectations.invalid;
  return next;
}

/** One expectation as the row and the form say it. */
function useDescribe(doc: CalcDoc) {
  const t = useT(formsMessages);
  const steps = stepsOf(doc);
  const label = (name: string) =>
    name.startsWith('section:') ? t('sectionThing', { id: name.slice(8) }) : name;
  return (kind: Kind, name: string, message?: string) => {
    if (kind === 'message') return t('messageThing', { name, message: message ?? '' });
    const input = (doc.metaInputs ?? []).find((each) => each.name === name);
    const step = input ? steps.findIndex((each) => each.inputs.includes(input.id)) : -1;
    if (kind === 'shown' && step >= 0) return t('stepShows', { n: step + 1, name });
    return t(kind === 'hidden' ? 'hiddenThing' : 'shownThing', { name: label(name) });
  };
}

/** Each expectation of `expectations`, in the order hidden, shown, messages. */
function listOf(expectations: Expectations): { kind: Kind; name: string; message?: string }[] {
  return [
    ...expectations.hidden.map((name) => ({ kind: 'hidden' as const, name })),
    ...expectations.shown.map((name) => ({ kind: 'shown' as const, name })),
    ...Object.entries(expectations.invalid ?? {}).map(([name, message]) => ({
      kind: 'message' as const,
      name,
      message,
    })),
  ];
}

/** The line of a test's row naming what it expects besides outputs (nothing without any). */
export function ExpectationsSummary({ doc, test }: { doc: CalcDoc; test: TestCase }) {
  const t = useT(formsMessages);
  const describe = useDescribe(doc);
  const expectations = expectationsOf(test);
  const items = listOf(expectations).map((each) => describe(each.kind, each.name, each.message));
  if (expectations.invalid && Object.keys(expectations.invalid).length === 0) {
    items.push(t('allValid'));
  }
  if (items.length === 0) return null;
  return <p className="muted tests-expectations">{`${t('expectations')}: ${items.join('; ')}`}</p>;
}

/** The report's lines about visibility and messages (fields the outputs' table does not show). */
export function OutcomeLines({ outcome }: { outcome: TestOutcome }) {
  const t = useT(formsMessages);
  const known = ['name', 'passed', 'differences', 'moreDifferences', 'error', 'detailsDropped'];
  const lines = Object.entries(outcome)
    .filter(([key]) => !known.includes(key))
    .flatMap(([, value]) =>
      typeof value === 'string' ? [value] : Array.isArray(value) ? value.map(String) : [],
    );
  if (lines.length === 0) return null;
  return (
    <div className="tests-expectation-failures">
      <p className="field-label">{t('expectationFailures')}</p>
      <ul>
        {lines.map((line, index) => (
          <li key={index} className="tests-error">
            {line}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The form's part for visibility and message expectations. */
export function ExpectationsEditor(props: {
  doc: CalcDoc;
  value: Expectations;
  onChange(value: Expectations): void;
}) {
  const t = useT(formsMessages);
  const titleId = useId();
  const describe = useDescribe(props.doc);
  const { doc, value, onChange } = props;
  const inputs = (doc.metaInputs ?? []).map((input) => input.name);
  const targetsOf = (kind: Kind) =>
    kind === 'message'
      ? inputs
      : [
          ...inputs,
          ...(doc.metaOutputs ?? []).map((output) => output.name),
          ...sectionsOf(doc).map((section) => `section:${section.id}`),
        ];
  const [kind, setKind] = useState<Kind>('hidden');
  const [target, setTarget] = useState('');
  const [message, setMessage] = useState('');
  const targets = targetsOf(kind);
  const chosen = targets.includes(target) ? target : (targets[0] ?? '');

  const add = () => {
    if (!chosen || (kind === 'message' && message.trim() === '')) return;
    const without = (list: string[]) => list.filter((name) => name !== chosen);
    if (kind === 'message') {
      onChange({ ...value, invalid: { ...(value.invalid ?? {}), [chosen]: message } });
      setMessage('');
    } else {
      // A name is expected hidden or shown, never both.
      const hidden = without(value.hidden);
      const shown = without(value.shown);
      onChange({
        ...value,
        hidden: kind === 'hidden' ? [...hidden, chosen] : hidden,
        shown: kind === 'shown' ? [...shown, chosen] : shown,
      });
    }
  };
  const remove = (item: { kind: Kind; name: string }) => {
    if (item.kind === 'message') {
      const invalid = { ...(value.invalid ?? {}) };
      delete invalid[item.name];
      onChange({ ...value, invalid: Object.keys(invalid).length ? invalid : null });
    } else {
      const keep = (list: string[]) => list.filter((name) => name !== item.name);
      onChange(
        item.kind === 'hidden'
          ? { ...value, hidden: keep(value.hidden) }
          : { ...value, shown: keep(value.shown) },
      );
    }
  };

  const items = listOf(value);
  return (
    <fieldset className="plain-fieldset tests-expectations-editor" aria-labelledby={titleId}>
      <legend id={titleId} className="field-label">
        {t('expectations')}
      </legend>
      <p className="field-hint muted">{t('expectationsHint')}</p>
      {items.length === 0 ? (
        <p className="muted">{t('noExpectations')}</p>
      ) : (
        <ul className="tests-expectation-list">
          {items.map((item) => {
            const what = describe(item.kind, item.name, item.message);
            return (
              <li key={`${item.kind}:${item.name}`}>
                <span>{what}</span>{' '}
                <button
                  type="button"
                  className="icon-button danger"
                  aria-label={t('removeExpectation', { what })}
                  title={t('removeExpectation', { what })}
                  onClick={() => remove(item)}
                >
                  <span aria-hidden="true">✕</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="inline-fields">
        <SelectField<Kind>
          label={t('expectKind')}
          value={kind}
          options={[
            { value: 'hidden', label: t('expectHidden') },
            { value: 'shown', label: t('expectShown') },
            { value: 'message', label: t('expectMessage') },
          ]}
          onChange={setKind}
        />
        <SelectField
          label={t('expectTarget')}
          value={chosen}
          options={targets.map((name) => ({ value: name, label: name }))}
          onChange={setTarget}
        />
      </div>
      {kind === 'message' && (
        <TextField label={t('expectText')} value={message} onChange={setMessage} />
      )}
      <button type="button" className="button subtle" onClick={add} disabled={!chosen}>
        + {t('addExpectation')}
      </button>
    </fieldset>
  );
}
