// The visitor's submission form below a published calculator's outputs (issue 29): the
// author's fields, checked as the server checks them, sent with the values (the server
// computes the outputs itself), the proof of work solved in the background and an empty
// honeypot. Then the author's thank-you, filled in with the server's numbers, or their
// redirect. Errors are at their fields (aria-describedby), the first one focused.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError, OOPS, api } from '../../lib/api';
import type { Schemas } from '../../lib/api/wire';
import {
  checkContact,
  contactBody,
  fieldOfServerMessage,
  type ContactProblem,
  type ContactValues,
} from '../../lib/submissions/contact';
import {
  fieldMode,
  type ContactField,
  type SubmissionSettings,
} from '../../lib/submissions/settings';
import { useT } from '../../stores/i18n';
import { useUi } from '../../stores/ui';
import { formMessages } from './form-messages';
import { useBackgroundCaptcha } from './use-background-captcha';

type Submitted = Schemas['Submitted'];
type SubmitRequest = Schemas['SubmitRequest'] & { emailMe?: boolean };

type Errors = Partial<Record<ContactField | 'emailMe', string>>;

export function SubmitForm(props: {
  calcId: string;
  settings: SubmissionSettings;
  /** The calculator's input values, keyed by input id. */
  values: Record<string, unknown>;
  /** The page embedding the calculator (an embed's). */
  site?: string;
  /** Told once the server has stored the submission (the analytics beacon). */
  onSubmitted?(): void;
}) {
  const t = useT(formMessages);
  const locale = useUi((s) => s.locale);
  const base = useId();
  const form = useRef<HTMLFormElement>(null);
  const done = useRef<HTMLDivElement>(null);
  const captcha = useBackgroundCaptcha();
  const { settings } = props;
  const [contact, setContact] = useState<ContactValues>({});
  const [emailMe, setEmailMe] = useState(false);
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<Submitted | null>(null);
  const idOf = (field: string) => `${base}-${field}`;
  // The thank-you takes the focus from the form it replaces, so it is read out.
  useEffect(() => {
    if (answer && !answer.redirect) done.current?.focus();
  }, [answer]);

  const problemText = (field: ContactField, problem: ContactProblem) => {
    // The consent box has only `consentRequired`; the others name a text field.
    const name = field === 'consent' ? '' : t(field);
    switch (problem) {
      case 'required':
        return t('errorRequired', { field: name });
      case 'consentRequired':
        return t('errorConsent');
      case 'badEmail':
        return t('errorBadEmail');
      case 'tooLong':
        return t('errorTooLong', { field: name });
      case 'oneLine':
        return t('errorOneLine', { field: name });
    }
  };

  const focusFirstError = (shown: Errors) => {
    const first = [...settings.fields.map((f) => f.name), 'emailMe' as const].find(
      (field) => shown[field],
    );
    if (first) requestAnimationFrame(() => document.getElementById(idOf(first))?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found: Errors = {};
    for (const [field, problem] of checkContact(settings, contact))
      found[field] ??= problemText(field, problem);
    if (emailMe && !(contact.email ?? '').trim()) found.emailMe = t('errorEmailMe');
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      focusFirstError(found);
      return;
    }
    setBusy(true);
    try {
      const body: SubmitRequest = {
        values: props.values,
        contact: contactBody(settings, contact),
        locale,
        captchaResponse: await captcha.take(),
        website,
        ...(props.site ? { site: props.site } : {}),
        ...(emailMe ? { emailMe: true } : {}),
      };
      const sent = await api.post<Submitted>(
        `/api/calc/${encodeURIComponent(props.calcId)}/submit`,
        body,
        { skipAuthHold: true },
      );
      props.onSubmitted?.();
      setAnswer(sent);
      if (sent.redirect) goTo(sent.redirect);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : OOPS;
      const field = error instanceof ApiError ? fieldOfServerMessage(message) : null;
      if (field && settings.fields.some((f) => f.name === field)) {
        const shown = { [field]: message };
        setErrors(shown);
        focusFirstError(shown);
      } else {
        setFormError(message);
      }
      // The next attempt needs a fresh proof of work.
      captcha.start();
    } finally {
      setBusy(false);
    }
  };

  if (answer) {
    return (
      <div className="submit-done" role="status" tabIndex={-1} ref={done}>
        <p>{answer.redirect ? t('redirecting') : answer.thankYou || t('thanks')}</p>
      </div>
    );
  }

  const textField = (field: Exclude<ContactField, 'consent'>) => {
    const mode = fieldMode(settings, field);
    const id = idOf(field);
    const error = errors[field];
    const common = {
      id,
      name: field,
      className: 'field',
      value: contact[field] ?? '',
      required: mode === 'required',
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
      onChange: (event: { target: { value: string } }) =>
        setContact((old) => ({ ...old, [field]: event.target.value })),
    };
    return (
      <div className="field-row" key={field}>
        <label className="field-label" htmlFor={id}>
          {t(field)}
          {mode === 'required' && <Required />}
        </label>
        {field === 'message' ? (
          <textarea {...common} rows={4} />
        ) : (
          <input
            {...common}
            type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
            autoComplete={AUTOCOMPLETE[field]}
          />
        )}
        {error && (
          <span className="field-error" id={`${id}-error`}>
            {error}
          </span>
        )}
      </div>
    );
  };

  const consent = () => {
    const id = idOf('consent');
    const error = errors.consent;
    return (
      <div className="field-row checkbox-row" key="consent">
        <label className="checkbox" htmlFor={id}>
          <input
            id={id}
            type="checkbox"
            checked={contact.consent === true}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setContact((old) => ({ ...old, consent: event.target.checked }))}
          />
          <span>
            {settings.consentText}
            {fieldMode(settings, 'consent') === 'required' && <Required />}
          </span>
        </label>
        {settings.privacyUrl && (
          <a href={settings.privacyUrl} target="_blank" rel="noopener noreferrer">
            {t('privacy')}
          </a>
        )}
        {error && (
          <span className="field-error" id={`${id}-error`}>
            {error}
          </span>
        )}
      </div>
    );
  };

  return (
    <form
      ref={form}
      className="submit-form"
      noValidate
      aria-labelledby={`${base}-title`}
      onSubmit={submit}
      onFocus={captcha.start}
      onInput={captcha.start}
    >
      <h2 id={`${base}-title`} className="calc-section-title">
        {t('title')}
      </h2>
      {settings.fields.map((f) => (f.name === 'consent' ? consent() : textField(f.name)))}
      {settings.emailResults === true && (
        <div className="field-row checkbox-row">
          <label className="checkbox" htmlFor={idOf('emailMe')}>
            <input
              id={idOf('emailMe')}
              type="checkbox"
              checked={emailMe}
              aria-invalid={errors.emailMe ? true : undefined}
              aria-describedby={errors.emailMe ? `${idOf('emailMe')}-error` : undefined}
              onChange={(event) => setEmailMe(event.target.checked)}
            />
            <span>{t('emailMe')}</span>
          </label>
          {errors.emailMe && (
            <span className="field-error" id={`${idOf('emailMe')}-error`}>
              {errors.emailMe}
            </span>
          )}
        </div>
      )}
      {/* The honeypot: people never see it and leave it empty; a bot that fills it is thanked. */}
      <div className="honeypot" aria-hidden="true">
        <label htmlFor={idOf('website')}>{t('honeypot')}</label>
        <input
          id={idOf('website')}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={website}
          onChange={(event) => setWebsite(event.target.value)}
        />
      </div>
      {settings.fields.some((f) => f.required) && (
        <p className="required-note muted" aria-hidden="true">
          {t('requiredNote')}
        </p>
      )}
      {formError && (
        <p className="calc-error submit-error" role="alert">
          {formError}
        </p>
      )}
      {Object.keys(errors).length > 0 && !formError && (
        <p className="visually-hidden" role="alert">
          {t('errorsBelow')}
        </p>
      )}
      <button type="submit" className="button primary" disabled={busy} aria-busy={busy}>
        {busy ? t('sending') : settings.buttonLabel || t('send')}
      </button>
    </form>
  );
}

function Required() {
  const t = useT(formMessages);
  return (
    <>
      <span className="required-mark" aria-hidden="true">
        {' '}
        *
      </span>
      <span className="visually-hidden"> ({t('required')})</span>
    </>
  );
}

const AUTOCOMPLETE: Record<Exclude<ContactField, 'consent'>, string> = {
  name: 'name',
  email: 'email',
  phone: 'tel',
  company: 'organization',
  message: 'off',
};

/** Goes to the author's redirect: the top page for an embed when the browser lets it. */
function goTo(address: string) {
  if (window.parent !== window) {
    try {
      window.top!.location.href = address;
      return;
    } catch {
      // A cross-origin parent that the browser protects: the frame goes instead.
    }
  }
  window.location.assign(address);
}
