// The Tests panel: test cases stored with the calculator (`doc.tests`), added from the
// current input values and outputs, run in the worker after every recalculation
// (use-test-run.ts), with a pass/fail badge, a readable diff for a failure, "Load inputs",
// edit, delete and reorder. The engine keeps its report small (engine/src/display/test_report.rs):
// a long value comes as the text to show, at most 20 differences a test with a count of the
// rest, and past 64 KB the later tests without their details; the panel shows each as told.
import { useId, useState } from 'react';
import type { TestCase, TestOutcome, TestReport } from '@calcsmith/engine';
import { localizeEngineMessage } from '../../lib/engine/engine-messages';
import { useT } from '../../stores/i18n';
import { engineToday, hasDateInput } from '../../lib/doc';
import type { CalcDoc, EvalResult } from '../../lib/types';
import { toast, useUi } from '../../stores/ui';
import { FieldRow } from './fields';
import { sameJson } from './list-ops';
import { testsMessages } from './tests-messages';
import './tests-panel.css';
import { DiffTable } from './test-diff';
import { testsOf, type TestRun } from './use-test-run';

type Values = Record<string, unknown>;

/** The report's outcomes for the doc's tests, when the report is for these very tests. */
function outcomesFor(tests: TestCase[], run: TestRun): (TestOutcome | null)[] {
  const current = run.report && run.tests && sameJson(run.tests, tests);
  return tests.map((_, index) => (current ? (run.report?.tests[index] ?? null) : null));
}

/** The counts of a run that is for the doc's current tests; null while one is on its way. */
export function currentCounts(doc: CalcDoc, run: TestRun): TestReport | null {
  const tests = testsOf(doc);
  if (tests.length === 0 || !run.report || !run.tests || !sameJson(run.tests, tests)) return null;
  return run.report;
}

/** The pass/fail badge of the toolbar's Tests button and the panel's summary. */
export function TestsBadge({ report }: { report: TestReport | null }) {
  const t = useT(testsMessages);
  if (!report || report.passed + report.failed === 0) return null;
  const failing = report.failed > 0;
  return (
    <span
      className={`tests-badge ${failing ? 'tests-fail' : 'tests-pass'}`}
      title={t('badgeLabel', { passed: report.passed, failed: report.failed })}
    >
      <span aria-hidden="true">{failing ? `✗ ${report.failed}` : `✓ ${report.passed}`}</span>
      <span className="visually-hidden">
        {t('badgeText', { passed: report.passed, failed: report.failed })}
      </span>
    </span>
  );
}

const json = (value: unknown) => JSON.stringify(value) ?? 'undefined';

interface Draft {
  /** The test being edited, or null for a new one. */
  index: number | null;
  name: string;
  expected: string;
  tolerance: string;
  /** The test's today (`YYYY-MM-DD`), or '' for the day it runs. */
  today: string;
  values: Values;
}

function TestForm(props: { draft: Draft; onSave(test: TestCase): void; onCancel(): void }) {
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
    props.onSave(test);
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

export function TestsPanel(props: {
  doc: CalcDoc;
  /** The values the calculation sees now (keyed by input id). */
  values: Values;
  /** The current calculation's result. */
  result: EvalResult | null;
  run: TestRun;
  onDocChange(change: (doc: CalcDoc) => CalcDoc): void;
  /** Puts a test's values into the inputs. */
  onLoadValues(values: Values): void;
}) {
  const t = useT(testsMessages);
  const locale = useUi((s) => s.locale);
  const { doc, run } = props;
  const tests = testsOf(doc);
  const outcomes = outcomesFor(tests, run);
  const counts = currentCounts(doc, run);
  const [draft, setDraft] = useState<Draft | null>(null);

  const setTests = (change: (tests: TestCase[]) => TestCase[]) =>
    props.onDocChange((old) => ({ ...old, tests: change(testsOf(old)) }));

  const outputs = props.result?.error ? null : (props.result?.outputs ?? null);
  const startAdding = () =>
    outputs &&
    setDraft({
      index: null,
      name: t('defaultName', { n: tests.length + 1 }),
      expected: JSON.stringify(outputs, null, 2),
      tolerance: '',
      // The outputs were computed on the engine's today; relative dates need it kept.
      today: hasDateInput(doc.metaInputs) ? engineToday() : '',
      values: structuredClone(props.values),
    });
  const startEditing = (index: number) => {
    const test = tests[index];
    setDraft({
      index,
      name: test.name ?? '',
      expected: JSON.stringify(test.expected ?? {}, null, 2),
      tolerance: test.tolerance === undefined ? '' : String(test.tolerance),
      today: typeof test.today === 'string' ? test.today : '',
      values: (test.values ?? {}) as Values,
    });
  };
  const save = (test: TestCase) => {
    const index = draft?.index ?? null;
    setTests((old) =>
      index === null
        ? [...old, test]
        : // Edits keep whatever else the test holds (fields of newer versions).
          old.map((existing, i) => {
            if (i !== index) return existing;
            const kept: TestCase = { ...existing, ...test };
            if (test.tolerance === undefined) delete kept.tolerance;
            if (test.today === undefined) delete kept.today;
            return kept;
          }),
    );
    setDraft(null);
  };
  const move = (index: number, by: -1 | 1) =>
    setTests((old) => {
      const next = [...old];
      const [test] = next.splice(index, 1);
      next.splice(index + by, 0, test);
      return next;
    });
  const name = (test: TestCase) => (test.name ?? '').trim() || t('unnamed');

  return (
    <div className="tests-panel">
      <p className="tests-summary" role="status">
        {counts ? t('summary', { passed: counts.passed, failed: counts.failed }) : ''}
        {!counts && tests.length > 0 && !run.error ? t('running') : ''}
      </p>
      {run.error && (
        <p className="field-error" role="alert">
          {t('runFailed', { message: localizeEngineMessage(run.error, locale) })}
        </p>
      )}
      {draft?.index === null ? (
        <TestForm draft={draft} onSave={save} onCancel={() => setDraft(null)} />
      ) : (
        <>
          <button
            type="button"
            className="button"
            disabled={!outputs}
            aria-describedby={outputs ? undefined : 'tests-cannot-add'}
            onClick={startAdding}
          >
            {t('addTest')}
          </button>
          {!outputs && props.result?.error && (
            <p id="tests-cannot-add" className="muted">
              {t('cannotAdd')}
            </p>
          )}
          <p className="muted">{t('addTestHelp')}</p>
        </>
      )}
      {tests.length === 0 ? (
        <p className="muted">{t('noTests')}</p>
      ) : (
        <ol className="tests-list">
          {tests.map((test, index) => {
            const outcome = outcomes[index];
            const state = !outcome ? 'running' : outcome.passed ? 'passed' : 'failed';
            return (
              <li
                key={index}
                className={`tests-item tests-${state}`}
                aria-label={t('testActions', { name: name(test) })}
              >
                <div className="tests-item-head">
                  <span className={`tests-state tests-state-${state}`}>
                    <span aria-hidden="true">
                      {state === 'passed' ? '✓' : state === 'failed' ? '✗' : '…'}
                    </span>{' '}
                    <span className="visually-hidden">{t(state)}</span>
                  </span>
                  <span className="tests-name">{name(test)}</span>
                  {typeof test.today === 'string' && (
                    <span className="muted tests-today">{t('todayNote', { day: test.today })}</span>
                  )}
                </div>
                {draft?.index === index ? (
                  <TestForm draft={draft} onSave={save} onCancel={() => setDraft(null)} />
                ) : (
                  <>
                    {outcome?.error && (
                      <p className="tests-error">
                        {t('error', { message: localizeEngineMessage(outcome.error, locale) })}
                      </p>
                    )}
                    {outcome?.differences && outcome.differences.length > 0 && (
                      <DiffTable
                        differences={outcome.differences}
                        tables={(doc.metaOutputs ?? [])
                          .filter((output) => output.type === 'table')
                          .map((output) => output.name)}
                      />
                    )}
                    {outcome?.moreDifferences ? (
                      <p className="muted">
                        {t('moreDifferences', { n: outcome.moreDifferences })}
                      </p>
                    ) : null}
                    {outcome?.detailsDropped && <p className="muted">{t('detailsDropped')}</p>}
                    <div className="tests-actions">
                      <button
                        type="button"
                        className="button subtle"
                        onClick={() => {
                          props.onLoadValues(structuredClone((test.values ?? {}) as Values));
                          toast(t('inputsLoaded', { name: name(test) }));
                        }}
                      >
                        {t('loadInputs')}
                      </button>
                      <button
                        type="button"
                        className="button subtle"
                        onClick={() => startEditing(index)}
                      >
                        {t('edit')}
                      </button>
                      <button
                        type="button"
                        className="button subtle"
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                      >
                        {t('moveUp')}
                      </button>
                      <button
                        type="button"
                        className="button subtle"
                        disabled={index === tests.length - 1}
                        onClick={() => move(index, 1)}
                      >
                        {t('moveDown')}
                      </button>
                      <button
                        type="button"
                        className="button subtle danger"
                        onClick={() => setTests((old) => old.filter((_, i) => i !== index))}
                      >
                        {t('delete')}
                      </button>
                    </div>
                  </>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
