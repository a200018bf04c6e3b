// The engine's fixed messages, worded as engine/src words them, with the Russian
// interface's text: shared by the translator's unit test and the test that makes the
// real engine say each of them (so a reworded message cannot silently stay English).

/** Each fixed engine message (as engine/src words it) and the Russian interface's text. */
export const FIXED_MESSAGES: [english: string, russian: string][] = [
  [
    'Calculation did not finish after 5 seconds. Is there an infinite loop?',
    'Расчёт не завершился за 5 секунд. Нет ли в скрипте бесконечного цикла?',
  ],
  [
    'Calculation used more than 256 MB of memory. Is there a loop that never ends?',
    'Расчёт занял больше 256 МБ памяти. Нет ли в скрипте цикла, который никогда не заканчивается?',
  ],
  ['Calculation stopped unexpectedly.', 'Расчёт неожиданно прервался.'],
  ['Multiple inputs have name "rate".', 'Несколько входных данных с именем «rate».'],
  ['Multiple outputs have name "total".', 'Несколько результатов с именем «total».'],
  ['Outputs and table rows must be objects.', 'Результаты и строки таблиц должны быть объектами.'],
  [
    'The outputs object or a table row object has unrecognized key "totl".',
    'В объекте результатов или строки таблицы есть неизвестный ключ «totl».',
  ],
  [
    'Invalid value for "x". Values must be numbers, strings, booleans, nulls, or undefined.',
    'Недопустимое значение «x». Значения должны быть числами, строками, логическими значениями, null или undefined.',
  ],
  [
    'Output "schedule" must be an array, null, or undefined.',
    'Результат «schedule» должен быть массивом, null или undefined.',
  ],
  ['The mathjs library is not loaded.', 'Библиотека mathjs не загружена.'],
  [
    'Not run: a calculator runs at most 100 tests.',
    'Не запущен: калькулятор выполняет не больше 100 тестов.',
  ],
  [
    'Not run: an earlier test stopped the calculation.',
    'Не запущен: предыдущий тест остановил расчёт.',
  ],
];
