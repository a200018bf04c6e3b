// English and Russian text. Each feature keeps its own messages beside its code; a
// Russian entry is required for every English one (the type checks it).
/** The languages the app speaks. */
export type Locale = 'en' | 'ru';

export type Messages<K extends string> = { en: Record<K, string>; ru: Record<K, string> };

export function defineMessages<K extends string>(
  en: Record<K, string>,
  ru: Record<K, string>,
): Messages<K> {
  return { en, ru };
}

/** Fills `{name}` placeholders. */
export function interpolate(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function translate<K extends string>(
  messages: Messages<K>,
  locale: Locale,
  key: K,
  params?: Record<string, string | number>,
): string {
  return interpolate(messages[locale][key] ?? messages.en[key], params);
}
