// The proof of work of a submission, solved in the background while the visitor fills in the
// form, so that sending rarely waits for it. Each payload is used once: a new one is solved
// after every attempt.
import { useCallback, useEffect, useRef } from 'react';
import { solveCaptcha } from '../../lib/captcha';

export interface BackgroundCaptcha {
  /** Starts solving, if nothing is being solved or waiting to be used. */
  start(): void;
  /** The payload (waiting for it if need be); the next `start` solves a new one. */
  take(): Promise<string>;
}

export function useBackgroundCaptcha(): BackgroundCaptcha {
  const solving = useRef<Promise<string> | null>(null);
  const start = useCallback(() => {
    if (solving.current) return;
    const attempt = solveCaptcha();
    // A failure is told by `take`; until then nobody waits for it.
    attempt.catch(() => {
      if (solving.current === attempt) solving.current = null;
    });
    solving.current = attempt;
  }, []);
  const take = useCallback(() => {
    start();
    const attempt = solving.current as Promise<string>;
    solving.current = null;
    return attempt;
  }, [start]);
  useEffect(
    () => () => {
      solving.current = null;
    },
    [],
  );
  return { start, take };
}
