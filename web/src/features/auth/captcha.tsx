// The sign-up captcha: a self-hosted ALTCHA proof of work. Ticking the box fetches a
// challenge from /api/captcha and solves it (lib/captcha.ts); the payload goes with the sign-up.
import { useState } from 'react';
import { solveCaptcha } from '../../lib/captcha';
import { useT } from '../../stores/i18n';
import { authMessages } from './messages';

type CaptchaState = 'idle' | 'solving' | 'solved' | 'failed';

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
