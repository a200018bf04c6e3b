import { defineMessages } from '../../lib/i18n';
import type { Locale } from '../../stores/ui';
import type { Problem } from './input-rules';

export const calcMessages = defineMessages(
  {
    inputs: 'Inputs',
    outputs: 'Outputs',
    yes: 'Yes',
    chooseOne: 'Choose…',
    specificDate: 'Specific date',
    relativeDate: 'Relative to today',
    days: 'days',
    months: 'months',
    years: 'years',
    addItem: 'Add item',
    removeItem: 'Remove item {n}',
    item: 'Item {n}',
    noItems: 'No items.',
    calculating: 'Calculating…',
    recalculating: 'Recalculating…',
    lateLoading:
      'This is taking longer than usual: still loading {what}. The outputs will appear as soon as it is ready.',
    lateEngine: 'the calculation engine',
    lateCalculating: 'This is taking longer than usual: still calculating.',
    lateBuilding:
      'The Intl module is still being built on this server. This calculator will answer when it is ready.',
    unavailable:
      'The calculator could not load its calculation engine or libraries. Check your connection and try again.',
    retry: 'Try again',
    serverBusy: 'The server is busy calculating right now. Please try again in a few seconds.',
    notANumber: 'Not a number: the calculation treats this input as empty.',
    noInputs: 'This calculator has no inputs.',
    noOutputs: 'This calculator has no outputs.',
    delta: 'Amount',
    units: 'Units',
    day: 'Day',
    month: 'Month',
    year: 'Year',
    date: 'Date',
    required: 'required',
    requiredNote: '* Required',
    problemRequired: 'Enter a value: this input is required.',
    problemMin: 'Must be at least {min}.',
    problemMax: 'Must be at most {max}.',
    problemStep: 'Must go in steps of {step}: the nearest allowed values are {lower} and {upper}.',
    problemInItem: 'Item {n}: {problem}',
    notCalculated: 'Not calculated: put right the marked inputs.',
    notCalculatedValue: 'Not calculated',
    tableActions: 'Table “{name}”',
    downloadCsv: 'Download CSV',
    copyTable: 'Copy',
    tableCopied: 'Copied',
    tableCopyRefused: 'Could not copy: the browser refused access to the clipboard.',
    chartLine: 'Line chart',
    chartBar: 'Bar chart',
    chartArea: 'Area chart',
    chartPie: 'Pie chart',
    chartDoughnut: 'Doughnut chart',
    chartOf: '{type} of {series} by {x}.',
    chartAxes: 'Horizontal axis: {x}. Vertical axis: {y}.',
    chartTable: 'The table “{name}” has the same data.',
    fixHighlighted: 'Fix the highlighted fields to see the results.',
    next: 'Next',
    back: 'Back',
    stepOf: 'Step {n} of {count}',
    goToStep: 'Go to step {n}',
    presets: 'Presets',
    resetToDefaults: 'Reset to defaults',
  },
  {
    inputs: 'Входные данные',
    outputs: 'Результаты',
    yes: 'Да',
    chooseOne: 'Выберите…',
    specificDate: 'Конкретная дата',
    relativeDate: 'Относительно сегодня',
    days: 'дней',
    months: 'месяцев',
    years: 'лет',
    addItem: 'Добавить элемент',
    removeItem: 'Удалить элемент {n}',
    item: 'Элемент {n}',
    noItems: 'Нет элементов.',
    calculating: 'Вычисление…',
    recalculating: 'Пересчёт…',
    lateLoading:
      'Это занимает больше времени, чем обычно: продолжается загрузка {what}. Результаты появятся, как только всё будет готово.',
    lateEngine: 'движка расчётов',
    lateCalculating: 'Это занимает больше времени, чем обычно: расчёт ещё идёт.',
    lateBuilding:
      'Модуль Intl на этом сервере ещё собирается. Калькулятор ответит, когда он будет готов.',
    unavailable:
      'Калькулятор не смог загрузить движок расчётов или библиотеки. Проверьте подключение к интернету и попробуйте ещё раз.',
    retry: 'Попробовать ещё раз',
    serverBusy:
      'Сервер сейчас занят расчётами. Пожалуйста, попробуйте ещё раз через несколько секунд.',
    notANumber: 'Это не число: при расчёте поле считается пустым.',
    noInputs: 'У этого калькулятора нет входных данных.',
    noOutputs: 'У этого калькулятора нет результатов.',
    delta: 'Количество',
    units: 'Единицы',
    day: 'День',
    month: 'Месяц',
    year: 'Год',
    date: 'Дата',
    required: 'обязательно',
    requiredNote: '* Обязательное поле',
    problemRequired: 'Введите значение: это обязательное поле.',
    problemMin: 'Значение должно быть не меньше {min}.',
    problemMax: 'Значение должно быть не больше {max}.',
    problemStep: 'Допустим шаг {step}: ближайшие допустимые значения — {lower} и {upper}.',
    problemInItem: 'Элемент {n}: {problem}',
    notCalculated: 'Не рассчитано: исправьте отмеченные поля.',
    notCalculatedValue: 'Не рассчитано',
    tableActions: 'Таблица «{name}»',
    downloadCsv: 'Скачать CSV',
    copyTable: 'Копировать',
    tableCopied: 'Скопировано',
    tableCopyRefused: 'Не удалось скопировать: браузер не дал доступа к буферу обмена.',
    chartLine: 'Линейный график',
    chartBar: 'Столбчатая диаграмма',
    chartArea: 'Диаграмма с областями',
    chartPie: 'Круговая диаграмма',
    chartDoughnut: 'Кольцевая диаграмма',
    chartOf: '{type}: {series} по {x}.',
    chartAxes: 'Горизонтальная ось: {x}. Вертикальная ось: {y}.',
    chartTable: 'Те же данные — в таблице «{name}».',
    fixHighlighted: 'Исправьте выделенные поля, чтобы увидеть результаты.',
    next: 'Далее',
    back: 'Назад',
    stepOf: 'Шаг {n} из {count}',
    goToStep: 'Перейти к шагу {n}',
    presets: 'Готовые наборы',
    resetToDefaults: 'Сбросить к значениям по умолчанию',
  },
);

/** What a broken rule (input-rules.ts) says to the visitor, numbers in their language. */
export function problemText(
  t: (key: keyof (typeof calcMessages)['en'], params?: Record<string, string | number>) => string,
  problem: Problem & { item?: number },
  locale: Locale,
): string {
  const number = (n: number) => n.toLocaleString(locale, { maximumFractionDigits: 20 });
  const text =
    problem.kind === 'required'
      ? t('problemRequired')
      : problem.kind === 'min'
        ? t('problemMin', { min: number(problem.min) })
        : problem.kind === 'max'
          ? t('problemMax', { max: number(problem.max) })
          : t('problemStep', {
              step: number(problem.step),
              lower: number(problem.lower),
              upper: number(problem.upper),
            });
  return problem.item ? t('problemInItem', { n: problem.item, problem: text }) : text;
}
