// The country list of the settings form: `/txt/countries.txt` holds one `CODE:Name` per
// line (spec §7); names are shown in the interface language when the browser knows them.
import { useEffect, useState } from 'react';
import type { Locale } from '../../stores/ui';

export interface Country {
  /** ISO 3166-1 alpha-2, what the account stores. */
  code: string;
  name: string;
}

/** Parses `CODE:Name` lines; blank or malformed lines are skipped, the first of a code wins. */
export function parseCountries(text: string): Country[] {
  const seen = new Set<string>();
  const countries: Country[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const code = line.slice(0, colon).trim().toUpperCase();
    const name = line.slice(colon + 1).trim();
    if (!/^[A-Z]{2}$/.test(code) || !name || seen.has(code)) continue;
    seen.add(code);
    countries.push({ code, name });
  }
  return countries;
}

/** The countries named in `locale` (falling back to the file's name), sorted by that name. */
export function localizeCountries(countries: readonly Country[], locale: Locale): Country[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
  } catch {
    // No Intl.DisplayNames: the file's English names.
  }
  return countries
    .map((country) => ({ code: country.code, name: names?.of(country.code) || country.name }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

/**
 * The code a stored country value stands for: stored codes as they are, an older stored
 * name by its code; anything else stays as it is (shown as its own option).
 */
export function countryCode(
  stored: string | null | undefined,
  countries: readonly Country[],
): string {
  const value = (stored ?? '').trim();
  if (!value) return '';
  const upper = value.toUpperCase();
  const byCode = countries.find((country) => country.code === upper);
  if (byCode) return byCode.code;
  const lower = value.toLowerCase();
  const byName = countries.find((country) => country.name.toLowerCase() === lower);
  return byName ? byName.code : value;
}

export type CountriesState =
  { status: 'loading' } | { status: 'ready'; countries: Country[] } | { status: 'failed' };

let cache: Promise<Country[]> | null = null;

function loadCountries(): Promise<Country[]> {
  cache ??= fetch('/txt/countries.txt')
    .then((response) => {
      if (!response.ok) throw new Error(`countries.txt: ${response.status}`);
      return response.text();
    })
    .then(parseCountries)
    .catch((error: unknown) => {
      cache = null;
      throw error;
    });
  return cache;
}

/** The country list (fetched once per page). */
export function useCountries(): CountriesState {
  const [state, setState] = useState<CountriesState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    loadCountries().then(
      (countries) => live && setState({ status: 'ready', countries }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
