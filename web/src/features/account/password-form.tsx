// Changing the password on /account: the current one, then the new one twice.
import { useId, useRef, useState, type FormEvent } from 'react';
import { api, messageOf } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { toast } from '../../stores/ui';
import { accountMessages } from './messages';
import { reloadWithToast } from './settings';

/** Shortest password the server takes. */
export const MIN_PASSWORD = 8;

export function PasswordForm({ email }: { email: string }) {
  const t = useT(accountMessages);
  const base = useId();
  const confirmRef = useRef<HTMLInputElement>(null);
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    if (password !== confirm) {
      setMismatch(true);
      confirmRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await api.post('/api/acc/save', { oldPassword: current, password });
      // The server ends every session on a password change: after the reload, sign in again.
      reloadWithToast(t('passwordChanged'));
    } catch (failure) {
      const text = messageOf(failure);
      toast(text);
      setError(text);
      setBusy(false);
    }
  };

  return (
    <form className="account-form" onSubmit={submit} aria-busy={busy}>
      {/* Lets password managers know whose password this is. */}
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      <div className="account-grid">
        <div className="field-row span-2">
          <label className="field-label" htmlFor={`${base}-current`}>
            {t('currentPassword')}
          </label>
          <input
            id={`${base}-current`}
            className="field"
            type="password"
            autoComplete="current-password"
            required
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
          />
        </div>
        <div className="field-row">
          <label className="field-label" htmlFor={`${base}-new`}>
            {t('newPassword')}
          </label>
          <input
            id={`${base}-new`}
            className="field"
            type="password"
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD}
            aria-describedby={`${base}-hint`}
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setMismatch(false);
            }}
          />
          <p id={`${base}-hint`} className="field-hint">
            {t('passwordHint')}
          </p>
        </div>
        <div className="field-row">
          <label className="field-label" htmlFor={`${base}-confirm`}>
            {t('confirmPassword')}
          </label>
          <input
            id={`${base}-confirm`}
            ref={confirmRef}
            className="field"
            type="password"
            autoComplete="new-password"
            required
            aria-invalid={mismatch || undefined}
            aria-describedby={mismatch ? `${base}-mismatch` : undefined}
            value={confirm}
            onChange={(event) => {
              setConfirm(event.target.value);
              setMismatch(false);
            }}
          />
          {mismatch && (
            <p id={`${base}-mismatch`} className="field-hint error">
              {t('passwordsDiffer')}
            </p>
          )}
        </div>
      </div>
      <div className="form-footer">
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? t('saving') : t('changePassword')}
        </button>
        {error && <p className="form-note form-error">{error}</p>}
      </div>
    </form>
  );
}
