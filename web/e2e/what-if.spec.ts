// The What if… panel (issue 33) on a real loan calculator, against the real engine in the
// worker: an author in the editor's calc mode and a visitor on /calc and /embed use goal
// seek, the sensitivity table and scenarios, by mouse and by keyboard; axe in both themes.
// The goal seek's answer is checked against an independent solver (bisection, below).
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  baseUrl,
  calcDoc,
  expectAccessible,
  output,
  saveCalculator,
  screenshot,
  signUpViaApi,
  switchTheme,
  waitUntilKeptOffline,
} from './helpers';

// A monthly annuity: rate in % a year, a 12 × years row schedule (360 rows for 30 years).
const LOAN_SCRIPT = `'use strict';

if (!(inputs.years > 0)) throw new Error('The term must be more than 0 years.');
const r = inputs.rate / 100 / 12;
const n = Math.round(inputs.years * 12);
const payment = r === 0 ? inputs.amount / n : (inputs.amount * r) / (1 - Math.pow(1 + r, -n));
const schedule = [];
let balance = inputs.amount;
for (let month = 1; month <= n; month++) {
  const interest = balance * r;
  balance -= payment - interest;
  schedule.push({ Month: month, Interest: interest, Principal: payment - interest, Balance: Math.max(0, balance) });
}
return { payment, total: payment * n, schedule };
`;

/** The loan calculator; `explore` absent when null (a doc from before the setting). */
const loanDoc = (explore: boolean | null = true) => ({
  ...calcDoc({
    name: 'Loan',
    description: 'Monthly payment of a fixed-rate loan.',
    script: LOAN_SCRIPT,
    inputs: [
      { id: 1, name: 'amount', type: 'number' },
      { id: 2, name: 'years', type: 'number' },
      { id: 3, name: 'rate', type: 'number', suffix: '%' },
    ],
    outputs: [
      { id: 1, name: 'payment', type: 'value', decimalPlaces: 2 },
      { id: 2, name: 'total', type: 'value', decimalPlaces: 2 },
      {
        id: 3,
        name: 'schedule',
        type: 'table',
        metaOutputs: [
          { id: 1, name: 'Month', type: 'value' },
          { id: 2, name: 'Interest', type: 'value', decimalPlaces: 2 },
          { id: 3, name: 'Principal', type: 'value', decimalPlaces: 2 },
          { id: 4, name: 'Balance', type: 'value', decimalPlaces: 2 },
        ],
      },
    ],
    defaults: { '1': 300000, '2': 30, '3': 6 },
  }),
  ...(explore === null ? {} : { explore }),
});

/** The payment of the annuity, computed here (Node), not by the engine. */
const annuity = (amount: number, years: number, rate: number) => {
  const r = rate / 100 / 12;
  return (amount * r) / (1 - Math.pow(1 + r, -years * 12));
};

/** The rate (in %) that gives `payment`, by bisection on [0.001, 100] — an independent solver. */
function rateFor(payment: number, amount: number, years: number): number {
  let low = 0.001;
  let high = 100;
  for (let i = 0; i < 200; i++) {
    const mid = (low + high) / 2;
    if (annuity(amount, years, mid) < payment) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

const EXPECTED_RATE = rateFor(2000, 300000, 30);

// Each test is a whole session with the panel (several tables, axe twice).
test.describe.configure({ timeout: 120_000 });
const FOUND = /^rate = ([\d.]+) gives payment = 2,000\.00\.$/;

const panelOf = (page: Page) => page.locator('.what-if-panel');

/** The goal seek's answer in the status line, checked against the independent solver. */
async function foundRate(panel: Locator): Promise<number> {
  const status = panel.locator('.what-if-result');
  await expect(status).toHaveText(FOUND, { timeout: 20_000 });
  const rate = Number(FOUND.exec((await status.textContent()) ?? '')![1]);
  // The answer shows 10 significant digits; the engine's tolerance is far below that.
  expect(Math.abs(rate - EXPECTED_RATE)).toBeLessThan(1e-6);
  return rate;
}

test('the loan is right before anything: 6 %, 30 years, $300,000 cost 1,798.65 a month', () => {
  expect(annuity(300000, 30, 6).toFixed(2)).toBe('1798.65');
  expect(EXPECTED_RATE).toBeGreaterThan(6);
  expect(EXPECTED_RATE).toBeLessThan(8);
});

test('an author uses goal seek, a two-input table and scenarios in calc mode, by mouse', async ({
  page,
}) => {
  await signUpViaApi(page.request);
  const id = await saveCalculator(page.request, loanDoc());
  await page.goto(`/source/${id}`);
  await page.getByRole('button', { name: 'Calc mode' }).click();
  await expect(output(page, 'payment')).toHaveText('1,798.65');
  // Out of the way until opened.
  const toggle = page.getByRole('button', { name: 'What if…' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('tablist', { name: 'What-if tools' })).toHaveCount(0);
  await toggle.click();
  const panel = panelOf(page);

  // Sensitivity table: rate down the rows (a list), years across (a range).
  await panel.getByRole('tab', { name: 'Sensitivity table' }).click();
  await panel.getByLabel('Output').selectOption('payment');
  const rows = panel.getByRole('group', { name: 'Input down the rows' });
  await rows.getByLabel('Input to change').selectOption('rate');
  await rows.getByRole('radio', { name: 'List of values' }).check();
  await rows.getByLabel(/^Values/).fill('5 6 7');
  await panel.getByRole('checkbox', { name: 'Vary a second input' }).check();
  const columns = panel.getByRole('group', { name: 'Input across the columns' });
  await columns.getByLabel('Input to change').selectOption('years');
  await columns.getByLabel('From', { exact: true }).fill('15');
  await columns.getByLabel('To', { exact: true }).fill('30');
  await columns.getByLabel('Steps (2–50)').fill('2');
  await panel.getByRole('button', { name: 'Make table' }).click();
  await expect(panel.getByRole('status')).toHaveText('Table ready: 3 × 2.', { timeout: 30_000 });
  const table = panel.getByRole('table', { name: 'payment by rate (rows) and years (columns)' });
  await expect(table.getByRole('row')).toHaveText([
    'rate \\ years1530',
    `5${annuity(300000, 15, 5).toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}${annuity(300000, 30, 5).toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
    '62,531.571,798.65 (current values)',
    `7${annuity(300000, 15, 7).toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}${annuity(300000, 30, 7).toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
  ]);
  await expect(table.locator('td.sweep-base')).toHaveText('1,798.65 (current values)');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Loan-payment.csv');
  const csv = readFileSync(await download.path(), 'utf8');
  const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe('rate \\ years,15,30');
  // Rounded as the page shows it, by the engine (the output has 2 decimal places).
  expect(lines[2]).toBe('6,2531.57,1798.65');
  for (const theme of ['light', 'dark'] as const) {
    await switchTheme(page, theme);
    await expectAccessible(page, `editor, sensitivity table (${theme})`, '.what-if');
    await screenshot(page, 'what-if-editor-table');
  }
  await switchTheme(page, 'light');

  // Goal seek: the rate for a 2,000 payment, applied, and pinned as a test.
  await panel.getByRole('tab', { name: 'Goal seek' }).click();
  await panel.getByLabel('Output').selectOption('payment');
  await panel.getByLabel('Target value').fill('2000');
  await panel.getByLabel('Input to change').selectOption('rate');
  await panel.getByRole('button', { name: 'Find value' }).click();
  const rate = await foundRate(panel);
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(output(page, 'payment')).toHaveText('2,000.00');
  // The input holds the value found, not its rounded text.
  const applied = Number(await page.getByLabel('rate', { exact: true }).inputValue());
  expect(Math.abs(applied - rate)).toBeLessThan(1e-9);
  await panel.getByRole('button', { name: 'Save as test' }).click();
  await expect(
    page.getByText('Test “payment = 2,000 by rate” added to the calculator’s tests.'),
  ).toBeVisible();
  await page
    .getByRole('group', { name: 'Editor tools' })
    .getByRole('button', { name: /^Tests( |$)/ })
    .click();
  const tests = page.getByRole('region', { name: 'Tests', exact: true });
  await expect(tests.getByRole('status')).toHaveText('1 passed, 0 failed', { timeout: 20_000 });
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByText('All changes saved')).toBeVisible();
  const saved = await (await page.request.get(`/api/source/${id}`)).json();
  expect(saved.doc.tests[0].seek).toMatchObject({ output: 'payment', target: 2000, input: 'rate' });
  expect(Math.abs(saved.doc.tests[0].seek.value - EXPECTED_RATE)).toBeLessThan(1e-6);
  expect(saved.tests).toMatchObject({ passed: 1, failed: 0 });

  // Scenarios: the 2,000 payment beside the 6 % one.
  await panel.getByRole('tab', { name: 'Scenarios' }).click();
  await panel.getByLabel('Scenario name').fill('Payment 2,000');
  await panel.getByRole('button', { name: 'Save current inputs' }).click();
  await page.getByLabel('rate', { exact: true }).fill('6');
  await expect(output(page, 'payment')).toHaveText('1,798.65');
  await panel.getByLabel('Scenario name').fill('Six percent');
  await panel.getByRole('button', { name: 'Save current inputs' }).click();
  const sheet = panel.getByRole('table', { name: 'Scenarios side by side' });
  await expect(sheet.getByRole('row', { name: /^payment/ })).toHaveText(
    'payment2,000.001,798.65 (differs from Payment 2,000)',
  );
  await expect(sheet.getByRole('row', { name: /^amount/ })).toHaveText('amount300,000300,000');
  await expectAccessible(page, 'editor, scenarios', '.what-if');
});

test('a visitor on /calc uses all three tools by keyboard, cancels a 50 × 50 table, and shares scenarios', async ({
  page,
  context,
  playwright,
}) => {
  const author = await playwright.request.newContext({ baseURL: baseUrl() });
  await signUpViaApi(author);
  const id = await saveCalculator(author, loanDoc());
  await author.dispose();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  await page.goto(`/calc/${id}`);
  await expect(output(page, 'payment')).toHaveText('1,798.65');

  const toggle = page.getByRole('button', { name: 'What if…' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const panel = panelOf(page);
  // Into the tools: the selected tab is the one Tab stop of the tab list.
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('tab', { name: 'Goal seek' })).toBeFocused();

  // Goal seek by keyboard: output (payment), target, input (rate), Enter.
  await page.keyboard.press('Tab');
  await expect(panel.getByLabel('Output')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type('2000');
  await page.keyboard.press('Tab');
  await expect(panel.getByLabel('Input to change')).toBeFocused();
  // amount, years, rate: the third.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(panel.getByLabel('Input to change')).toHaveValue('rate');
  await page.keyboard.press('Tab');
  await expect(panel.getByLabel('Lowest value (optional)')).toBeFocused();
  await page.keyboard.press('Enter');
  await foundRate(panel);
  const apply = panel.getByRole('button', { name: 'Apply' });
  for (let i = 0; i < 6 && !(await apply.evaluate((b) => b === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(apply).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(output(page, 'payment')).toHaveText('2,000.00');
  // Visitors have no "Save as test".
  await expect(panel.getByRole('button', { name: 'Save as test' })).toHaveCount(0);

  // A 50 × 50 table of the 360-row schedule, cancelled by keyboard: focus is on Cancel.
  await panel.getByRole('tab', { name: 'Goal seek' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(panel.getByRole('tab', { name: 'Sensitivity table' })).toBeFocused();
  const rows = panel.getByRole('group', { name: 'Input down the rows' });
  await rows.getByLabel('Input to change').selectOption('rate');
  await rows.getByLabel('From', { exact: true }).fill('3');
  await rows.getByLabel('To', { exact: true }).fill('9');
  await rows.getByLabel('Steps (2–50)').fill('50');
  await panel.getByRole('checkbox', { name: 'Vary a second input' }).focus();
  await page.keyboard.press('Space');
  const columns = panel.getByRole('group', { name: 'Input across the columns' });
  await columns.getByLabel('Input to change').selectOption('years');
  await columns.getByLabel('From', { exact: true }).fill('10');
  await columns.getByLabel('To', { exact: true }).fill('30');
  await columns.getByLabel('Steps (2–50)').fill('50');
  await columns.getByLabel('Steps (2–50)').press('Enter');
  const cancel = panel.getByRole('button', { name: 'Cancel' });
  await expect(cancel).toBeFocused();
  await expect(panel.getByRole('status')).toHaveText(/Row [1-9]\d* of 50$/, { timeout: 30_000 });
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('status')).toHaveText(/^Table cancelled after \d+ of 50 rows\.$/);
  await expect(panel.getByRole('button', { name: 'Make table' })).toBeFocused();
  const done = Number(
    /after (\d+) of/.exec((await panel.getByRole('status').textContent()) ?? '')![1],
  );
  expect(done).toBeLessThan(50);

  // An errored cell says why on keyboard focus: a term of 0 years.
  await columns.getByRole('radio', { name: 'List of values' }).check();
  await columns.getByLabel(/^Values/).fill('0 30');
  await rows.getByLabel('Steps (2–50)').fill('2');
  await rows.getByLabel('Steps (2–50)').press('Enter');
  await expect(panel.getByRole('status')).toHaveText('Table ready: 2 × 2.', { timeout: 30_000 });
  const errored = panel.locator('td.sweep-error').first();
  await expect(errored.locator('.sweep-tip')).toBeHidden();
  await errored.focus();
  await expect(errored.locator('.sweep-tip')).toBeVisible();
  await expect(errored).toHaveAccessibleDescription(/The term must be more than 0 years\./);
  await panel.getByRole('button', { name: 'Copy' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.split('\n')[0]).toBe('rate \\ years\t0\t30');
  expect(copied.split('\n')[1]).toMatch(/^3\t[^\t]*The term must be more than 0 years\.[^\t]*\t\d/);

  // Scenarios by keyboard, kept on the device, shared as a link.
  await panel.getByRole('tab', { name: 'Sensitivity table' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Tab');
  await expect(panel.getByLabel('Scenario name')).toBeFocused();
  await page.keyboard.type('Payment 2,000');
  await page.keyboard.press('Enter');
  await page.getByLabel('years', { exact: true }).fill('15');
  await expect(output(page, 'payment')).not.toHaveText('2,000.00');
  await panel.getByLabel('Scenario name').fill('15 years');
  await panel.getByLabel('Scenario name').press('Enter');
  const sheet = panel.getByRole('table', { name: 'Scenarios side by side' });
  await expect(sheet.getByRole('row', { name: /^years/ })).toHaveText(
    'years3015 (differs from Payment 2,000)',
  );
  for (const theme of ['light', 'dark'] as const) {
    await switchTheme(page, theme);
    await expectAccessible(page, `published calculator, scenarios (${theme})`);
    await screenshot(page, 'what-if-calc-scenarios');
  }
  await page.reload();
  await page.getByRole('button', { name: 'What if…' }).click();
  await panelOf(page).getByRole('tab', { name: 'Scenarios' }).click();
  await expect(panelOf(page).getByRole('columnheader', { name: /^15 years/ })).toBeVisible();
  await panelOf(page).getByRole('button', { name: 'Copy link' }).click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`^${baseUrl()}/calc/${id}#scenarios=`));

  // Printing: only the comparison is on paper.
  await page.evaluate(() => {
    window.print = () => {};
  });
  await panelOf(page).getByRole('button', { name: 'Print' }).click();
  await page.evaluate(() => document.documentElement.classList.add('printing-scenarios'));
  await page.emulateMedia({ media: 'print' });
  await expect(panelOf(page).getByRole('table', { name: 'Scenarios side by side' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'What if…' })).toBeHidden();
  await screenshot(page, 'what-if-scenarios-print');
  await page.emulateMedia({ media: 'screen' });

  // Another visitor opens the link: the scenarios are shown, not yet kept.
  const other = await context.browser()!.newContext();
  const visitor = await other.newPage();
  await visitor.goto(link);
  await expect(visitor.getByText('These scenarios came with the link.')).toBeVisible();
  const shared = panelOf(visitor).getByRole('table', { name: 'Scenarios side by side' });
  await expect(shared.getByRole('row', { name: /^years/ })).toHaveText(
    'years3015 (differs from Payment 2,000)',
  );
  await other.close();
});

test('the What if… panel works offline on a calculator opened once', async ({
  page,
  context,
  playwright,
}) => {
  const author = await playwright.request.newContext({ baseURL: baseUrl() });
  await signUpViaApi(author);
  const id = await saveCalculator(author, loanDoc());
  await author.dispose();
  await page.goto(`/calc/${id}`);
  await expect(output(page, 'payment')).toHaveText('1,798.65');
  await waitUntilKeptOffline(page, id);

  await context.setOffline(true);
  await page.reload();
  await expect(
    page.getByText('You are offline. This is the copy saved on this device.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'What if…' }).click();
  const panel = panelOf(page);
  await panel.getByLabel('Target value').fill('2000');
  await panel.getByLabel('Input to change').selectOption('rate');
  await panel.getByRole('button', { name: 'Find value' }).click();
  await foundRate(panel);
});

test.describe('on /embed', () => {
  test.use({ colorScheme: 'dark' });

  test('a visitor uses goal seek in an embed, in the dark and light themes', async ({
    page,
    playwright,
  }) => {
    const author = await playwright.request.newContext({ baseURL: baseUrl() });
    await signUpViaApi(author);
    const id = await saveCalculator(author, loanDoc());
    await author.dispose();
    await page.goto(`/embed/${id}`);
    await expect(output(page, 'payment')).toHaveText('1,798.65');
    await page.getByRole('button', { name: 'What if…' }).click();
    const panel = panelOf(page);
    await panel.getByLabel('Target value').fill('2000');
    await panel.getByLabel('Input to change').selectOption('rate');
    await panel.getByRole('button', { name: 'Find value' }).click();
    await foundRate(panel);
    await expectAccessible(page, 'embed, goal seek (dark)');
    await screenshot(page, 'what-if-embed');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expectAccessible(page, 'embed, goal seek (light)');
    await screenshot(page, 'what-if-embed');
  });

  test('a calculator whose author did not let visitors explore has no panel', async ({
    page,
    playwright,
  }) => {
    const author = await playwright.request.newContext({ baseURL: baseUrl() });
    await signUpViaApi(author);
    const absent = await saveCalculator(author, loanDoc(null));
    const off = await saveCalculator(author, loanDoc(false));
    await author.dispose();
    for (const path of [`/embed/${absent}`, `/calc/${absent}`, `/embed/${off}`]) {
      await page.goto(path);
      await expect(output(page, 'payment')).toHaveText('1,798.65');
      await expect(page.getByRole('button', { name: 'What if…' })).toHaveCount(0);
    }
  });
});
