// The new password, typed twice: on /account (change password) and on /forgot?token=
// (reset). The form checks the two match before it sends anything.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { newPasswordMessages } from './messages';

/** Shortest password the server takes. */
export const MIN_PASSWORD = 8;

export interface NewPassword {
  password: string;
  confirm: string;
  /** 0 while nothing is wrong; counts the submits that found the two different. */
  mismatch: number;
  setPassword: (value: string) => void;
  setConfirm: (value: string) => void;
  /** True when the two match; otherwise the fields show the mismatch. */
  check: () => boolean;
}

export function useNewPassword(): NewPassword {
  const [password, setPasswordValue] = useState('');
  const [confirm, setConfirmValue] = useState('');
  const [mismatch, setMismatch] = useState(0);
  return {
    password,
    confirm,
    mismatch,
    setPassword: (value) => {
      setPasswordValue(value);
      setMismatch(0);
    },
    setConfirm: (value) => {
      setConfirmValue(value);
      setMismatch(0);
    },
    check: () => {
      if (password === confirm) return true;
      setMismatch((count) => count + 1);
      return false;
    },
  };
}

/** The two fields; with `rowClassName`, each with its label and note in a row of its own. */
export function NewPasswordFields({
  state,
  rowClassName,
}: {
  state: NewPassword;
  rowClassName?: string;
}) {
  const t = useT(newPasswordMessages);
  const base = useId();
  const confirmRef = useRef<HTMLInputElement>(null);
  const { mismatch } = state;
  // Each submit that finds a mismatch takes the user to the confirmation.
  useEffect(() => {
    if (mismatch > 0) confirmRef.current?.focus();
  }, [mismatch]);
  const row = (children: ReactNode) =>
    rowClassName ? <div className={rowClassName}>{children}</div> : children;
  return (
    <>
      {row(
        <>
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
            value={state.password}
            onChange={(event) => state.setPassword(event.target.value)}
          />
          <p id={`${base}-hint`} className="field-hint">
            {t('passwordHint')}
          </p>
        </>,
      )}
      {row(
        <>
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
            aria-invalid={mismatch > 0 || undefined}
            aria-describedby={mismatch > 0 ? `${base}-mismatch` : undefined}
            value={state.confirm}
            onChange={(event) => state.setConfirm(event.target.value)}
          />
          {mismatch > 0 && (
            <p id={`${base}-mismatch`} className="field-hint error">
              {t('passwordsDiffer')}
            </p>
          )}
        </>,
      )}
    </>
  );
}
