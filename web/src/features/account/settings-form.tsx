// The settings part of /account: name, contact details and the country list. A new email
// needs the current password too (the server refuses it otherwise), so a password field
// appears once the email is changed.
import { useId, useMemo, useState, type FormEvent } from 'react';
import { api, messageOf } from '../../lib/api';
import type { Body } from '../../lib/api/wire';
import { useT } from '../../stores/i18n';
import type { User } from '../../lib/types';
import { toast } from '../../stores/ui';
import { countryCode, useCountries } from '../../components/account/countries';
import { CountrySelect } from '../../components/account/country-select';
import { accountMessages } from '../../components/account/messages';
import {
  changedSettings,
  reloadWithToast,
  settingsOf,
  TEXT_FIELDS,
  type Settings,
  type SettingsField,
} from '../../components/account/settings';

export function SettingsForm({ user }: { user: User }) {
  const t = useT(accountMessages);
  const countries = useCountries();
  const base = useId();
  const loaded = countries.status === 'ready' ? countries.countries : null;
  // The stored country as a code, once the list can tell.
  const start = useMemo(
    () => settingsOf(user, countryCode(user.country, loaded ?? [])),
    [user, loaded],
  );
  const [edits, setEdits] = useState<Partial<Settings>>({});
  const form: Settings = { ...start, ...edits };
  const [password, setPassword] = useState('');
  const emailChanged = form.email.trim().toLowerCase() !== start.email.trim().toLowerCase();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);

  const set = (field: SettingsField, value: string) => {
    setEdits((old) => ({ ...old, [field]: value }));
    setNote(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const change = changedSettings(start, form);
    if (Object.keys(change).length === 0) {
      setNote({ text: t('nothingChanged'), error: false });
      return;
    }
    setBusy(true);
    setNote(null);
    try {
      const body: Body<'/api/acc/save', 'post'> = emailChanged
        ? { ...change, oldPassword: password }
        : change;
      await api.post('/api/acc/save', body);
      // Spec §4: after account changes the page reloads.
      reloadWithToast(t('settingsSaved'));
    } catch (error) {
      const text = messageOf(error);
      toast(text);
      setNote({ text, error: true });
      setBusy(false);
    }
  };

  return (
    <form className="account-form" onSubmit={submit} aria-busy={busy}>
      <div className="account-grid">
        {TEXT_FIELDS.map(({ field, type, autoComplete }) => (
          <div key={field} className="field-row">
            <label className="field-label" htmlFor={`${base}-${field}`}>
              {t(field)}
            </label>
            <input
              id={`${base}-${field}`}
              name={field}
              className="field"
              type={type}
              autoComplete={autoComplete}
              required={field === 'email'}
              maxLength={field === 'email' ? 320 : 200}
              value={form[field]}
              onChange={(event) => set(field, event.target.value)}
            />
            {field === 'email' && emailChanged && (
              <div className="field-row">
                <label className="field-label" htmlFor={`${base}-email-password`}>
                  {t('emailPassword')}
                </label>
                <input
                  id={`${base}-email-password`}
                  name="oldPassword"
                  className="field"
                  type="password"
                  autoComplete="current-password"
                  required
                  aria-describedby={`${base}-email-password-hint`}
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
                <p id={`${base}-email-password-hint`} className="field-hint">
                  {t('emailPasswordHint')}
                </p>
              </div>
            )}
          </div>
        ))}
        <div className="field-row">
          <CountrySelect
            id={`${base}-country`}
            countries={countries}
            value={form.country}
            onChange={(code) => set('country', code)}
          />
        </div>
      </div>
      <div className="form-footer">
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? t('saving') : t('saveSettings')}
        </button>
        {/* The failure itself is announced by its toast; this only keeps it in view. */}
        {note?.error && <p className="form-note form-error">{note.text}</p>}
        <p className="form-note muted" aria-live="polite">
          {note && !note.error ? note.text : ''}
        </p>
      </div>
    </form>
  );
}
