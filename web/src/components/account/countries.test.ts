import { describe, expect, it } from 'vitest';
import { countryCode, localizeCountries, parseCountries } from './countries';

describe('parseCountries', () => {
  it('reads CODE:Name lines, keeping colons and commas in names', () => {
    const text = 'AF:Afghanistan\nBQ:Bonaire, Sint Eustatius and Saba\r\nXX:Odd: name\n';
    expect(parseCountries(text)).toEqual([
      { code: 'AF', name: 'Afghanistan' },
      { code: 'BQ', name: 'Bonaire, Sint Eustatius and Saba' },
      { code: 'XX', name: 'Odd: name' },
    ]);
  });

  it('skips blank, malformed and repeated lines', () => {
    const text = '\n  \nno colon\n:Nameless\nABC:Three letters\nde:Germany\nDE:Again\nFR:\n';
    expect(parseCountries(text)).toEqual([{ code: 'DE', name: 'Germany' }]);
  });
});

describe('localizeCountries', () => {
  const countries = parseCountries('DE:Germany\nAT:Austria\nFI:Finland');

  it('sorts by the name in the interface language', () => {
    expect(localizeCountries(countries, 'en').map((c) => c.name)).toEqual([
      'Austria',
      'Finland',
      'Germany',
    ]);
    expect(localizeCountries(countries, 'ru').map((c) => c.name)).toEqual([
      'Австрия',
      'Германия',
      'Финляндия',
    ]);
  });

  it('keeps the file name for a code the browser does not know', () => {
    const odd = localizeCountries([{ code: 'QQ', name: 'Test Land' }], 'ru');
    expect(odd).toEqual([{ code: 'QQ', name: 'Test Land' }]);
  });
});

describe('countryCode', () => {
  const countries = parseCountries('DE:Germany\nFR:France');

  it('takes a stored code as it is, in any case', () => {
    expect(countryCode('de', countries)).toBe('DE');
  });

  it('turns a stored name into its code', () => {
    expect(countryCode(' france ', countries)).toBe('FR');
  });

  it('keeps an unknown value, and nothing stays nothing', () => {
    expect(countryCode('Atlantis', countries)).toBe('Atlantis');
    expect(countryCode(null, countries)).toBe('');
    expect(countryCode('', [])).toBe('');
  });
});
