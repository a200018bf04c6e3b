// The editor runs the calculator's tests in the worker after every recalculation.
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { CalcDoc, EvalResult, TestCase, TestReport } from '@calcsmith/engine';
import { calcClient } from '../../components/calculator/use-calculation';
import { useUi } from '../../stores/ui';

export interface TestRun {
  /** The last report, and the tests it is for (the panel shows it only while they are current). */
  report: TestReport | null;
  tests: TestCase[] | null;
  /** Why the last run could not run at all (the engine refused the doc). */
  error: string | null;
}

const NONE: TestRun = { report: null, tests: null, error: null };

/** The doc's tests. */
export function testsOf(doc: CalcDoc): TestCase[] {
  return Array.isArray(doc.tests) ? doc.tests : [];
}

/**
 * Runs `doc`'s tests each time `result` changes (every recalculation of `doc`), in the page's
 * warm worker; a newer run supersedes an older one.
 */
export function useTestRun(doc: CalcDoc, result: EvalResult | null): TestRun {
  const locale = useUi((s) => s.locale);
  const [run, setRun] = useState<TestRun>(NONE);
  const latest = useRef(0);
  const start = useEffectEvent(() => {
    const id = ++latest.current;
    const tests = testsOf(doc);
    // Without tests there is nothing to run (the panel and badge show nothing then).
    if (tests.length === 0) return;
    void calcClient()
      .runTests(doc, locale)
      .then((outcome) => {
        if (id !== latest.current) return;
        if (outcome.status === 'done') setRun({ report: outcome.report, tests, error: null });
        else if (outcome.status === 'failed')
          setRun({ report: null, tests, error: outcome.message });
      });
  });
  useEffect(() => {
    if (result) start();
  }, [result, locale]);
  return run;
}
