// A test's form in the Tests panel: its name, expected outputs (JSON), tolerance, today, and
// what must be hidden, shown or invalid (issue 30, test-expectations.tsx).
import { useId, useState } from 'react';
import type { TestCase } from '@calcsmith/engine';
import type { CalcDoc } from '../../lib/types';
import { useT } from '../../stores/i18n';
import { FieldRow } from './fields';
import { ExpectationsEditor, withExpectations, type Expectations } from './rules/test-expectations';
import { testsMessages } from './tests-messages';

type Values = Record<string, unknown>;

const json = (value: unknown) => JSON.stringify(value) ?? 'undefined';

/** A test as its form edits it. */
export interface Draft {
  /** The test being edited, or null for a new one. */
  index: number | null;
  name: string;
  expected: string;
  tolerance: string;
  /** The test's today (`YYYY-MM-DD`), or '' for the day it runs. */
  today: string;
  values: Values;
  /** What must be hidden, shown or invalid. */
  expectations: Expectations;
}

/** The form of a new or edited test. */
export function TestForm(props: {
  doc: CalcDoc;
  draft: Draft;
  onSave(test: TestCase): void;
  onCancel(): void;
}) {
  const t = useT(testsMessages);
  const id = useId();
  const [draft, setDraft] = useState(props.draft);
  const [problem, setProblem] = useState<string | null>(null);
  const save = () => {
    let expected: unknown;
    try {
      expected = JSON.parse(draft.expected);
    } catch (error) {
      setProblem(t('badExpectation', { error: (error as Error).message }));
      return;
    }
    if (!expected || typeof expected !== 'object' || Array.isArray(expected)) {
      setProblem(t('badExpectation', { error: json(expected) }));
      return;
    }
    const tolerance = draft.tolerance.trim() === '' ? undefined : Number(draft.tolerance);
    if (tolerance !== undefined && !(Number.isFinite(tolerance) && tolerance >= 0)) {
      setProblem(t('badTolerance'));
      return;
    }
    const test: TestCase = {
      name: draft.name.trim(),
      values: draft.values,
      expected: expected as Values,
    };
    if (tolerance !== undefined) test.tolerance = tolerance;
    if (draft.today) test.today = draft.today;
    props.onSave(withExpectations(test, draft.expectations));
  };
  return (
    <form
      className="tests-form"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <FieldRow label={t('testName')} htmlFor={`${id}-name`}>
        <input
          id={`${id}-name`}
          className="field"
          type="text"
          value={draft.name}
          autoFocus
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
        />
      </FieldRow>
      <FieldRow
        label={t('expectation')}
        htmlFor={`${id}-expected`}
        hint={t('expectationHelp')}
        hintId={`${id}-expected-help`}
      >
        <textarea
          id={`${id}-expected`}
          className="field code"
          rows={6}
          spellCheck={false}
          value={draft.expected}
          aria-describedby={`${id}-expected-help`}
          onChange={(event) => setDraft({ ...draft, expected: event.target.value })}
        />
      </FieldRow>
      <FieldRow
        label={t('tolerance')}
        htmlFor={`${id}-tolerance`}
        hint={t('toleranceHelp')}
        hintId={`${id}-tolerance-help`}
      >
        <input
          id={`${id}-tolerance`}
          className="field"
          type="text"
          inputMode="decimal"
          value={draft.tolerance}
          placeholder="1e-9"
          aria-describedby={`${id}-tolerance-help`}
          onChange={(event) => setDraft({ ...draft, tolerance: event.target.value })}
        />
      </FieldRow>
      <FieldRow
        label={t('today')}
        htmlFor={`${id}-today`}
        hint={t('todayHelp')}
        hintId={`${id}-today-help`}
      >
        <input
          id={`${id}-today`}
          className="field"
          type="date"
          value={draft.today}
          aria-describedby={`${id}-today-help`}
          onChange={(event) => setDraft({ ...draft, today: event.target.value })}
        />
      </FieldRow>
      <ExpectationsEditor
        doc={props.doc}
        value={draft.expectations}
        onChange={(expectations) => setDraft({ ...draft, expectations })}
      />
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <div className="tests-form-actions">
        <button type="submit" className="button primary">
          {t('save')}
        </button>
        <button type="button" className="button" onClick={props.onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
