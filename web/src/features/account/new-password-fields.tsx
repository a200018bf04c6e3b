// The new password, typed twice: on /account (change password) and on /forgot?token=
// (reset). The form checks the two match before it sends anything.
import { useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { PasswordField } from '../../components/account/password-field';
import { useT } from '../../stores/i18n';
import { newPasswordMessages } from '../../components/account/messages';

/** Shortest password the server takes. */
export const MIN_PASSWORD = 8;

export interface NewPassword {
  password: string;
  confirm: string;
  /** True from a submit that found the two different until either is edited. */
  mismatch: boolean;
  /** The confirmation field, where a submit that finds a mismatch takes the user. */
  confirmRef: RefObject<HTMLInputElement | null>;
  setPassword: (value: string) => void;
  setConfirm: (value: string) => void;
  /** True when the two match; otherwise the fields show the mismatch. */
  check: () => boolean;
}

export function useNewPassword(): NewPassword {
  const [password, setPasswordValue] = useState('');
  const [confirm, setConfirmValue] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const confirmRef = useRef<HTMLInputElement>(null);
  return {
    password,
    confirm,
    mismatch,
    confirmRef,
    setPassword: (value) => {
      setPasswordValue(value);
      setMismatch(false);
    },
    setConfirm: (value) => {
      setConfirmValue(value);
      setMismatch(false);
    },
    check: () => {
      if (password === confirm) return true;
      setMismatch(true);
      confirmRef.current?.focus();
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
  const { password, confirm, mismatch, confirmRef, setPassword, setConfirm } = state;
  const row = (children: ReactNode) =>
    rowClassName ? <div className={rowClassName}>{children}</div> : children;
  return (
    <>
      {row(
        <>
          <PasswordField
            id={`${base}-new`}
            label={t('newPassword')}
            autoComplete="new-password"
            minLength={MIN_PASSWORD}
            describedBy={`${base}-hint`}
            value={password}
            onChange={setPassword}
          />
          <p id={`${base}-hint`} className="field-hint">
            {t('passwordHint')}
          </p>
        </>,
      )}
      {row(
        <>
          <PasswordField
            id={`${base}-confirm`}
            ref={confirmRef}
            label={t('confirmPassword')}
            autoComplete="new-password"
            invalid={mismatch}
            describedBy={mismatch ? `${base}-mismatch` : undefined}
            value={confirm}
            onChange={setConfirm}
          />
          {mismatch && (
            <p id={`${base}-mismatch`} className="field-hint error">
              {t('passwordsDiffer')}
            </p>
          )}
        </>,
      )}
    </>
  );
}
