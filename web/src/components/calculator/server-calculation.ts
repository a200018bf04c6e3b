// Results computed by the server: a calculator whose author keeps the script private
// (`doc.privateScript`) reaches visitors without it, so each change of the values is sent to
// `POST /api/calc/{id}/eval`, debounced, the latest answer winning.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CalcDoc, EvalResult } from '@calcsmith/engine';
import { api, ApiError } from '../../lib/api';
import { errorResult } from '../../lib/engine/protocol';
import { useUi } from '../../stores/ui';
import type { Calculation } from './use-calculation';

/** How long the values must rest before they are sent: typing sends one request. */
export const SERVER_DEBOUNCE_MS = 300;

/** Whether `doc` came without its script and must be calculated by the server. */
export function isPrivateScript(doc: CalcDoc | null | undefined): boolean {
  return doc?.privateScript === true && typeof doc.script !== 'string';
}

/** What the server says when it is too busy to calculate now (429 or 503). */
function busyRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 429 || error.status === 503);
}

/**
 * Results of calculator `calcId` for `values`, computed by the server. `initial` (the
 * server's result with the defaults) shows until the first answer; with `off` nothing is
 * sent. A busy server is `serverBusy` (the view says so politely, with a retry); an
 * unreachable one is `unavailable`.
 */
export function useServerCalculation(
  calcId: string | undefined,
  values: Record<string, unknown>,
  options: { initial?: EvalResult | null; off?: boolean } = {},
): Calculation {
  const locale = useUi((s) => s.locale);
  const { off } = options;
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  const request = useMemo(() => ({ values, locale, attempt }), [values, locale, attempt]);
  const [answer, setAnswer] = useState<{
    result: EvalResult | null;
    request: object | null;
    failure?: 'busy' | 'unavailable';
  }>({ result: options.initial ?? null, request: null });
  const latest = useRef(0);

  useEffect(() => {
    if (off || !calcId) return;
    const id = ++latest.current;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      api
        .post<EvalResult>(
          `/api/calc/${encodeURIComponent(calcId)}/eval`,
          { values: request.values, locale: request.locale },
          { skipAuthHold: true, signal: abort.signal },
        )
        .then((result) => {
          if (id === latest.current) setAnswer({ result, request });
        })
        .catch((error: unknown) => {
          if (id !== latest.current || abort.signal.aborted) return;
          if (busyRefusal(error)) {
            setAnswer((old) => ({ result: old.result, request, failure: 'busy' }));
          } else if (error instanceof ApiError && error.body.invalid) {
            // Valid-when rules that fail: each message under its input, as the engine's own
            // result with `invalid` shows them.
            setAnswer({
              result: { ...errorResult(''), error: null, invalid: error.body.invalid },
              request,
            });
          } else if (error instanceof ApiError && error.code === 'bad_request') {
            // Values the server refused: said where the outputs are, as an engine error is.
            setAnswer({ result: errorResult(error.message), request });
          } else {
            setAnswer((old) => ({ result: old.result, request, failure: 'unavailable' }));
          }
        });
    }, SERVER_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [calcId, request, off]);

  const pending = !off && answer.request !== request;
  return {
    result: answer.result,
    pending,
    late: null,
    unavailable: !pending && answer.failure === 'unavailable',
    serverBusy: !pending && answer.failure === 'busy',
    retry,
  };
}
