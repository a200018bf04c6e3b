// The one place screens get results from: a shared warm worker client, recalculating on
// every change of the doc, the values or the language, and saying why an answer is late or
// could not come.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { CalcDoc, EvalResult } from '@calcsmith/engine';
import { hasInputProblems, hasShowRules } from './input-rules';
import { ruleState } from './forms/rule-state';
import { useUi } from '../../stores/ui';
import { CalcWorkerClient, type Lateness } from '../../lib/engine/client';
import { pageWorkerFactory } from '../../lib/engine/worker-factory';

let shared: CalcWorkerClient | null = null;

/**
 * The page's worker client (created on first use), on the worker a published page started
 * before the app, if it did.
 */
export function calcClient(): CalcWorkerClient {
  shared ??= new CalcWorkerClient(pageWorkerFactory);
  return shared;
}

/** Replaces the page's worker client (tests: a client over a fake worker; null resets). */
export function setCalcClientForTests(client: CalcWorkerClient | null): void {
  shared = client;
}

/**
 * A worker client other than the page's, for the calculators inside (each
 * `<calcsmith-calculator>` has its own worker: a page may show several, and the latest
 * request of one must not supersede another's).
 */
export const CalcClientContext = createContext<CalcWorkerClient | null>(null);

/** The worker client of the calculator being rendered: its own, else the page's. */
export function useCalcClient(): CalcWorkerClient {
  return useContext(CalcClientContext) ?? calcClient();
}

export interface Calculation {
  result: EvalResult | null;
  /** A newer result is on its way. */
  pending: boolean;
  /** Why that result is late past the time limit, once it is. */
  late: Lateness | null;
  /** The worker could not load the engine or a library: `retry` asks again. */
  unavailable: boolean;
  /** The server was too busy to calculate (a private script's calculator): `retry` asks again. */
  serverBusy?: boolean;
  retry(): void;
}

/**
 * Results for `doc` with `values`. `initial` is shown until the first live result (the
 * server's result on a published page). With `suspended` nothing is recalculated.
 * `runToken` forces a recalculation (debug mode's "run").
 */
export function useCalculation(
  doc: CalcDoc | null,
  values: Record<string, unknown>,
  options: { initial?: EvalResult | null; suspended?: boolean; runToken?: number } = {},
): Calculation {
  const locale = useUi((s) => s.locale);
  const client = useCalcClient();
  const { suspended, runToken } = options;
  // Bumped by `retry`: the same values asked for again.
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  // Identifies what is asked for now; the result says which request it answers.
  const request = useMemo(
    () => ({ doc, values, locale, runToken, attempt }),
    [doc, values, locale, runToken, attempt],
  );
  const [answer, setAnswer] = useState<{
    result: EvalResult | null;
    request: object | null;
    unavailable?: boolean;
  }>({ result: options.initial ?? null, request: null });
  const [late, setLate] = useState<{ late: Lateness; request: object } | null>(null);
  const hidden = useHidden();
  const latest = useRef(0);
  // No answer or notice reaches a calculator that is gone (a test's page torn down, a
  // closed dialog): the worker's client may still report after it unmounted.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // The run token last calculated: while suspended, only a new token calculates.
  const ranToken = useRef(runToken);

  // Values that break their inputs' rules are not calculated with (the view says why);
  // inputs the last result hid are not asked for anything. With Show-when rules a blocked
  // calculation still runs, as only it can tell that the input at fault is hidden now.
  const blocked = hasInputProblems(doc, values, ruleState(answer.result).hiddenInputs);
  const halted = blocked && !hasShowRules(doc);

  useEffect(() => {
    if (!request.doc || halted) return;
    if (suspended && request.runToken === ranToken.current) return;
    if (hidden) {
      client.suspend();
      return;
    }
    ranToken.current = request.runToken;
    const id = ++latest.current;
    client
      .evaluate(request.doc, request.values, request.locale, (why) => {
        if (mounted.current && id === latest.current) setLate({ late: why, request });
      })
      .then((outcome) => {
        if (!mounted.current || id !== latest.current) return;
        if (outcome.status === 'done') setAnswer({ result: outcome.result, request });
        else if (outcome.status === 'unavailable')
          setAnswer((old) => ({ result: old.result, request, unavailable: true }));
      });
  }, [client, request, suspended, hidden, halted]);

  const pending = !halted && answer.request !== request;
  return {
    result: answer.result,
    pending,
    late: pending && late?.request === request ? late.late : null,
    unavailable: !pending && !!answer.unavailable,
    retry,
  };
}

/** The tab is in the background (spec §4: the worker is suspended then). */
function useHidden(): boolean {
  const [hidden, setHidden] = useState(() => document.visibilityState === 'hidden');
  useEffect(() => {
    const update = () => setHidden(document.visibilityState === 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return hidden;
}
