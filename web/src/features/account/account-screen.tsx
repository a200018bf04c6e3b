// /account (spec §2): settings, password and account deletion for the signed-in user;
// everyone else goes to `/`.
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { Loading } from '../../components/loading';
import { useT } from '../../stores/i18n';
import { useSession } from '../../stores/session';
import { AccountNav } from '../../components/account/account-nav';
import { DataExport } from './data-export';
import { DeleteAccount } from './delete-account';
import { accountMessages } from '../../components/account/messages';
import { PasswordForm } from './password-form';
import { SettingsForm } from './settings-form';
import '../../components/account/account.css';

const PLAN_KEYS = { free: 'planFree', regular: 'planRegular', premium: 'planPremium' } as const;

export default function AccountScreen() {
  const t = useT(accountMessages);
  const authenticated = useSession((s) => s.authenticated);
  const user = useSession((s) => s.user);

  useEffect(() => {
    document.title = t('pageTitle');
  }, [t]);

  if (!authenticated) return <Navigate to="/" replace />;
  if (!user) return <Loading label={t('loading')} />;

  const plan = String(user.plan ?? 'free').toLowerCase() as keyof typeof PLAN_KEYS;
  return (
    <div className="page account">
      <header className="account-header">
        <h1>{t('title')}</h1>
        <p className="muted">
          {t('signedInAs', { email: user.email })}
          <span aria-hidden="true"> · </span>
          <span className="account-plan">
            {t('plan', { plan: t(PLAN_KEYS[plan] ?? 'planFree') })}
          </span>
        </p>
      </header>
      <AccountNav />

      <section className="account-card" aria-labelledby="account-settings-title">
        <h2 id="account-settings-title">{t('settingsTitle')}</h2>
        <p className="muted card-lead">{t('settingsLead')}</p>
        <SettingsForm user={user} />
      </section>

      <section className="account-card" aria-labelledby="account-password-title">
        <h2 id="account-password-title">{t('passwordTitle')}</h2>
        <p className="muted card-lead">{t('passwordLead')}</p>
        <PasswordForm email={user.email} />
      </section>

      <section className="account-card" aria-labelledby="account-data-title">
        <h2 id="account-data-title">{t('dataTitle')}</h2>
        <p className="muted card-lead">{t('dataLead')}</p>
        <DataExport />
      </section>

      <section className="account-card danger-zone" aria-labelledby="account-delete-title">
        <h2 id="account-delete-title">{t('deleteTitle')}</h2>
        <p className="card-lead">{t('deleteLead')}</p>
        <DeleteAccount email={user.email} />
      </section>
    </div>
  );
}
