// The engine's fixed messages in Russian, its JS errors in V8's English with the line
// marker translated, and English shown exactly as the engine words it.
import { describe, expect, it } from 'vitest';
import { FIXED_MESSAGES } from '../../testing/engine-messages';
import { localizeEngineMessage, localizeRowCount } from './engine-messages';

describe('localizeEngineMessage', () => {
  it.each(FIXED_MESSAGES)('gives "%s" in Russian', (english, russian) => {
    expect(localizeEngineMessage(english, 'ru')).toBe(russian);
  });

  it('keeps a JS error in English and translates its line marker', () => {
    expect(
      localizeEngineMessage(
        "TypeError: Cannot read properties of null (reading 'toFixed') (line 2)",
        'ru',
      ),
    ).toBe("TypeError: Cannot read properties of null (reading 'toFixed') (строка 2)");
    expect(localizeEngineMessage('SyntaxError: Unexpected end of input (line 14)', 'ru')).toBe(
      'SyntaxError: Unexpected end of input (строка 14)',
    );
    expect(localizeEngineMessage('RangeError: Maximum call stack size exceeded', 'ru')).toBe(
      'RangeError: Maximum call stack size exceeded',
    );
  });

  it('translates the line marker only at the end, after a fixed message too', () => {
    expect(localizeEngineMessage('Error: see (line 3) here', 'ru')).toBe(
      'Error: see (line 3) here',
    );
    expect(localizeEngineMessage('Calculation stopped unexpectedly. (line 7)', 'ru')).toBe(
      'Расчёт неожиданно прервался. (строка 7)',
    );
  });

  it('takes a name with quotes, spaces or a line break as it is', () => {
    expect(localizeEngineMessage('Multiple outputs have name "a "b"\nc".', 'ru')).toBe(
      'Несколько результатов с именем «a "b"\nc».',
    );
  });

  it('leaves a thrown value that only starts like a fixed message as it is', () => {
    expect(localizeEngineMessage('Calculation stopped unexpectedly. Or not.', 'ru')).toBe(
      'Calculation stopped unexpectedly. Or not.',
    );
  });

  it('shows every message in English exactly as the engine words it', () => {
    const english = [
      ...FIXED_MESSAGES.map(([message]) => message),
      "TypeError: Cannot read properties of null (reading 'toFixed') (line 2)",
      'Calculation stopped unexpectedly. (line 7)',
    ];
    for (const message of english) expect(localizeEngineMessage(message, 'en')).toBe(message);
  });

  it('gives the length of a shortened text in Russian words', () => {
    expect(localizeEngineMessage('Error: yyyy… (5,007 characters)', 'ru')).toBe(
      'Error: yyyy… (5\u00a0007 символов)',
    );
    expect(localizeEngineMessage('"жжж… (302 characters)', 'ru')).toBe('"жжж… (302 символа)');
    expect(localizeEngineMessage('"ab… (1,048,581 characters)', 'ru')).toBe(
      '"ab… (1\u00a0048\u00a0581 символ)',
    );
    expect(localizeEngineMessage('Error: yyyy… (5,007 characters)', 'en')).toBe(
      'Error: yyyy… (5,007 characters)',
    );
  });
});

describe('localizeRowCount', () => {
  it.each([
    ['1 row', '1 строка'],
    ['3 rows', '3 строки'],
    ['5 rows', '5 строк'],
    ['21 rows', '21 строка'],
    ['0 rows', '0 строк'],
  ])('gives "%s" as "%s"', (english, russian) => {
    expect(localizeRowCount(english, 'ru')).toBe(russian);
    expect(localizeRowCount(english, 'en')).toBe(english);
  });
});
