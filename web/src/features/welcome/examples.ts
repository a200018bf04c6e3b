// The example calculators of the welcome page: complete docs, in the visitor's language,
// that show what a calculator can do (sliders, dropdowns, dates, repeating items, tables,
// currency and percent outputs). Scripts refer to inputs and outputs by their display
// names, so each language gets its own doc; `examples.test.ts` runs every one in the engine.
import { DEFAULT_SCRIPT } from '../../lib/doc';
import type { CalcDoc, InputDef, OutputDef } from '../../lib/types';
import type { Locale } from '../../stores/ui';

export type ExampleKey = 'loan' | 'bmi' | 'age' | 'tip';

export interface Example {
  key: ExampleKey;
  /** The doc in `locale`: names, labels and texts in that language. */
  doc(locale: Locale): CalcDoc;
}

/** A quoted JavaScript string: how the scripts below name inputs and outputs. */
const q = (text: string) => JSON.stringify(text);

function calcDoc(fields: {
  name: string;
  description: string;
  script: string;
  metaInputs: InputDef[];
  metaOutputs: OutputDef[];
  defaults: Record<string, unknown>;
}): CalcDoc {
  return {
    name: fields.name,
    description: fields.description,
    script: fields.script || DEFAULT_SCRIPT,
    libraries: { lodash: false, moment: false, mathjs: false },
    tabSize: 2,
    defaults: fields.defaults,
    metaInputs: fields.metaInputs,
    metaOutputs: fields.metaOutputs,
    inputs_label: '',
    outputs_label: '',
  };
}

// ---------------------------------------------------------------- loan payment

const loanText = {
  en: {
    name: 'Loan payment',
    description:
      'The monthly payment of a fixed-rate loan or mortgage, what it costs in interest, and how the first year of payments splits between interest and principal.',
    amount: 'Loan amount',
    rate: 'Interest rate, % per year',
    years: 'Term in years',
    payment: 'Monthly payment',
    interest: 'Total interest',
    total: 'Total paid',
    share: 'Interest share of total',
    schedule: 'First 12 months',
    month: 'Month',
    principal: 'Principal',
    interestColumn: 'Interest',
    balance: 'Balance',
    currency: '$',
  },
  ru: {
    name: 'Платёж по кредиту',
    description:
      'Ежемесячный платёж по кредиту или ипотеке с фиксированной ставкой, переплата по процентам и то, как платежи первого года делятся между процентами и основным долгом.',
    amount: 'Сумма кредита',
    rate: 'Ставка, % годовых',
    years: 'Срок, лет',
    payment: 'Ежемесячный платёж',
    interest: 'Переплата по процентам',
    total: 'Всего выплат',
    share: 'Доля процентов в выплатах',
    schedule: 'Первые 12 месяцев',
    month: 'Месяц',
    principal: 'Основной долг',
    interestColumn: 'Проценты',
    balance: 'Остаток',
    currency: '',
  },
};

const loan: Example = {
  key: 'loan',
  doc(locale) {
    const n = loanText[locale];
    const money = { decimalPlaces: 2, currencySign: n.currency };
    const script = `'use strict';

// The monthly payment of an annuity loan: the same payment every month.
var amount = inputs[${q(n.amount)}] || 0;
var monthlyRate = (inputs[${q(n.rate)}] || 0) / 100 / 12;
var months = Math.round((inputs[${q(n.years)}] || 0) * 12);
if (amount <= 0 || months <= 0) return {};

var payment = monthlyRate === 0
  ? amount / months
  : amount * monthlyRate / (1 - Math.pow(1 + monthlyRate, -months));

var rows = [];
var balance = amount;
for (var month = 1; month <= Math.min(12, months); month++) {
  var interest = balance * monthlyRate;
  var principal = payment - interest;
  balance = Math.max(0, balance - principal);
  rows.push({
    ${q(n.month)}: month,
    ${q(n.principal)}: principal,
    ${q(n.interestColumn)}: interest,
    ${q(n.balance)}: balance
  });
}

var total = payment * months;
return {
  ${q(n.payment)}: payment,
  ${q(n.interest)}: total - amount,
  ${q(n.total)}: total,
  ${q(n.share)}: (total - amount) / total,
  ${q(n.schedule)}: rows
};
`;
    return calcDoc({
      name: n.name,
      description: n.description,
      script,
      metaInputs: [
        { id: 1, name: n.amount, type: 'number' },
        { id: 2, name: n.rate, type: 'number' },
        {
          id: 3,
          name: n.years,
          type: 'number',
          presentationType: 'slider',
          sliderMin: 1,
          sliderMax: 40,
        },
      ],
      metaOutputs: [
        { id: 1, name: n.payment, type: 'value', ...money },
        { id: 2, name: n.interest, type: 'value', ...money },
        { id: 3, name: n.total, type: 'value', ...money },
        { id: 4, name: n.share, type: 'value', percent: true, decimalPlaces: 1 },
        {
          id: 5,
          name: n.schedule,
          type: 'table',
          metaOutputs: [
            { id: 1, name: n.month, type: 'value', decimalPlaces: 0 },
            { id: 2, name: n.principal, type: 'value', ...money },
            { id: 3, name: n.interestColumn, type: 'value', ...money },
            { id: 4, name: n.balance, type: 'value', ...money },
          ],
        },
      ],
      defaults: { '1': 250000, '2': 5.5, '3': 25 },
    });
  },
};

// ---------------------------------------------------------------- body mass index

const bmiText = {
  en: {
    name: 'Body mass index',
    description:
      'Body mass index (BMI) from weight and height, in metric or imperial units, with the weight range that counts as healthy for that height.',
    units: 'Units',
    metric: 'Metric (kg, cm)',
    imperial: 'Imperial (lb, in)',
    weight: 'Weight',
    height: 'Height',
    bmi: 'BMI',
    category: 'Category',
    range: 'Healthy weight range',
    under: 'Underweight',
    normal: 'Normal weight',
    over: 'Overweight',
    obese: 'Obesity',
    kg: 'kg',
    lb: 'lb',
    decimal: '.',
  },
  ru: {
    name: 'Индекс массы тела',
    description:
      'Индекс массы тела (ИМТ) по весу и росту в метрических или британских единицах и диапазон веса, который считается здоровым при таком росте.',
    units: 'Единицы',
    metric: 'Метрические (кг, см)',
    imperial: 'Британские (фунты, дюймы)',
    weight: 'Вес',
    height: 'Рост',
    bmi: 'ИМТ',
    category: 'Категория',
    range: 'Диапазон здорового веса',
    under: 'Недостаточный вес',
    normal: 'Нормальный вес',
    over: 'Избыточный вес',
    obese: 'Ожирение',
    kg: 'кг',
    lb: 'фунтов',
    decimal: ',',
  },
};

const bmi: Example = {
  key: 'bmi',
  doc(locale) {
    const n = bmiText[locale];
    const script = `'use strict';

var KG_PER_LB = 0.45359237;
var CM_PER_IN = 2.54;
var metric = inputs[${q(n.units)}] !== 'imperial';
var weight = inputs[${q(n.weight)}];
var height = inputs[${q(n.height)}];
if (!(weight > 0) || !(height > 0)) return {};

var kg = metric ? weight : weight * KG_PER_LB;
var meters = (metric ? height : height * CM_PER_IN) / 100;
var bmi = kg / (meters * meters);

var category =
  bmi < 18.5 ? ${q(n.under)} :
  bmi < 25 ? ${q(n.normal)} :
  bmi < 30 ? ${q(n.over)} :
  ${q(n.obese)};

// The healthy range is a BMI of 18.5 to 24.9, shown in the units chosen.
function weightFor(index) {
  var value = index * meters * meters;
  return (metric ? value : value / KG_PER_LB).toFixed(1).replace('.', ${q(n.decimal)});
}
var unit = metric ? ${q(n.kg)} : ${q(n.lb)};

return {
  ${q(n.bmi)}: bmi,
  ${q(n.category)}: category,
  ${q(n.range)}: weightFor(18.5) + ' – ' + weightFor(24.9) + ' ' + unit
};
`;
    return calcDoc({
      name: n.name,
      description: n.description,
      script,
      metaInputs: [
        {
          id: 1,
          name: n.units,
          type: 'choice',
          presentationType: 'dropdown',
          choices: [
            { id: 1, label: n.metric, value: 'metric' },
            { id: 2, label: n.imperial, value: 'imperial' },
          ],
        },
        { id: 2, name: n.weight, type: 'number' },
        { id: 3, name: n.height, type: 'number' },
      ],
      metaOutputs: [
        { id: 1, name: n.bmi, type: 'value', decimalPlaces: 1 },
        { id: 2, name: n.category, type: 'value' },
        { id: 3, name: n.range, type: 'value' },
      ],
      defaults: { '1': 'metric', '2': 70, '3': 175 },
    });
  },
};

// ---------------------------------------------------------------- age and date difference

const ageText = {
  en: {
    name: 'Age and date difference',
    description:
      'How old someone is on any day — in years, months and days — plus the total days and when the next birthday comes.',
    birth: 'Date of birth',
    on: 'On date',
    age: 'Age',
    days: 'Days lived',
    next: 'Next birthday',
    until: 'Days until next birthday',
    weekday: 'Born on a',
    before: 'The date is before the date of birth.',
    years: ['year', 'years'],
    months: ['month', 'months'],
    daysWord: ['day', 'days'],
    weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  },
  ru: {
    name: 'Возраст и разница дат',
    description:
      'Сколько человеку лет на любой день — в годах, месяцах и днях, — сколько всего прожито дней и когда следующий день рождения.',
    birth: 'Дата рождения',
    on: 'На дату',
    age: 'Возраст',
    days: 'Прожито дней',
    next: 'Следующий день рождения',
    until: 'Дней до дня рождения',
    weekday: 'День недели рождения',
    before: 'Дата раньше даты рождения.',
    years: ['год', 'года', 'лет'],
    months: ['месяц', 'месяца', 'месяцев'],
    daysWord: ['день', 'дня', 'дней'],
    weekdays: ['воскресенье', 'понедельник', 'вторник', 'среда', 'четверг', 'пятница', 'суббота'],
  },
};

const age: Example = {
  key: 'age',
  doc(locale) {
    const n = ageText[locale];
    const script = `'use strict';

// Dates arrive as Date objects at 00:00 UTC, so the UTC getters give the calendar date.
var birth = inputs[${q(n.birth)}];
var on = inputs[${q(n.on)}];
if (!birth || !on) return {};
if (on < birth) return { ${q(n.age)}: ${q(n.before)} };

// "1 year", "2 years" (English); "1 год", "2 года", "5 лет" (Russian).
function count(n, forms) {
  if (forms.length === 2) return n + ' ' + forms[n === 1 ? 0 : 1];
  var tens = n % 100, ones = n % 10;
  var form = tens > 10 && tens < 20 ? 2 : ones === 1 ? 0 : ones >= 2 && ones <= 4 ? 1 : 2;
  return n + ' ' + forms[form];
}

var years = on.getUTCFullYear() - birth.getUTCFullYear();
var months = on.getUTCMonth() - birth.getUTCMonth();
var days = on.getUTCDate() - birth.getUTCDate();
if (days < 0) {
  months -= 1;
  // Borrow the length of the month before "on".
  days += new Date(Date.UTC(on.getUTCFullYear(), on.getUTCMonth(), 0)).getUTCDate();
}
if (months < 0) {
  years -= 1;
  months += 12;
}

var DAY_MS = 24 * 60 * 60 * 1000;
var next = new Date(Date.UTC(on.getUTCFullYear(), birth.getUTCMonth(), birth.getUTCDate()));
if (next < on) {
  next = new Date(Date.UTC(on.getUTCFullYear() + 1, birth.getUTCMonth(), birth.getUTCDate()));
}
var weekdays = ${JSON.stringify(n.weekdays)};

return {
  ${q(n.age)}: [
    count(years, ${JSON.stringify(n.years)}),
    count(months, ${JSON.stringify(n.months)}),
    count(days, ${JSON.stringify(n.daysWord)})
  ].join(', '),
  ${q(n.days)}: Math.round((on - birth) / DAY_MS),
  ${q(n.next)}: next,
  ${q(n.until)}: Math.round((next - on) / DAY_MS),
  ${q(n.weekday)}: weekdays[birth.getUTCDay()]
};
`;
    return calcDoc({
      name: n.name,
      description: n.description,
      script,
      metaInputs: [
        { id: 1, name: n.birth, type: 'date' },
        { id: 2, name: n.on, type: 'date' },
      ],
      metaOutputs: [
        { id: 1, name: n.age, type: 'value' },
        { id: 2, name: n.days, type: 'value', decimalPlaces: 0 },
        { id: 3, name: n.next, type: 'value' },
        { id: 4, name: n.until, type: 'value', decimalPlaces: 0 },
        { id: 5, name: n.weekday, type: 'value' },
      ],
      defaults: {
        '1': { type: 'absolute', params: { day: 17, month: 4, year: 1990 } },
        '2': { type: 'relative', params: { delta: 0, units: 'days' } },
      },
    });
  },
};

// ---------------------------------------------------------------- bill and tip splitter

const tipText = {
  en: {
    name: 'Split the bill',
    description:
      'Add what everyone ordered, choose a tip and split the bill. Turn on rounding to see an output that appears only when it is needed.',
    items: 'Items',
    item: 'Item',
    price: 'Price',
    tip: 'Tip',
    people: 'People',
    roundUp: 'Round each share up',
    subtotal: 'Subtotal',
    tipAmount: 'Tip amount',
    total: 'Total',
    each: 'Each person pays',
    collected: 'Collected after rounding',
    breakdown: 'Breakdown',
    share: 'Share of subtotal',
    unnamed: 'Item',
    pizza: 'Pizza',
    salad: 'Salad',
    drinks: 'Drinks',
    currency: '$',
  },
  ru: {
    name: 'Разделить счёт',
    description:
      'Добавьте, кто что заказал, выберите чаевые и разделите счёт. Включите округление — появится результат, который виден только когда нужен.',
    items: 'Позиции',
    item: 'Позиция',
    price: 'Цена',
    tip: 'Чаевые',
    people: 'Человек',
    roundUp: 'Округлять долю вверх',
    subtotal: 'Сумма заказа',
    tipAmount: 'Сумма чаевых',
    total: 'Итого',
    each: 'С каждого',
    collected: 'Собрано после округления',
    breakdown: 'Подробно',
    share: 'Доля в заказе',
    unnamed: 'Позиция',
    pizza: 'Пицца',
    salad: 'Салат',
    drinks: 'Напитки',
    currency: '',
  },
};

const tip: Example = {
  key: 'tip',
  doc(locale) {
    const n = tipText[locale];
    const money = { decimalPlaces: 2, currencySign: n.currency };
    const script = `'use strict';

var items = inputs[${q(n.items)}];
var people = Math.max(1, Math.round(inputs[${q(n.people)}] || 1));
var tipRate = inputs[${q(n.tip)}] || 0;

var subtotal = items.reduce(function (sum, item) {
  return sum + (item[${q(n.price)}] || 0);
}, 0);
var tip = subtotal * tipRate;
var total = subtotal + tip;
var each = total / people;
var rounded = inputs[${q(n.roundUp)}];
if (rounded) each = Math.ceil(each);

return {
  ${q(n.subtotal)}: subtotal,
  ${q(n.tipAmount)}: tip,
  ${q(n.total)}: total,
  ${q(n.each)}: each,
  // Left out unless rounding is on: an output without a value is hidden.
  ${q(n.collected)}: rounded ? each * people : undefined,
  ${q(n.breakdown)}: items.map(function (item, index) {
    var price = item[${q(n.price)}] || 0;
    return {
      ${q(n.item)}: item[${q(n.item)}] || ${q(n.unnamed)} + ' ' + (index + 1),
      ${q(n.price)}: price,
      ${q(n.share)}: subtotal > 0 ? price / subtotal : 0
    };
  })
};
`;
    return calcDoc({
      name: n.name,
      description: n.description,
      script,
      metaInputs: [
        {
          id: 1,
          name: n.items,
          type: 'list',
          metaInputs: [
            { id: 1, name: n.item, type: 'string' },
            { id: 2, name: n.price, type: 'number' },
          ],
          itemPrototype: {},
        },
        {
          id: 2,
          name: n.tip,
          type: 'choice',
          presentationType: 'radio',
          choices: [
            { id: 1, label: '0%', value: 0 },
            { id: 2, label: '10%', value: 0.1 },
            { id: 3, label: '15%', value: 0.15 },
            { id: 4, label: '20%', value: 0.2 },
          ],
        },
        { id: 3, name: n.people, type: 'number' },
        { id: 4, name: n.roundUp, type: 'binary', presentationType: 'checkbox' },
      ],
      metaOutputs: [
        { id: 1, name: n.subtotal, type: 'value', ...money },
        { id: 2, name: n.tipAmount, type: 'value', ...money },
        { id: 3, name: n.total, type: 'value', ...money },
        { id: 4, name: n.each, type: 'value', ...money },
        { id: 5, name: n.collected, type: 'value', ...money },
        {
          id: 6,
          name: n.breakdown,
          type: 'table',
          metaOutputs: [
            { id: 1, name: n.item, type: 'value' },
            { id: 2, name: n.price, type: 'value', ...money },
            { id: 3, name: n.share, type: 'value', percent: true, decimalPlaces: 1 },
          ],
        },
      ],
      defaults: {
        '1': [
          { '1': n.pizza, '2': 24 },
          { '1': n.salad, '2': 9.5 },
          { '1': n.drinks, '2': 12 },
        ],
        '2': 0.15,
        '3': 3,
        '4': false,
      },
    });
  },
};

/** The examples in the order the welcome page shows them. */
export const EXAMPLES: readonly Example[] = [loan, bmi, age, tip];

export function exampleByKey(key: string): Example | undefined {
  return EXAMPLES.find((example) => example.key === key);
}
