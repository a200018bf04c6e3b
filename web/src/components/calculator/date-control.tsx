// The date input's control (spec §3): a specific date, or one relative to the day the
// calculation runs, as the engine reads a date input.
import { useId } from 'react';
import { defaultValue } from '../../lib/doc';
import { useT } from '../../stores/i18n';
import { calcMessages } from './messages';

interface DateValue {
  type: 'absolute' | 'relative';
  params: { day?: number; month?: number; year?: number; delta?: number; units?: string };
}

const asDate = (value: unknown): DateValue =>
  value && typeof value === 'object' && 'type' in value && 'params' in value
    ? (value as DateValue)
    : (defaultValue('date') as DateValue);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function DateControl({
  value,
  onChange,
  controlId,
}: {
  value: unknown;
  onChange(value: unknown): void;
  /** Id of the element the label points at. */
  controlId: string;
}) {
  const t = useT(calcMessages);
  const date = asDate(value);
  const name = useId();
  const { day, month, year } = date.params;
  const iso =
    day !== undefined && month !== undefined && year !== undefined
      ? `${pad(year, 4)}-${pad(month + 1)}-${pad(day)}`
      : '';
  return (
    <div className="date-control" role="group" aria-labelledby={`${controlId}-label`}>
      <div className="segmented">
        <label>
          <input
            type="radio"
            name={name}
            checked={date.type === 'absolute'}
            onChange={() => {
              const now = new Date();
              onChange({
                type: 'absolute',
                params: { day: now.getDate(), month: now.getMonth(), year: now.getFullYear() },
              });
            }}
          />
          {t('specificDate')}
        </label>
        <label>
          <input
            type="radio"
            name={name}
            checked={date.type === 'relative'}
            onChange={() => onChange(defaultValue('date'))}
          />
          {t('relativeDate')}
        </label>
      </div>
      {date.type === 'absolute' ? (
        <input
          id={controlId}
          className="field"
          type="date"
          aria-label={t('date')}
          value={iso}
          onChange={(event) => {
            const [y, m, d] = event.target.value.split('-').map(Number);
            onChange({
              type: 'absolute',
              params: event.target.value ? { day: d, month: m - 1, year: y } : {},
            });
          }}
        />
      ) : (
        <div className="inline-fields">
          <input
            id={controlId}
            className="field narrow"
            type="number"
            step="1"
            aria-label={t('delta')}
            value={date.params.delta ?? 0}
            onChange={(event) =>
              onChange({
                type: 'relative',
                params: { ...date.params, delta: Math.trunc(Number(event.target.value) || 0) },
              })
            }
          />
          <select
            className="select"
            aria-label={t('units')}
            value={date.params.units ?? 'days'}
            onChange={(event) =>
              onChange({ type: 'relative', params: { ...date.params, units: event.target.value } })
            }
          >
            <option value="days">{t('days')}</option>
            <option value="months">{t('months')}</option>
            <option value="years">{t('years')}</option>
          </select>
        </div>
      )}
    </div>
  );
}
