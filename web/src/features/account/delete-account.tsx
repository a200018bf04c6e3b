// Deleting the account: a confirmation dialog that asks for the current password,
// `DELETE /api/account` with it, then `/` afresh. On a paid plan it says first that the
// subscription ends at once (the server cancels it and deletes the Stripe customer).
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Dialog } from '../../components/dialog';
import { PasswordField } from '../../components/account/password-field';
import { api } from '../../lib/api';
import type { Answer, Body } from '../../lib/api/wire';
import { useT } from '../../stores/i18n';
import { forgetAllCalcs } from '../../lib/offline/saved-calcs';
import { useCalcs } from '../../stores/calcs';
import { useSession } from '../../stores/session';
import { accountMessages } from '../../components/account/messages';
import { goHomeWithToast } from '../../components/account/settings';
import { useLeavingSubmit } from './use-leaving-submit';

export function DeleteAccount({ email }: { email: string }) {
  const t = useT(accountMessages);
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const { error, setError, busy, run } = useLeavingSubmit();
  const [password, setPassword] = useState('');
  const base = useId();
  const plan = useSession((s) => s.user?.plan);
  const paid = !!plan && plan !== 'free';
  const [planName, setPlanName] = useState('');

  // The plan's name as billing shows it (features do not import each other: read it here).
  useEffect(() => {
    if (!open || !paid) return;
    let live = true;
    api.get<Answer<'/api/billing', 'get'>>('/api/billing').then(
      (billing) => live && setPlanName(billing.plans.find((p) => p.id === plan)?.name ?? plan),
      () => live && setPlanName(plan),
    );
    return () => {
      live = false;
    };
  }, [open, paid, plan]);

  const close = () => {
    if (busy) return;
    setOpen(false);
    setError('');
    setPassword('');
    // Back to where the keyboard user was.
    requestAnimationFrame(() => trigger.current?.focus());
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    await run(async () => {
      await api.delete('/api/account', {
        json: { password } satisfies Body<'/api/account', 'delete'>,
      });
      // The server has nothing of this user any more: forget the local copies of it.
      useCalcs.getState().forgetAccountCalcs();
      await forgetAllCalcs().catch(() => {});
      goHomeWithToast(t('accountDeleted'));
    });
  };

  return (
    <>
      <button ref={trigger} type="button" className="button danger" onClick={() => setOpen(true)}>
        {t('deleteAccount')}
      </button>
      {open && (
        <Dialog
          title={t('deleteDialogTitle')}
          onClose={close}
          initialFocus=".delete-password"
          className="delete-dialog"
          keepOnOutsideClick
          actions={
            <>
              <button type="button" className="button subtle delete-cancel" onClick={close}>
                {t('cancel')}
              </button>
              <button
                type="submit"
                form={`${base}-form`}
                className="button danger-fill"
                disabled={busy}
              >
                {busy ? t('deleting') : t('deleteConfirm')}
              </button>
            </>
          }
        >
          <p>{t('deleteDialogText', { email })}</p>
          {paid && planName && <p>{t('deleteEndsSubscription', { plan: planName })}</p>}
          <form id={`${base}-form`} className="field-row" onSubmit={confirm}>
            {/* Lets password managers know whose password this is. */}
            <input type="email" autoComplete="username" value={email} readOnly hidden />
            <PasswordField
              id={`${base}-password`}
              label={t('deletePassword')}
              className="delete-password"
              autoComplete="current-password"
              invalid={!!error}
              describedBy={error ? `${base}-error` : undefined}
              value={password}
              onChange={setPassword}
            />
          </form>
          {error && (
            <p id={`${base}-error`} className="form-error" role="alert">
              {error}
            </p>
          )}
        </Dialog>
      )}
    </>
  );
}
