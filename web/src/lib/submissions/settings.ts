// A calculator's `submissions` settings as its doc holds them (docs/submissions.md): read
// from a doc, written back without the defaults, checked as the server checks them on save,
// and the thank-you message filled in as the server fills it. The editor, the published
// form and the owner's Submissions screen all read them here.
import type { CalcDoc } from '../types';

/** The form's fields, in the order the form and the CSV file show them. */
export const CONTACT_FIELDS = ['name', 'email', 'phone', 'company', 'message', 'consent'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** A field of the form: off (not in `fields`), optional or required. */
export type FieldMode = 'off' | 'optional' | 'required';

/** The retention choices in days; `null` keeps submissions for ever. */
export const RETENTION_DAYS = [30, 90, 365] as const;

/** How the author hears of submissions (absent: `each`). */
export const NOTIFY = ['each', 'daily', 'off'] as const;
export type Notify = (typeof NOTIFY)[number];

/** The server's limits (server/src/domain/submission_settings.rs). */
export const BUTTON_LABEL_CHARS = 60;
export const LONG_TEXT_CHARS = 2000;

export interface SubmissionSettings {
  enabled: boolean;
  fields: { name: ContactField; required?: boolean }[];
  buttonLabel?: string;
  thankYou?: string;
  redirect?: string;
  consentText?: string;
  privacyUrl?: string;
  retentionDays?: number | null;
  notify?: Notify;
  emailResults?: boolean;
  [key: string]: unknown;
}

/** New settings: an e-mail (required) and a name. */
export const NEW_SETTINGS: SubmissionSettings = {
  enabled: true,
  fields: [{ name: 'email', required: true }, { name: 'name' }],
};

/** The doc's settings, or `null` when it has none (it does not collect). */
export function settingsOf(doc: CalcDoc | null | undefined): SubmissionSettings | null {
  const raw = doc?.submissions;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const settings = raw as Partial<SubmissionSettings>;
  const fields = Array.isArray(settings.fields)
    ? settings.fields.filter(
        (f): f is { name: ContactField; required?: boolean } =>
          !!f && CONTACT_FIELDS.includes((f as { name: ContactField }).name),
      )
    : [];
  return { ...settings, enabled: settings.enabled === true, fields };
}

/** Whether visitors see the form. */
export function collects(doc: CalcDoc | null | undefined): boolean {
  return settingsOf(doc)?.enabled === true;
}

/** How the form has `field`. */
export function fieldMode(settings: SubmissionSettings, field: ContactField): FieldMode {
  const found = settings.fields.find((f) => f.name === field);
  if (!found) return 'off';
  return found.required ? 'required' : 'optional';
}

/** The settings with `field` set to `mode`, keeping the form's order. */
export function withFieldMode(
  settings: SubmissionSettings,
  field: ContactField,
  mode: FieldMode,
): SubmissionSettings {
  const others = settings.fields.filter((f) => f.name !== field);
  const next =
    mode === 'off'
      ? others
      : [...others, mode === 'required' ? { name: field, required: true } : { name: field }];
  next.sort((a, b) => CONTACT_FIELDS.indexOf(a.name) - CONTACT_FIELDS.indexOf(b.name));
  return { ...settings, fields: next };
}

/**
 * The settings as the doc keeps them: empty texts, `notify: "each"` and
 * `emailResults: false` are left out (absent means the same), so a doc names only choices.
 */
export function storedSettings(settings: SubmissionSettings): SubmissionSettings {
  const stored: SubmissionSettings = { ...settings };
  for (const key of ['buttonLabel', 'thankYou', 'redirect', 'consentText', 'privacyUrl'] as const) {
    if (typeof stored[key] !== 'string' || stored[key].trim() === '') delete stored[key];
  }
  if (stored.retentionDays === undefined) delete stored.retentionDays;
  if (stored.notify === undefined || stored.notify === 'each') delete stored.notify;
  if (stored.emailResults !== true) delete stored.emailResults;
  return stored;
}

/** Whether `text` is an http or https address with a host (as the server requires). */
export function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** What is wrong with a setting, keyed by the setting; the message keys are the editor's. */
export type SettingsProblem =
  | 'buttonLabelLong'
  | 'thankYouLong'
  | 'consentTextLong'
  | 'consentTextNeeded'
  | 'redirectBad'
  | 'privacyUrlBad';

/** The problems the server would refuse the settings for, by setting. */
export function checkSettings(
  settings: SubmissionSettings,
): Partial<
  Record<'buttonLabel' | 'thankYou' | 'consentText' | 'redirect' | 'privacyUrl', SettingsProblem>
> {
  const problems: ReturnType<typeof checkSettings> = {};
  const chars = (text: string | undefined) => [...(text?.trim() ?? '')].length;
  if (chars(settings.buttonLabel) > BUTTON_LABEL_CHARS) problems.buttonLabel = 'buttonLabelLong';
  if (chars(settings.thankYou) > LONG_TEXT_CHARS) problems.thankYou = 'thankYouLong';
  if (chars(settings.consentText) > LONG_TEXT_CHARS) problems.consentText = 'consentTextLong';
  else if (fieldMode(settings, 'consent') !== 'off' && chars(settings.consentText) === 0)
    problems.consentText = 'consentTextNeeded';
  if (chars(settings.redirect) > 0 && !isWebAddress(settings.redirect ?? ''))
    problems.redirect = 'redirectBad';
  if (chars(settings.privacyUrl) > 0 && !isWebAddress(settings.privacyUrl ?? ''))
    problems.privacyUrl = 'privacyUrlBad';
  return problems;
}

/**
 * The thank-you message with each `{output}` replaced by that output's display text, as the
 * server fills it in: a name that is no output (or a table) stays as written.
 */
export function fillThankYou(template: string, display: Record<string, unknown> | null): string {
  return template.replace(/\{([^{}]*)\}/g, (whole, name: string) => {
    const text = display?.[name];
    return typeof text === 'string' ? text : whole;
  });
}

/** The `{names}` a thank-you message quotes that are not value outputs of `doc`. */
export function unknownQuotes(template: string, doc: CalcDoc): string[] {
  const outputs = new Set(
    (doc.metaOutputs ?? []).filter((o) => o.type !== 'table').map((o) => o.name),
  );
  const quoted = [...template.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]);
  return [...new Set(quoted.filter((name) => !outputs.has(name)))];
}
