// /forgot: ask for a reset link by email; with `?token=` (the link in the mail), choose
// the new password — or, for a link already used or expired, learn so at once.
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmailField } from '../../components/account/form-field';
import { Loading } from '../../components/loading';
import { api, ApiError, messageOf } from '../../lib/api';
import type { Body } from '../../lib/api/wire';
import { useT } from '../../stores/i18n';
import { useSession } from '../../stores/session';
import { forgotMessages } from '../../components/account/messages';
import { NewPasswordFields, useNewPassword } from './new-password-fields';
import '../../components/account/account.css';

export default function ForgotScreen() {
  const t = useT(forgotMessages);
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';

  useEffect(() => {
    document.title = t('pageTitle');
  }, [t]);

  return (
    <div className="page narrow forgot">
      {token ? <ResetForm token={token} /> : <RequestForm />}
    </div>
  );
}

/**
 * Moves focus to the element once it is shown (the heading of a result), in the same commit
 * that shows it: the result never appears with focus still elsewhere.
 */
function useFocusOnShow<T extends HTMLElement>(shown: boolean) {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  return ref;
}

function RequestForm() {
  const t = useT(forgotMessages);
  const base = useId();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const sentHeading = useFocusOnShow<HTMLHeadingElement>(sentTo !== null);
  const emailField = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setBusy(true);
    try {
      const body: Body<'/api/forgot', 'post'> = { email: email.trim() };
      await api.post('/api/forgot', body, { skipAuthHold: true });
      setSentTo(email.trim());
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  if (sentTo !== null) {
    return (
      <section className="forgot-card" aria-labelledby={`${base}-sent`}>
        <h1 id={`${base}-sent`} ref={sentHeading} tabIndex={-1}>
          {t('sentTitle')}
        </h1>
        <p>{t('sentText', { email: sentTo })}</p>
        <p className="forgot-links">
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setSentTo(null);
              requestAnimationFrame(() => emailField.current?.focus());
            }}
          >
            {t('sendAgain')}
          </button>
          <Link to="/">{t('backHome')}</Link>
        </p>
      </section>
    );
  }

  return (
    <section className="forgot-card" aria-labelledby={`${base}-title`}>
      <h1 id={`${base}-title`}>{t('title')}</h1>
      <p className="muted">{t('lead')}</p>
      <form onSubmit={submit} aria-busy={busy}>
        <EmailField
          id={`${base}-email`}
          ref={emailField}
          label={t('email')}
          value={email}
          onChange={setEmail}
        />
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="form-footer">
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? t('sending') : t('send')}
          </button>
        </div>
      </form>
    </section>
  );
}

/**
 * Whether the reset link still works, asked before anyone types a password: `POST
 * /api/forgot/check` answers 400 for a link used, revoked or expired, and spends nothing.
 * Any other failure (a server without the check, the network) leaves it to the reset to say.
 */
function useLinkState(token: string): 'checking' | 'usable' | 'spent' {
  const [answer, setAnswer] = useState<{ token: string; spent: boolean } | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    const body: Body<'/api/forgot/check', 'post'> = { token };
    api.post('/api/forgot/check', body, { skipAuthHold: true, signal: abort.signal }).then(
      () => setAnswer({ token, spent: false }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        const spent = error instanceof ApiError && error.code === 'bad_request';
        setAnswer({ token, spent });
      },
    );
    return () => abort.abort();
  }, [token]);
  if (answer?.token !== token) return 'checking';
  return answer.spent ? 'spent' : 'usable';
}

function ResetForm({ token }: { token: string }) {
  const t = useT(forgotMessages);
  const link = useLinkState(token);
  if (link === 'checking') return <Loading label={t('checking')} />;
  if (link === 'spent') return <SpentLink />;
  return <NewPasswordForm token={token} />;
}

function SpentLink() {
  const t = useT(forgotMessages);
  const base = useId();
  return (
    <section className="forgot-card" aria-labelledby={`${base}-spent`}>
      <h1 id={`${base}-spent`}>{t('spentTitle')}</h1>
      <p>{t('spentText')}</p>
      <p className="forgot-links">
        <Link to="/forgot">{t('requestNew')}</Link>
        <Link to="/">{t('backHome')}</Link>
      </p>
    </section>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const t = useT(forgotMessages);
  const base = useId();
  const openAuthDialog = useSession((s) => s.openAuthDialog);
  const newPassword = useNewPassword();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const doneHeading = useFocusOnShow<HTMLHeadingElement>(done);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    if (!newPassword.check()) return;
    setBusy(true);
    try {
      const body: Body<'/api/forgot/reset', 'post'> = { token, password: newPassword.password };
      await api.post('/api/forgot/reset', body, { skipAuthHold: true });
      setDone(true);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <section className="forgot-card" aria-labelledby={`${base}-done`}>
        <h1 id={`${base}-done`} ref={doneHeading} tabIndex={-1}>
          {t('doneTitle')}
        </h1>
        <p>{t('doneText')}</p>
        <div className="form-footer">
          <button type="button" className="button primary" onClick={() => openAuthDialog('signin')}>
            {t('signIn')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="forgot-card" aria-labelledby={`${base}-title`}>
      <h1 id={`${base}-title`}>{t('resetTitle')}</h1>
      <p className="muted">{t('resetLead')}</p>
      <form onSubmit={submit} aria-busy={busy}>
        <NewPasswordFields state={newPassword} />
        {error && (
          <div className="form-error" role="alert">
            <p>{error}</p>
            <Link to="/forgot">{t('requestNew')}</Link>
          </div>
        )}
        <div className="form-footer">
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? t('sending') : t('setPassword')}
          </button>
        </div>
      </form>
    </section>
  );
}
