import { useEffect, useMemo, useState } from 'react';
import { api, messageOf } from '../../lib/api';
import { initialValues } from '../../lib/doc';
import { calcClient } from '../../lib/engine/use-calculation';
import type { EvalResult, PublishedCalc } from '../../lib/types';
import { hashValues } from './hash-values';

export type PublishedState =
  | { status: 'loading' }
  | { status: 'failed'; message: string; notFound: boolean }
  | {
      status: 'ready';
      calc: PublishedCalc;
      values: Record<string, unknown>;
      /** What to show before the worker answers. */
      initial: EvalResult | null;
    };

/** Loads `/api/calc/{id}`; the hash's values override the defaults. */
export function usePublished(calcId: string | undefined): PublishedState {
  const [state, setState] = useState<PublishedState>({ status: 'loading' });
  useEffect(() => {
    if (!calcId) return;
    // The engine starts loading while the calculator is fetched.
    calcClient().warmUp();
    let live = true;
    api
      .get<PublishedCalc>(`/api/calc/${encodeURIComponent(calcId)}`, { skipAuthHold: true })
      .then((calc) => {
        if (!live) return;
        const fromHash = hashValues(window.location.hash);
        const values = { ...initialValues(calc.doc), ...(fromHash ?? {}) };
        // The server's result was computed with the defaults: only valid without a hash.
        const initial = calc.error
          ? { outputs: null, display: null, usedInputs: [], error: calc.error }
          : fromHash
            ? null
            : (calc.result ?? null);
        setState({ status: 'ready', calc, values, initial });
      })
      .catch((error: unknown) => {
        if (!live) return;
        const notFound = (error as { code?: string })?.code === 'not_found';
        setState({ status: 'failed', message: messageOf(error), notFound });
      });
    return () => {
      live = false;
    };
  }, [calcId]);
  return useMemo(() => state, [state]);
}
