// The Tests panel: test cases stored with the calculator (`doc.tests`), added from the
// current input values and outputs, run in the worker after every recalculation
// (use-test-run.ts), with a pass/fail badge, a readable diff for a failure, "Load inputs",
// edit, delete and reorder. The engine keeps its report small (engine/src/display/test_report.rs):
// a long value comes as the text to show, at most 20 differences a test with a count of the
// rest, and past 64 KB the later tests without their details; the panel shows each as told.
import { useState } from 'react';
import type { TestCase, TestOutcome, TestReport } from '@calcsmith/engine';
import { localizeEngineMessage } from '../../lib/engine/engine-messages';
import { useT } from '../../stores/i18n';
import { engineToday, hasDateInput } from '../../lib/doc';
import type { CalcDoc, EvalResult } from '../../lib/types';
import { toast, useUi } from '../../stores/ui';
import { sameJson } from './list-ops';
import { testsMessages } from './tests-messages';
import './tests-panel.css';
import { DiffTable } from './test-diff';
import { TestForm, type Draft } from './test-form';
import {
  ExpectationsSummary,
  expectationsOf,
  OutcomeLines,
  withExpectations,
} from './rules/test-expectations';
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
      expectations: expectationsOf({ name: '' }),
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
      expectations: expectationsOf(test),
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
            const kept: TestCase = withExpectations({ ...existing, ...test }, expectationsOf(test));
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
        <TestForm doc={doc} draft={draft} onSave={save} onCancel={() => setDraft(null)} />
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
                  <TestForm doc={doc} draft={draft} onSave={save} onCancel={() => setDraft(null)} />
                ) : (
                  <>
                    <ExpectationsSummary doc={doc} test={test} />
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
                    {outcome && <OutcomeLines outcome={outcome} />}
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
