// Changing the password on /account: the current one, then the new one twice.
import { useId, useState, type FormEvent } from 'react';
import { PasswordField } from '../../components/account/password-field';
import { api } from '../../lib/api';
import type { Body } from '../../lib/api/wire';
import { useT } from '../../stores/i18n';
import { accountMessages } from '../../components/account/messages';
import { NewPasswordFields, useNewPassword } from './new-password-fields';
import { useLeavingSubmit } from './use-leaving-submit';
import { reloadWithToast } from '../../components/account/settings';

export function PasswordForm({ email }: { email: string }) {
  const t = useT(accountMessages);
  const base = useId();
  const [current, setCurrent] = useState('');
  const newPassword = useNewPassword();
  const { error, setError, busy, run } = useLeavingSubmit();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    if (!newPassword.check()) return;
    await run(async () => {
      const body: Body<'/api/acc/save', 'post'> = {
        oldPassword: current,
        password: newPassword.password,
      };
      await api.post('/api/acc/save', body);
      // The server ends every session on a password change: after the reload, sign in again.
      reloadWithToast(t('passwordChanged'));
    });
  };

  return (
    <form className="account-form" onSubmit={submit} aria-busy={busy}>
      {/* Lets password managers know whose password this is. */}
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      <div className="account-grid">
        <div className="field-row span-2">
          <PasswordField
            id={`${base}-current`}
            label={t('currentPassword')}
            autoComplete="current-password"
            value={current}
            onChange={setCurrent}
          />
        </div>
        <NewPasswordFields state={newPassword} rowClassName="field-row" />
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
