// The theme and language a published calculator is shown in: the embed's `?theme=` and
// `?lang=` first, then the author's pin in `doc_style` (`theme`, `lang`: a value or
// `auto`), else the visitor's own choice.
import { useEffect, useState } from 'react';
import type { DocStyle } from '../../lib/types';
import { useUi, type Locale, type Theme } from '../../stores/ui';

const THEMES: readonly Theme[] = ['light', 'dark'];
const LOCALES: readonly Locale[] = ['en', 'ru'];

const pick = <T extends string>(allowed: readonly T[], ...wishes: unknown[]): T | undefined =>
  wishes.find((wish): wish is T => allowed.includes(wish as T)) as T | undefined;

/** The pinned theme and language, if any (`auto` and unknown values pin nothing). */
export function pinnedLook(
  style: DocStyle | undefined,
  search: URLSearchParams | null,
): { theme?: Theme; locale?: Locale } {
  return {
    theme: pick(THEMES, search?.get('theme'), style?.theme),
    locale: pick(LOCALES, search?.get('lang'), style?.lang),
  };
}

/**
 * Shows the page in `theme` and `locale` while mounted, without storing them as the
 * visitor's choice; the visitor's own choice comes back afterwards.
 */
export function useApplyLook(look: { theme?: Theme; locale?: Locale }): void {
  const { theme, locale } = look;
  useEffect(() => {
    if (!theme && !locale) return;
    const before = useUi.getState();
    const saved = { theme: before.theme, locale: before.locale };
    useUi.setState({ theme: theme ?? saved.theme, locale: locale ?? saved.locale });
    return () => {
      // Only undo what is still ours: the visitor may have chosen meanwhile.
      const now = useUi.getState();
      useUi.setState({
        theme: theme && now.theme === theme ? saved.theme : now.theme,
        locale: locale && now.locale === locale ? saved.locale : now.locale,
      });
    };
  }, [theme, locale]);
}

const DARK = '(prefers-color-scheme: dark)';

const systemTheme = (): Theme =>
  typeof matchMedia === 'function' && matchMedia(DARK).matches ? 'dark' : 'light';

/**
 * The theme of the visitor's system, kept up to date. An embed without a pinned theme
 * follows it (not a choice once stored on the Calcsmith site): it is a part of the host
 * page, which the visitor sees in their system's theme.
 */
export function useSystemTheme(): Theme {
  const [theme, setTheme] = useState(systemTheme);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const query = matchMedia(DARK);
    const update = () => setTheme(query.matches ? 'dark' : 'light');
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return theme;
}
