// The text hook: lib/i18n's catalogs in the language the interface store holds (a hook
// lives here, not in lib/, because it reads a store).
import { useCallback } from 'react';
import { translate, type Messages } from '../lib/i18n';
import { useUi } from './ui';

/** `t(key, params)` in the current language. */
export function useT<K extends string>(messages: Messages<K>) {
  const locale = useUi((s) => s.locale);
  return useCallback(
    (key: K, params?: Record<string, string | number>) => translate(messages, locale, key, params),
    [messages, locale],
  );
}
