// What the settings form sends (`POST /api/acc/save` takes only the changed settings) and
// how the page reloads after an account change (spec §4) with a toast to show afterwards.
import type { User } from '../../lib/types';
import { loadPage, reloadPage } from '../../lib/navigation';

export const SETTINGS_FIELDS = [
  'name',
  'email',
  'phone',
  'address',
  'zipcode',
  'city',
  'state',
  'country',
] as const;

export type SettingsField = (typeof SETTINGS_FIELDS)[number];
export type Settings = Record<SettingsField, string>;

/** The text fields of the settings, with their input type and autocomplete. */
export const TEXT_FIELDS: {
  field: Exclude<SettingsField, 'country'>;
  type: string;
  autoComplete: string;
}[] = [
  { field: 'name', type: 'text', autoComplete: 'name' },
  { field: 'email', type: 'email', autoComplete: 'email' },
  { field: 'phone', type: 'tel', autoComplete: 'tel' },
  { field: 'address', type: 'text', autoComplete: 'street-address' },
  { field: 'zipcode', type: 'text', autoComplete: 'postal-code' },
  { field: 'city', type: 'text', autoComplete: 'address-level2' },
  { field: 'state', type: 'text', autoComplete: 'address-level1' },
];

/** The form's starting values: the user's settings, empty strings for missing ones. */
export function settingsOf(user: Partial<Pick<User, SettingsField>>, country: string): Settings {
  const settings = {} as Settings;
  for (const field of SETTINGS_FIELDS) settings[field] = String(user[field] ?? '');
  settings.country = country;
  return settings;
}

/** The fields whose trimmed value differs from the start. */
export function changedSettings(start: Settings, now: Settings): Partial<Settings> {
  const changed: Partial<Settings> = {};
  for (const field of SETTINGS_FIELDS) {
    const value = now[field].trim();
    if (value !== start[field].trim()) changed[field] = value;
  }
  return changed;
}

/** The key `showToastAfterReload` (stores/session.ts) reads after a reload. */
const TOAST_AFTER_RELOAD = 'calcsmith.toast';

function rememberToast(text: string) {
  try {
    sessionStorage.setItem(TOAST_AFTER_RELOAD, text);
  } catch {
    // No session storage: the change still happened, only the toast is lost.
  }
}

/** Reloads the page, which then shows `text` as a toast. */
export function reloadWithToast(text: string) {
  rememberToast(text);
  reloadPage();
}

/** Loads `/` afresh (a full page load), which then shows `text` as a toast. */
export function goHomeWithToast(text: string) {
  rememberToast(text);
  loadPage('/');
}
