// The Submissions section of the editor's settings (issue 29): collect or not, the form's
// fields, the consent box, the button, the thank-you or a redirect, retention, how the
// author hears of submissions and whether visitors may have their results e-mailed. Each
// setting is checked here as the server checks it on save, so a save is not refused.
import { useId } from 'react';
import { useT } from '../../stores/i18n';
import type { CalcDoc, EvalResult } from '../../lib/types';
import {
  CONTACT_FIELDS,
  NEW_SETTINGS,
  RETENTION_DAYS,
  checkSettings,
  fieldMode,
  fillThankYou,
  settingsOf,
  storedSettings,
  unknownQuotes,
  withFieldMode,
  type FieldMode,
  type Notify,
  type SubmissionSettings,
} from '../../lib/submissions/settings';
import { CheckboxField, SelectField, TextField } from './fields';
import { submissionsSettingsMessages } from './submissions-messages';

export function SubmissionsSettings(props: {
  doc: CalcDoc;
  /** The editor's latest result, quoted by the thank-you message's preview. */
  result: EvalResult | null;
  onDocChange(change: (doc: CalcDoc) => CalcDoc): void;
}) {
  const t = useT(submissionsSettingsMessages);
  const titleId = useId();
  const settings = settingsOf(props.doc);
  const on = settings?.enabled === true;
  const update = (change: (settings: SubmissionSettings) => SubmissionSettings) =>
    props.onDocChange((old) => ({
      ...old,
      submissions: storedSettings(change(settingsOf(old) ?? NEW_SETTINGS)),
    }));
  const problems = settings ? checkSettings(settings) : {};
  const text = (key: 'buttonLabel' | 'thankYou' | 'consentText' | 'redirect' | 'privacyUrl') => ({
    value: String(settings?.[key] ?? ''),
    error: problems[key] ? t(problems[key]) : null,
    onChange: (value: string) => update((old) => ({ ...old, [key]: value })),
  });
  const unknown = settings?.thankYou ? unknownQuotes(settings.thankYou, props.doc) : [];

  return (
    <section className="settings-submissions" aria-labelledby={titleId}>
      <h3 id={titleId} className="field-label">
        {t('section')}
      </h3>
      <CheckboxField
        label={t('collect')}
        hint={t('collectHint')}
        checked={on}
        onChange={(enabled) =>
          props.onDocChange((old) => {
            const current = settingsOf(old);
            if (!enabled && !current) return old;
            return {
              ...old,
              submissions: storedSettings({ ...(current ?? NEW_SETTINGS), enabled }),
            };
          })
        }
      />
      {on && settings && (
        <>
          <fieldset className="plain-fieldset">
            <legend className="field-label">{t('fields')}</legend>
            {CONTACT_FIELDS.map((field) => (
              <SelectField<FieldMode>
                key={field}
                label={t(field)}
                className="inline-select"
                value={fieldMode(settings, field)}
                options={[
                  { value: 'off', label: t('off') },
                  { value: 'optional', label: t('optional') },
                  { value: 'required', label: t('required') },
                ]}
                onChange={(mode) => update((old) => withFieldMode(old, field, mode))}
              />
            ))}
          </fieldset>
          {fieldMode(settings, 'consent') !== 'off' && (
            <>
              <TextField label={t('consentText')} multiline {...text('consentText')} />
              <TextField label={t('privacyUrl')} placeholder="https://" {...text('privacyUrl')} />
            </>
          )}
          <TextField
            label={t('buttonLabel')}
            placeholder={t('buttonPlaceholder')}
            {...text('buttonLabel')}
          />
          <TextField
            label={t('thankYou')}
            multiline
            hint={t('thankYouHint')}
            {...text('thankYou')}
            error={
              text('thankYou').error ??
              (unknown.length > 0
                ? t('unknownQuotes', { names: unknown.map((n) => `{${n}}`).join(', ') })
                : null)
            }
          />
          {settings.thankYou && props.result?.display && (
            <p className="field-hint muted submissions-preview" aria-live="polite">
              {t('preview', { text: fillThankYou(settings.thankYou, props.result.display) })}
            </p>
          )}
          <TextField
            label={t('redirect')}
            placeholder="https://"
            hint={t('redirectHint')}
            {...text('redirect')}
          />
          <SelectField
            label={t('retention')}
            value={settings.retentionDays ? String(settings.retentionDays) : 'forever'}
            options={[
              ...RETENTION_DAYS.map((n) => ({ value: String(n), label: t('days', { n }) })),
              { value: 'forever', label: t('forever') },
            ]}
            onChange={(days) =>
              update((old) => ({
                ...old,
                retentionDays: days === 'forever' ? undefined : Number(days),
              }))
            }
          />
          <SelectField<Notify>
            label={t('notify')}
            value={settings.notify ?? 'each'}
            options={[
              { value: 'each', label: t('notifyEach') },
              { value: 'daily', label: t('notifyDaily') },
              { value: 'off', label: t('notifyOff') },
            ]}
            onChange={(notify) => update((old) => ({ ...old, notify }))}
          />
          <CheckboxField
            label={t('emailResults')}
            hint={t('emailResultsHint')}
            checked={settings.emailResults === true}
            onChange={(emailResults) => update((old) => ({ ...old, emailResults }))}
          />
        </>
      )}
    </section>
  );
}
