// The Submissions screen's filters as the list and CSV routes take them
// (`?page=&q=&from=&to=`), and how a submission's values read.
import { withUnits } from '../../components/calculator/units';
import type { InputDef } from '../../lib/types';

export interface ListFilter {
  q: string;
  from: string;
  to: string;
}

export const NO_FILTER: ListFilter = { q: '', from: '', to: '' };

/** The query of the list (with `page`) or of the CSV file (without): empty filters left out. */
export function listQuery(filter: ListFilter, page?: number): string {
  const params = new URLSearchParams();
  if (page !== undefined) params.set('page', String(page));
  if (filter.q.trim()) params.set('q', filter.q.trim());
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * An input's value as the calculator shows it: a choice by its label, a checkbox as yes or
 * no, a number with the input's prefix and suffix; a list or anything else as JSON.
 */
export function inputText(
  input: InputDef | undefined,
  value: unknown,
  words: { yes: string; no: string },
): string {
  if (value === null || value === undefined || value === '') return '—';
  if (input?.type === 'choice') {
    const choice = (input.choices ?? []).find(
      (c) => JSON.stringify(c.value) === JSON.stringify(value),
    );
    if (choice) return choice.label;
  }
  if (input?.type === 'binary' && typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'number') return withUnits(String(value), input?.prefix, input?.suffix);
  if (typeof value === 'string')
    return input?.type === 'number' ? withUnits(value, input.prefix, input.suffix) : value;
  return JSON.stringify(value);
}
