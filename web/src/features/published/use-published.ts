import { useEffect, useMemo, useState } from 'react';
import { api, messageOf, type ApiError } from '../../lib/api';
import { initialValues } from '../../lib/doc';
import { calcClient } from '../../components/calculator/use-calculation';
import { forgetCalc, saveCalc, savedCalc, type CalcToSave } from '../../lib/offline/saved-calcs';
import type { EvalResult, PublishedCalc } from '../../lib/types';
import { readPreloadedData } from '../../lib/preload';
import { useSession } from '../../stores/session';
import { hashStep, hashValues } from './hash-values';
import { checkHashValues } from '../../components/calculator/value-check';

export type PublishedState =
  | { status: 'loading' }
  | { status: 'failed'; message: string; notFound: boolean; offline?: boolean }
  | {
      status: 'ready';
      id: string;
      calc: PublishedCalc;
      values: Record<string, unknown>;
      /** Hash values that were refused (input id → the value the link gave). */
      refused: Record<string, string>;
      /** The step the link opens on (by id), if it names one. */
      step: string | null;
      /** What to show before the worker answers. */
      initial: EvalResult | null;
      /** Shown from the copy saved on this device, saved then (ISO 8601): no network. */
      savedAt?: string;
      /** Counts the calculators shown for this id (a newer one replaced a saved copy). */
      version: number;
    };

export interface PublishedOptions {
  /**
   * Keep the calculator on this device and fall back to that copy without a network
   * (`/calc/{id}`; an embed is never kept).
   */
  offline?: boolean;
}

/**
 * Loads `/api/calc/{id}`; the hash's values, once checked, override the defaults. With
 * `offline`, a public calculator is saved on the device; without a network the saved copy
 * is shown, and replaced by the server's as soon as the network is back.
 */
export function usePublished(
  calcId: string | undefined,
  options: PublishedOptions = {},
): PublishedState {
  const { offline = false } = options;
  // The server puts the calculator into the page: no request before the first outputs.
  const [preloaded] = useState(() => readPreloadedData().calc);
  const [state, setState] = useState<PublishedState>(() =>
    preloaded && preloaded._id === calcId ? ready(preloaded) : { status: 'loading' },
  );
  const loaded = state.status === 'ready' && state.id === calcId && !state.savedAt;
  const showingSaved = state.status === 'ready' && state.id === calcId && !!state.savedAt;
  // Bumped when the network comes back while the saved copy is shown.
  const [online, setOnline] = useState(0);

  useEffect(() => {
    if (offline && preloaded && preloaded._id === calcId) keep(preloaded);
  }, [offline, preloaded, calcId]);

  useEffect(() => {
    if (!showingSaved) return;
    const retry = () => setOnline((count) => count + 1);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [showingSaved]);

  useEffect(() => {
    // The engine starts loading while the calculator is fetched.
    calcClient().warmUp();
    if (!calcId || loaded) return;
    let live = true;
    api
      .get<PublishedCalc>(`/api/calc/${encodeURIComponent(calcId)}`, { skipAuthHold: true })
      .then((calc) => {
        if (!live) return;
        const fresh = { ...calc, _id: calcId };
        if (offline) keep(fresh);
        // The saved copy stays on screen (with the visitor's values) if nothing changed.
        setState((old) => {
          if (old.status !== 'ready' || old.id !== calcId) return ready(fresh);
          return sameCalc(old.calc, fresh)
            ? { ...old, savedAt: undefined }
            : { ...ready(fresh), version: old.version + 1 };
        });
      })
      .catch(async (error: unknown) => {
        const code = (error as Partial<ApiError>)?.code;
        if (offline && code === 'not_found') void forgetCalc(calcId).catch(() => {});
        const saved =
          offline && code === 'network' ? await savedCalc(calcId).catch(() => null) : null;
        if (!live) return;
        setState((old) => {
          // A saved copy on screen stays unless the calculator is gone (or private now).
          if (code !== 'not_found' && old.status === 'ready' && old.id === calcId) return old;
          if (saved) return { ...ready(saved.calc), savedAt: saved.savedAt };
          return {
            status: 'failed',
            message: messageOf(error),
            notFound: code === 'not_found',
            ...(offline && code === 'network' ? { offline: true } : {}),
          };
        });
      });
    return () => {
      live = false;
    };
  }, [calcId, loaded, offline, online]);
  return useMemo(
    () => (state.status === 'ready' && state.id !== calcId ? { status: 'loading' } : state),
    [state, calcId],
  );
}

/** Saves the calculator for offline use if it is public; a failure only means no copy. */
function keep(calc: CalcToSave): void {
  saveCalc(calc, useSession.getState().authenticated).catch(() => {});
}

function sameCalc(a: PublishedCalc, b: PublishedCalc): boolean {
  return (
    JSON.stringify([a.doc, a.doc_style, a.error]) === JSON.stringify([b.doc, b.doc_style, b.error])
  );
}

function ready(calc: PublishedCalc & { _id: string }): PublishedState {
  const fromHash = hashValues(window.location.hash);
  const checked = checkHashValues(calc.doc, fromHash ?? {});
  const values = { ...initialValues(calc.doc), ...checked.values };
  // The server's result was computed with the defaults: only valid without a hash.
  const initial = calc.error
    ? {
        outputs: null,
        display: null,
        usedInputs: [],
        error: calc.error,
        hiddenInputs: [],
        hiddenOutputs: [],
      }
    : fromHash
      ? null
      : (calc.result ?? null);
  return {
    status: 'ready',
    id: calc._id,
    calc,
    values,
    refused: checked.refused,
    step: hashStep(fromHash),
    initial,
    version: 0,
  };
}
