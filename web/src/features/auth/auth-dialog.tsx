// The sign-in / sign-up dialog (spec §2, the `auth_dialog` partial).
import { useState, type FormEvent } from 'react';
import { EmailField, FormField } from '../../components/account/form-field';
import { PasswordField } from '../../components/account/password-field';
import { Link } from 'react-router';
import { Dialog } from '../../components/dialog';
import { useT } from '../../stores/i18n';
import { signInFailure, useSession } from '../../stores/session';
import { Captcha } from './captcha';
import { authMessages } from './messages';

/** The server's minimum password length (accounts service). */
export const MIN_PASSWORD = 8;

export default function AuthDialog() {
  const t = useT(authMessages);
  const mode = useSession((s) => s.authDialog) ?? 'signin';
  const session = useSession.getState();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const signUp = mode === 'signup';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    if (signUp && !captcha) {
      setError(t('captchaNeeded'));
      return;
    }
    setBusy(true);
    try {
      if (signUp) {
        await session.signUp({ email, password, name, captchaResponse: captcha ?? '' });
      } else {
        await session.signIn(email, password);
      }
    } catch (failure) {
      setError(signInFailure(failure));
      // A captcha is good for one attempt.
      if (signUp) {
        setCaptcha(null);
        setCaptchaRound((round) => round + 1);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={signUp ? t('signUpTitle') : t('signInTitle')}
      onClose={() => session.closeAuthDialog()}
      initialFocus="#auth-email"
      className="auth-dialog"
      keepOnOutsideClick={!!(email || password || name)}
    >
      <form onSubmit={submit} noValidate={false}>
        <EmailField id="auth-email" label={t('email')} value={email} onChange={setEmail} />
        {signUp && (
          <FormField
            id="auth-name"
            label={t('name')}
            autoComplete="name"
            value={name}
            onChange={setName}
          />
        )}
        <PasswordField
          id="auth-password"
          label={t('password')}
          autoComplete={signUp ? 'new-password' : 'current-password'}
          minLength={signUp ? MIN_PASSWORD : undefined}
          describedBy={signUp ? 'auth-password-rule' : undefined}
          value={password}
          onChange={setPassword}
        />
        {/* The server's rule, told before the first attempt rather than after a failure. */}
        {signUp && (
          <p id="auth-password-rule" className="field-hint muted">
            {t('passwordRule', { n: MIN_PASSWORD })}
          </p>
        )}
        {signUp && (
          <Captcha
            key={captchaRound}
            onSolved={(payload) => {
              setCaptcha(payload);
              // The "resolve the captcha" message is answered once it is solved.
              if (payload) setError((old) => (old === t('captchaNeeded') ? '' : old));
            }}
          />
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button subtle" onClick={() => session.closeAuthDialog()}>
            {t('cancel')}
          </button>
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? t('working') : signUp ? t('signUp') : t('signIn')}
          </button>
        </div>
        <p className="dialog-links">
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setError('');
              session.openAuthDialog(signUp ? 'signin' : 'signup');
            }}
          >
            {signUp ? t('toSignIn') : t('toSignUp')}
          </button>
          {!signUp && (
            <Link to="/forgot" onClick={() => session.closeAuthDialog()}>
              {t('forgot')}
            </Link>
          )}
        </p>
      </form>
    </Dialog>
  );
}
