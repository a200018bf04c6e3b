// The engine answers in English on every face (API, CLI, browser), worded exactly as the
// spec words its messages; the web app shows its fixed messages in the interface's
// language. Each is recognized by its English template, so a message the engine words
// otherwise stays English (engine-messages.wasm.test.ts runs the real engine to catch
// that). The author's JavaScript errors keep V8's English text, as a browser shows them;
// only their "(line N)" marker (engine/src/errors/script.rs) is translated.
import { interpolate } from '../i18n';
import type { Locale } from './protocol';

/** English template (as in engine/src) → Russian; `{name}` stands for any text. */
const RUSSIAN: Record<string, string> = {
  // engine/src/run/limits.rs
  'Calculation did not finish after 5 seconds. Is there an infinite loop?':
    'Расчёт не завершился за 5 секунд. Нет ли в скрипте бесконечного цикла?',
  'Calculation used more than 256 MB of memory. Is there a loop that never ends?':
    'Расчёт занял больше 256 МБ памяти. Нет ли в скрипте цикла, который никогда не заканчивается?',
  'Calculation stopped unexpectedly.': 'Расчёт неожиданно прервался.',
  // engine/src/run/validate.rs (spec §5)
  'Multiple inputs have name "{name}".': 'Несколько входных данных с именем «{name}».',
  'Multiple outputs have name "{name}".': 'Несколько результатов с именем «{name}».',
  'Outputs and table rows must be objects.': 'Результаты и строки таблиц должны быть объектами.',
  'The outputs object or a table row object has unrecognized key "{key}".':
    'В объекте результатов или строки таблицы есть неизвестный ключ «{key}».',
  'Invalid value for "{name}". Values must be numbers, strings, booleans, nulls, or undefined.':
    'Недопустимое значение «{name}». Значения должны быть числами, строками, логическими значениями, null или undefined.',
  'Output "{name}" must be an array, null, or undefined.':
    'Результат «{name}» должен быть массивом, null или undefined.',
  // engine/src/run/eval.rs
  'The {library} library is not loaded.': 'Библиотека {library} не загружена.',
  // engine/src/run/test_cases.rs and worker.rs
  'Not run: a calculator runs at most {max} tests.':
    'Не запущен: калькулятор выполняет не больше {max} тестов.',
  'Not run: an earlier test stopped the calculation.':
    'Не запущен: предыдущий тест остановил расчёт.',
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each template as a pattern whose named groups are its placeholders. */
const PATTERNS = Object.entries(RUSSIAN).map(([english, russian]) => ({
  pattern: new RegExp(
    `^${english
      .split(/(\{\w+\})/)
      .map((part, i) => (i % 2 ? `(?<${part.slice(1, -1)}>.*)` : escapeRegExp(part)))
      .join('')}$`,
    's',
  ),
  russian,
}));

const LINE_MARKER = / \(line (\d+)\)$/;

/** The end of a text the engine shortened (engine/src/display/test_report.rs): "… (1,234 characters)". */
const SHORTENED = /… \((\d{1,3}(?:,\d{3})*) characters\)$/;

/** A table's row count in a test's difference (engine/src/run/test_cases.rs). */
const ROW_COUNT = /^(\d+) rows?$/;

type PluralForms = Record<Intl.LDMLPluralRule, string>;
const CHARACTERS: PluralForms = {
  zero: 'символов',
  one: 'символ',
  two: 'символа',
  few: 'символа',
  many: 'символов',
  other: 'символа',
};
const ROWS: PluralForms = {
  zero: 'строк',
  one: 'строка',
  two: 'строки',
  few: 'строки',
  many: 'строк',
  other: 'строки',
};

/** "5 строк": a count with the Russian word's form for it. */
function russianCount(count: number, forms: PluralForms): string {
  return `${count.toLocaleString('ru')} ${forms[new Intl.PluralRules('ru').select(count)]}`;
}

/**
 * `message`, an engine error, as the interface shows it in `locale`; also the end of a
 * shortened text (a long error, a long value of a test's difference).
 */
export function localizeEngineMessage(message: string, locale: Locale): string {
  if (locale === 'en') return message;
  const shortened = SHORTENED.exec(message);
  if (shortened) {
    const count = Number(shortened[1].replaceAll(',', ''));
    return `${message.slice(0, shortened.index)}… (${russianCount(count, CHARACTERS)})`;
  }
  const marker = LINE_MARKER.exec(message);
  const body = marker ? message.slice(0, marker.index) : message;
  let shown = body;
  for (const { pattern, russian } of PATTERNS) {
    const match = pattern.exec(body);
    if (match) {
      shown = interpolate(russian, match.groups);
      break;
    }
  }
  return marker ? `${shown} (строка ${marker[1]})` : shown;
}

/** A table's row count in a test's difference ("3 rows") as the interface shows it. */
export function localizeRowCount(text: string, locale: Locale): string {
  const rows = locale === 'en' ? null : ROW_COUNT.exec(text);
  return rows ? russianCount(Number(rows[1]), ROWS) : text;
}
