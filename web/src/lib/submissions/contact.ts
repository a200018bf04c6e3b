// The visitor's contact fields, checked as the server checks them
// (server/src/services/submissions/contact.rs), so that most mistakes are shown at once in
// the visitor's language; and the server's own messages placed at the field they name.
import { fieldMode, type ContactField, type SubmissionSettings } from './settings';

/** What the visitor typed (consent: whether the box is ticked). */
export type ContactValues = Partial<Record<Exclude<ContactField, 'consent'>, string>> & {
  consent?: boolean;
};

/** Why a field is refused; the message keys of the published form. */
export type ContactProblem = 'required' | 'consentRequired' | 'badEmail' | 'tooLong' | 'oneLine';

/** The longest name, phone and company; the longest message (the server's limits). */
export const TEXT_CHARS = 200;
export const MESSAGE_CHARS = 5000;

/** Whether `text` looks like an e-mail address, as the server decides it. */
export function isEmail(text: string): boolean {
  const email = text.trim();
  if (email.length > 320 || /[\s\p{Cc}]/u.test(email)) return false;
  const at = email.indexOf('@');
  if (at <= 0) return false;
  const domain = email.slice(at + 1);
  return domain.includes('.') && !domain.startsWith('.') && !domain.endsWith('.');
}

/** The problems of the form's fields, in the form's order (the first is focused). */
export function checkContact(
  settings: SubmissionSettings,
  values: ContactValues,
): [ContactField, ContactProblem][] {
  const problems: [ContactField, ContactProblem][] = [];
  for (const { name: field } of settings.fields) {
    const required = fieldMode(settings, field) === 'required';
    if (field === 'consent') {
      if (required && values.consent !== true) problems.push([field, 'consentRequired']);
      continue;
    }
    const text = (values[field] ?? '').trim();
    if (text === '') {
      if (required) problems.push([field, 'required']);
    } else if (field === 'email') {
      if (!isEmail(text)) problems.push([field, 'badEmail']);
    } else if (field === 'message') {
      if ([...text].length > MESSAGE_CHARS) problems.push([field, 'tooLong']);
    } else if (/[\r\n]/.test(text)) {
      problems.push([field, 'oneLine']);
    } else if ([...text].length > TEXT_CHARS) {
      problems.push([field, 'tooLong']);
    }
  }
  return problems;
}

/** The body's `contact`: the form's fields that are filled in, trimmed. */
export function contactBody(
  settings: SubmissionSettings,
  values: ContactValues,
): Record<string, string | boolean> {
  const body: Record<string, string | boolean> = {};
  for (const { name: field } of settings.fields) {
    if (field === 'consent') body.consent = values.consent === true;
    else if ((values[field] ?? '').trim() !== '') body[field] = (values[field] ?? '').trim();
  }
  return body;
}

const LABELS: Record<string, ContactField> = {
  Name: 'name',
  Email: 'email',
  Phone: 'phone',
  Company: 'company',
  Message: 'message',
  Consent: 'consent',
};

/**
 * The field a server message is about (`Email is required.`, `Name is too long (…)`,
 * `Please enter a valid email address.`), or `null` for the form as a whole.
 */
export function fieldOfServerMessage(message: string): ContactField | null {
  if (message === 'Please enter a valid email address.') return 'email';
  const label = /^(Name|Email|Phone|Company|Message|Consent) /.exec(message)?.[1];
  return label ? LABELS[label] : null;
}
