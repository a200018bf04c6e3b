// The country list as a select, on /account and in the checkout dialog: codes stored,
// names in the interface language, a stored value the list does not know kept as its own
// option.
import { useMemo } from 'react';
import { useT } from '../../stores/i18n';
import { useUi } from '../../stores/ui';
import { localizeCountries, type CountriesState } from './countries';
import { accountMessages } from './messages';

export function CountrySelect(props: {
  id: string;
  countries: CountriesState;
  value: string;
  onChange(code: string): void;
}) {
  const t = useT(accountMessages);
  const locale = useUi((s) => s.locale);
  const { countries, id, value } = props;
  const options = useMemo(
    () => (countries.status === 'ready' ? localizeCountries(countries.countries, locale) : []),
    [countries, locale],
  );
  const unknownCountry = value && !options.some((country) => country.code === value) ? value : '';
  return (
    <>
      <label className="field-label" htmlFor={id}>
        {t('country')}
      </label>
      <select
        id={id}
        name="country"
        className="select"
        autoComplete="country"
        disabled={countries.status === 'loading'}
        aria-describedby={countries.status === 'failed' ? `${id}-error` : undefined}
        value={value}
        onChange={(event) => props.onChange(event.target.value)}
      >
        <option value="">{t('noCountry')}</option>
        {unknownCountry && <option value={unknownCountry}>{unknownCountry}</option>}
        {options.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </select>
      {countries.status === 'failed' && (
        <p id={`${id}-error`} className="field-hint error">
          {t('countriesFailed')}
        </p>
      )}
    </>
  );
}
