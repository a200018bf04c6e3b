// The sign-up captcha: a self-hosted ALTCHA proof of work. Ticking the box fetches a
// challenge from /api/captcha and solves it here; the payload goes with the sign-up.
import { useState } from 'react';
import { sha, solveChallenge } from 'altcha/lib';
import { useT } from '../../stores/i18n';
import { authMessages } from './messages';

type CaptchaState = 'idle' | 'solving' | 'solved' | 'failed';

/** Solves one challenge; resolves with the payload the server checks. */
export async function solveCaptcha(): Promise<string> {
  const response = await fetch('/api/captcha', { credentials: 'same-origin' });
  if (!response.ok) throw new Error('captcha');
  const challenge = await response.json();
  const solution = await solveChallenge({ challenge, deriveKey: sha.deriveKey, timeout: 60_000 });
  if (!solution) throw new Error('captcha');
  return btoa(JSON.stringify({ challenge, solution }));
}

export function Captcha({ onSolved }: { onSolved(payload: string | null): void }) {
  const t = useT(authMessages);
  const [state, setState] = useState<CaptchaState>('idle');
  const start = async () => {
    if (state === 'solving' || state === 'solved') return;
    setState('solving');
    onSolved(null);
    try {
      onSolved(await solveCaptcha());
      setState('solved');
    } catch {
      setState('failed');
    }
  };
  return (
    <div className={`captcha captcha-${state}`} data-state={state}>
      <label>
        <input
          type="checkbox"
          checked={state === 'solved'}
          disabled={state === 'solving'}
          aria-describedby="captcha-status"
          onChange={start}
        />
        {t('captcha')}
      </label>
      <span id="captcha-status" className="muted" role="status">
        {state === 'solving' && t('captchaSolving')}
        {state === 'solved' && t('captchaSolved')}
        {state === 'failed' && t('captchaFailed')}
      </span>
    </div>
  );
}
