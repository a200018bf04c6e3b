// The one place screens get results from: a shared warm worker client, recalculating on
// every change of the doc, the values or the language.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { CalcDoc, EvalResult } from '@calcsmith/engine';
import { hasInputProblems } from '../../components/calculator/input-rules';
import { useUi } from '../../stores/ui';
import { CalcWorkerClient } from './client';

let shared: CalcWorkerClient | null = null;

/** The page's worker client (created on first use). */
export function calcClient(): CalcWorkerClient {
  shared ??= new CalcWorkerClient();
  return shared;
}

/** Replaces the page's worker client (tests: a client over a fake worker; null resets). */
export function setCalcClientForTests(client: CalcWorkerClient | null): void {
  shared = client;
}

export interface Calculation {
  result: EvalResult | null;
  /** A newer result is on its way. */
  pending: boolean;
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
  const { suspended, runToken } = options;
  // Identifies what is asked for now; the result says which request it answers.
  const request = useMemo(
    () => ({ doc, values, locale, runToken }),
    [doc, values, locale, runToken],
  );
  const [answer, setAnswer] = useState<{ result: EvalResult | null; request: object | null }>({
    result: options.initial ?? null,
    request: null,
  });
  const hidden = useHidden();
  const latest = useRef(0);
  // The run token last calculated: while suspended, only a new token calculates.
  const ranToken = useRef(runToken);

  // Values that break their inputs' rules are not calculated with (the view says why).
  const blocked = useMemo(() => hasInputProblems(doc, values), [doc, values]);

  useEffect(() => {
    if (!request.doc || blocked) return;
    if (suspended && request.runToken === ranToken.current) return;
    if (hidden) {
      calcClient().suspend();
      return;
    }
    ranToken.current = request.runToken;
    const id = ++latest.current;
    calcClient()
      .evaluate(request.doc, request.values, request.locale)
      .then((outcome) => {
        if (outcome.status === 'done' && id === latest.current) {
          setAnswer({ result: outcome.result, request });
        }
      });
  }, [request, suspended, hidden, blocked]);

  return { result: answer.result, pending: !blocked && answer.request !== request };
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
