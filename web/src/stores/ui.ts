// Interface state: language, theme, the side navigation and toasts.
import { create } from 'zustand';
import type { Locale } from '../lib/i18n';

export type { Locale };
export type Theme = 'light' | 'dark';

/**
 * What a toast offers: a button ("Undo") that runs `run`, or a link ("Upgrade") to the
 * app's `href`. Either closes the toast.
 */
export type ToastAction = { label: string; run(): void } | { label: string; href: string };

export interface Toast {
  id: number;
  text: string;
  action?: ToastAction;
}

/** How long a toast shows (spec §9). */
export const TOAST_MS = 3000;

/** How long a toast with a button shows: long enough to reach the button. */
export const ACTION_TOAST_MS = 8000;

const LOCALE_KEY = 'calcsmith.locale';
const THEME_KEY = 'calcsmith.theme';

function stored<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
  try {
    const value = localStorage.getItem(key);
    return allowed.includes(value as T) ? (value as T) : fallback;
  } catch {
    return fallback;
  }
}

function remember(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

interface UiState {
  locale: Locale;
  theme: Theme;
  navOpen: boolean;
  toasts: Toast[];
  setLocale(locale: Locale): void;
  setTheme(theme: Theme): void;
  setNavOpen(open: boolean): void;
  toast(text: string, action?: ToastAction): void;
  dismissToast(id: number): void;
}

let toastId = 0;

export const useUi = create<UiState>((set, get) => ({
  locale: stored(LOCALE_KEY, ['en', 'ru'], 'en'),
  theme: stored(
    THEME_KEY,
    ['light', 'dark'],
    typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches
      ? 'dark'
      : 'light',
  ),
  navOpen: false,
  toasts: [],
  setLocale(locale) {
    remember(LOCALE_KEY, locale);
    set({ locale });
  },
  setTheme(theme) {
    remember(THEME_KEY, theme);
    set({ theme });
  },
  setNavOpen(navOpen) {
    set({ navOpen });
  },
  toast(text, action) {
    const id = ++toastId;
    set({ toasts: [...get().toasts, { id, text, action }] });
    setTimeout(() => get().dismissToast(id), action ? ACTION_TOAST_MS : TOAST_MS);
  },
  dismissToast(id) {
    set({ toasts: get().toasts.filter((t) => t.id !== id) });
  },
}));

/** Shows a toast from outside React. */
export const toast = (text: string, action?: ToastAction) => useUi.getState().toast(text, action);
