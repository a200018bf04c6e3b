import { useEffect, useMemo, useState } from 'react';
import { api, messageOf } from '../../lib/api';
import { initialValues } from '../../lib/doc';
import { calcClient } from '../../lib/engine/use-calculation';
import type { EvalResult, PublishedCalc } from '../../lib/types';
import { readPreloadedData } from '../../lib/preload';
import { hashValues } from './hash-values';
import { checkHashValues } from './value-check';

export type PublishedState =
  | { status: 'loading' }
  | { status: 'failed'; message: string; notFound: boolean }
  | {
      status: 'ready';
      id: string;
      calc: PublishedCalc;
      values: Record<string, unknown>;
      /** Hash values that were refused (input id → the value the link gave). */
      refused: Record<string, string>;
      /** What to show before the worker answers. */
      initial: EvalResult | null;
    };

/** Loads `/api/calc/{id}`; the hash's values, once checked, override the defaults. */
export function usePublished(calcId: string | undefined): PublishedState {
  // The server puts the calculator into the page: no request before the first outputs.
  const [state, setState] = useState<PublishedState>(() => {
    const preloaded = readPreloadedData().calc;
    return preloaded && preloaded._id === calcId ? ready(preloaded) : { status: 'loading' };
  });
  const loaded = state.status === 'ready' && state.id === calcId;
  useEffect(() => {
    // The engine starts loading while the calculator is fetched.
    calcClient().warmUp();
    if (!calcId || loaded) return;
    let live = true;
    api
      .get<PublishedCalc>(`/api/calc/${encodeURIComponent(calcId)}`, { skipAuthHold: true })
      .then((calc) => live && setState(ready({ ...calc, _id: calcId })))
      .catch((error: unknown) => {
        if (!live) return;
        const notFound = (error as { code?: string })?.code === 'not_found';
        setState({ status: 'failed', message: messageOf(error), notFound });
      });
    return () => {
      live = false;
    };
  }, [calcId, loaded]);
  return useMemo(
    () => (state.status === 'ready' && state.id !== calcId ? { status: 'loading' } : state),
    [state, calcId],
  );
}

function ready(calc: PublishedCalc & { _id: string }): PublishedState {
  const fromHash = hashValues(window.location.hash);
  const checked = checkHashValues(calc.doc, fromHash ?? {});
  const values = { ...initialValues(calc.doc), ...checked.values };
  // The server's result was computed with the defaults: only valid without a hash.
  const initial = calc.error
    ? { outputs: null, display: null, usedInputs: [], error: calc.error }
    : fromHash
      ? null
      : (calc.result ?? null);
  return { status: 'ready', id: calc._id, calc, values, refused: checked.refused, initial };
}
