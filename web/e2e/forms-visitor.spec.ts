// Forms that follow the visitor (issue 30), the visitor's side: a published three-step
// calculator with a Show-when rule (the co-borrower's income), a Valid-when rule (age 18 or
// over), two presets and a section, completed on /calc by mouse and in /embed on a phone
// by touch and by keyboard; axe in both themes, screenshots, print.
//
// The rules are evaluated by the engine (the same on every face); the page shows what its
// result says. forms-chain.spec.ts completes the calculator an author builds in the editor;
// this one, made through the API, holds what the editor's does not: the outputs on every
// step (the waiting text beside the field at fault), a required input, Markdown in the
// calculator's and a step's description, a two-column section closed and opened (and still
// printed), a preset filling a hidden input, Reset to defaults, print, a shared link opening
// on its step (an old one on the first), and the embed's ?autofocus and ?theme. /calc by
// keyboard alone is the chain's.
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  baseUrl,
  calcDoc,
  newAccount,
  expectAccessible,
  output,
  saveCalculator,
  screenshot,
  signUpViaApi,
  switchTheme,
  type Theme,
} from './helpers';
import { field, progress, retype, TOO_YOUNG, WAITING } from './forms-author-helpers';

const THEMES: Theme[] = ['light', 'dark'];

/** A mortgage check: the loan asked for against 4.5 times the income (with a co-borrower's). */
function mortgageDoc() {
  const base = calcDoc({
    name: 'Mortgage check',
    description: 'How much could you **borrow**? See [the guide](https://example.com/guide).',
    script:
      "'use strict';\n\n" +
      'const income = inputs.income + (inputs.coIncome || 0);\n' +
      "return { loan: 'Loan ' + (inputs.price - inputs.deposit), limit: 'Limit ' + income * 4.5 };\n",
    inputs: [
      {
        id: 1,
        name: 'age',
        type: 'number',
        validWhen: [{ rule: 'inputs.age >= 18', message: TOO_YOUNG }],
      },
      { id: 2, name: 'coBorrower', type: 'binary' },
      { id: 3, name: 'income', type: 'number', section: 'money' },
      {
        id: 4,
        name: 'coIncome',
        type: 'number',
        section: 'money',
        visibleWhen: 'inputs.coBorrower === true',
      },
      { id: 5, name: 'price', type: 'number', required: true },
      { id: 6, name: 'deposit', type: 'number' },
    ],
    outputs: [
      { id: 1, name: 'loan', type: 'value' },
      { id: 2, name: 'limit', type: 'value' },
    ],
    defaults: { '1': 30, '2': false, '3': 40000, '5': 200000, '6': 20000 },
  });
  const doc = {
    ...base,
    sections: [
      {
        id: 'money',
        title: 'Income',
        description: 'Before tax, *per year*.',
        columns: 2,
        collapsed: false,
      },
    ],
    steps: [
      { id: 'you', title: 'About you', description: 'We need your *age*.', inputs: [1] },
      { id: 'money', title: 'Your income', inputs: [2, 3, 4] },
      { id: 'home', title: 'The home', inputs: [5, 6] },
    ],
    stepOutputs: 'every',
    presets: [
      { name: 'First-time buyer', values: { '1': 28, '2': false, '3': 45000, '5': 250000 } },
      {
        name: 'Couple',
        values: { '1': 35, '2': true, '3': 50000, '4': 40000, '5': 400000, '6': 80000 },
      },
    ],
  };
  return doc;
}

let author: APIRequestContext;
let calcId = '';

test.beforeAll(async ({ playwright }) => {
  author = await playwright.request.newContext({ baseURL: baseUrl() });
  await signUpViaApi(author, newAccount('forms'));
  calcId = await saveCalculator(author, mortgageDoc());
});

test.afterAll(async () => {
  await author.dispose();
});

test('a visitor completes the steps on /calc by mouse, with presets, rules and print', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto(`/calc/${calcId}`);
  await expect(progress(page)).toHaveText('Step 1 of 3');
  await expect(page.getByRole('progressbar', { name: 'Step 1 of 3' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'About you' })).toBeVisible();
  await expect(page.locator('.calc-description strong')).toHaveText('borrow');
  await expect(page.getByRole('link', { name: 'the guide' })).toHaveAttribute(
    'rel',
    'noopener noreferrer',
  );
  await expect(output(page, 'loan')).toHaveText('Loan 180000');

  // Valid when: under 18 is refused with the author's message; the outputs wait.
  await field(page, 'age').fill('16');
  await expect(page.getByText(TOO_YOUNG)).toBeVisible();
  await expect(field(page, 'age')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'age')).toHaveAccessibleDescription(TOO_YOUNG);
  await expect(page.getByText(WAITING)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(progress(page)).toHaveText('Step 1 of 3');
  await expect(field(page, 'age')).toBeFocused();

  await field(page, 'age').fill('40');
  await expect(page.getByText(TOO_YOUNG)).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(progress(page)).toHaveText('Step 2 of 3');
  await expect(page.getByRole('heading', { name: 'Your income' })).toBeFocused();

  // The section, and Show when: the co-borrower's income only with a co-borrower.
  await expect(page.getByRole('heading', { name: 'Income', exact: true })).toBeVisible();
  await expect(page.locator('.calc-group-description em')).toHaveText('per year');
  await expect(field(page, 'coIncome')).toHaveCount(0);
  const coBorrower = page.getByRole('checkbox', { name: /coBorrower/ });
  await coBorrower.check();
  await field(page, 'coIncome').fill('30000');
  await expect(output(page, 'limit')).toHaveText('Limit 315000');
  await coBorrower.uncheck();
  await expect(field(page, 'coIncome')).toHaveCount(0);
  await expect(output(page, 'limit')).toHaveText('Limit 180000');
  await coBorrower.check();
  await expect(field(page, 'coIncome')).toHaveValue('30000'); // kept while hidden
  // The section closes and opens by its heading; closed, it is still printed.
  const summary = page.locator('summary', { hasText: 'Income' });
  await summary.click();
  await expect(field(page, 'income')).toBeHidden();
  await summary.click();
  await expect(field(page, 'income')).toBeVisible();
  await summary.click();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(progress(page)).toHaveText('Step 3 of 3');
  await expect(page.getByRole('heading', { name: 'The home' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
  await field(page, 'price').fill('300000');
  await expect(output(page, 'loan')).toHaveText('Loan 280000');

  // Presets fill the inputs, Reset to defaults puts the defaults back.
  const presets = page.getByRole('group', { name: 'Presets' });
  await presets.getByRole('button', { name: 'Couple' }).click();
  await expect(field(page, 'price')).toHaveValue('400000');
  await expect(output(page, 'loan')).toHaveText('Loan 320000');
  await expect(output(page, 'limit')).toHaveText('Limit 405000');
  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  await expect(output(page, 'loan')).toHaveText('Loan 180000');
  await expect(output(page, 'limit')).toHaveText('Limit 180000');

  for (const theme of THEMES) {
    await switchTheme(page, theme);
    await expectAccessible(page, `forms on /calc (${theme})`);
    await screenshot(page, 'forms-visitor-calc-1280');
  }

  // On paper: every step's inputs and the outputs, no navigation.
  await page.emulateMedia({ media: 'print' });
  for (const title of ['About you', 'Your income', 'The home']) {
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  }
  await expect(output(page, 'loan')).toBeVisible();
  await expect(field(page, 'income')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back' })).toBeHidden();
  await expect(progress(page)).toBeHidden();
});

test('a shared link opens on its step, with its values', async ({ page }) => {
  const hash = encodeURIComponent(JSON.stringify({ '5': 300000, step: 'home' }));
  await page.goto(`/calc/${calcId}#${hash}`);
  await expect(progress(page)).toHaveText('Step 3 of 3');
  await expect(page.getByRole('heading', { name: 'The home' })).toBeVisible();
  await expect(field(page, 'price')).toHaveValue('300000');
  await expect(output(page, 'loan')).toHaveText('Loan 280000');
  // An old link (values only) opens on the first step.
  await page.goto(`/calc/${calcId}#${encodeURIComponent('{"5":300000}')}`);
  await page.reload();
  await expect(progress(page)).toHaveText('Step 1 of 3');
});

test('in an embed on a phone, by touch and by keyboard, in both themes', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 360, height: 740 });
  for (const theme of THEMES) {
    await page.goto(`/embed/${calcId}?theme=${theme}`);
    await expect(progress(page)).toHaveText('Step 1 of 3');
    await page
      .getByRole('group', { name: 'Presets' })
      .getByRole('button', { name: 'Couple' })
      .click();
    await expect(field(page, 'age')).toHaveValue('35');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(field(page, 'coIncome')).toHaveValue('40000');
    // One column on a narrow screen: the two incomes one above the other.
    const income = await field(page, 'income').boundingBox();
    const coIncome = await field(page, 'coIncome').boundingBox();
    expect(coIncome!.y).toBeGreaterThan(income!.y + income!.height);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(progress(page)).toHaveText('Step 3 of 3');
    await expect(output(page, 'loan')).toHaveText('Loan 320000');
    await expectAccessible(page, `forms in an embed at 360 px (${theme})`);
    await screenshot(page, 'forms-visitor-embed-360');
  }

  // Keyboard alone, from the embed's autofocus on the first field.
  await page.goto(`/embed/${calcId}?autofocus=1`);
  await expect(field(page, 'age')).toBeFocused();
  await retype(page, '12');
  await page.keyboard.press('Enter');
  await expect(field(page, 'age')).toHaveAccessibleDescription(TOO_YOUNG);
  await retype(page, '50');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Your income' })).toBeFocused();
  for (let count = 0; count < 3; count++) await page.keyboard.press('Tab');
  await expect(field(page, 'income')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'The home' })).toBeFocused();
  await expect(output(page, 'limit')).toHaveText('Limit 180000');
});
