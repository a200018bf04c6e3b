// Which table cells stay whole (cell-kind.ts): by the raw value when there is one, else
// by the engine's text — the editor's previews have only the text.
import { describe, expect, it } from 'vitest';
import { cellKind } from './cell-kind';

describe('cellKind', () => {
  it('takes the raw value first: numbers and dates are whole, text is text', () => {
    expect(cellKind(3333.3333, '3,333.33')).toBe('number');
    expect(cellKind(1200, '1\u00a0200\u00a0₽')).toBe('number');
    expect(cellKind(true, 'Yes')).toBe('number');
    expect(cellKind('2026-11-25T00:00:00.000Z', 'Nov 25, 2026')).toBe('date');
    expect(cellKind('interest and fees', 'interest and fees')).toBe('text');
  });

  it('reads the display text when there is no raw value (the editor previews)', () => {
    for (const text of [
      '3,333.33',
      '10',
      '-$1,250.50',
      '1\u00a0234,57',
      '29\u00a0%',
      'USD\u00a01,234.5',
      '75.5\u00a0kg',
      '≈ 5',
      '1e-7',
      '∞',
    ]) {
      expect(cellKind(undefined, text), text).toBe('number');
    }
    for (const text of ['Nov 25, 2026', '25 нояб. 2026 г.', '9 мая 2024 г.', '2026-01-31']) {
      expect(cellKind(undefined, text), text).toBe('date');
    }
    for (const text of ['interest', 'Payment 1 of 12', 'See https://example.com/a', '']) {
      expect(cellKind(undefined, text), text).toBe('text');
    }
  });

  it('reads a number written as text by the script as a number', () => {
    expect(cellKind('$1,234.00', '$1,234.00')).toBe('number');
  });
});
