// Units, help, required inputs and min/max/step on a published calculator (issue 12): typed
// and link values are held to the same rules, a slider clamps, an input error stops the
// calculation; the share dialog's link can carry the current values; an unpinned embed
// follows the visitor's system theme. Screenshots go to
// test-results/screenshots/input-rules-*.png.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  baseUrl,
  calcDoc,
  expectAccessible,
  newAccount,
  output,
  saveCalculator,
  screenshot,
  signUpViaApi,
} from './helpers';

let author: APIRequestContext;
let delivery: string;

test.beforeAll(async ({ playwright }) => {
  author = await playwright.request.newContext({ baseURL: baseUrl() });
  await signUpViaApi(author, newAccount('units'));
  delivery = await saveCalculator(
    author,
    calcDoc({
      name: 'Delivery',
      script:
        "'use strict';\n\nreturn { price: inputs.weight * 16 * (1 + inputs.tip / 100), weight: inputs.weight };\n",
      inputs: [
        {
          id: 1,
          name: 'weight',
          type: 'number',
          suffix: 'kg',
          placeholder: 'e.g. 75',
          help: 'Without packaging.',
          required: true,
          min: 1,
          max: 2000,
          step: 0.5,
        },
        {
          id: 2,
          name: 'tip',
          type: 'number',
          presentationType: 'slider',
          sliderMin: 0,
          sliderMax: 50,
          sliderStep: 5,
          suffix: '%',
        },
      ],
      outputs: [
        { id: 1, name: 'price', type: 'value', suffix: '₽' },
        { id: 2, name: 'weight', type: 'value', prefix: '≈', suffix: 'kg' },
      ],
      defaults: { '1': 75, '2': 0 },
    }),
  );
});

test.afterAll(async () => {
  await author.dispose();
});

const weight = (page: Page) => page.getByRole('spinbutton', { name: /^weight/ });
const tip = (page: Page) => page.getByRole('slider', { name: 'tip' });
const weightError = (page: Page) =>
  page.locator('.field-row', { has: weight(page) }).getByRole('alert');

test('units, help and the required mark show, and the outputs carry their units', async ({
  page,
}) => {
  await page.goto(`/calc/${delivery}`);
  await expect(output(page, 'price')).toHaveText('1,200 ₽');
  await expect(output(page, 'weight')).toHaveText('≈75 kg');
  await expect(weight(page)).toHaveAccessibleName('weight (required)');
  await expect(weight(page)).toHaveAccessibleDescription('kg Without packaging.');
  await expect(page.getByText('* Required')).toBeVisible();
  await expect(tip(page)).toHaveAttribute('aria-valuetext', '0%');
  await weight(page).fill('');
  await expect(weight(page)).toHaveAttribute('placeholder', 'e.g. 75');
  await weight(page).fill('100');
  await expect(output(page, 'price')).toHaveText('1,600 ₽');
  await expectAccessible(page, 'published with units');
  await screenshot(page, 'input-rules-units');
});

test('a typed value that breaks a rule is an input error and nothing is calculated', async ({
  page,
}) => {
  await page.goto(`/calc/${delivery}`);
  await expect(output(page, 'price')).toHaveText('1,200 ₽');
  const cases: [string, string][] = [
    ['5000', 'Must be at most 2,000.'],
    ['0.5', 'Must be at least 1.'],
    ['1.25', 'Must go in steps of 0.5: the nearest allowed values are 1 and 1.5.'],
    ['', 'Enter a value: this input is required.'],
  ];
  for (const [typed, message] of cases) {
    await weight(page).fill(typed);
    await expect(weightError(page)).toHaveText(message);
    await expect(weight(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Not calculated: put right the marked inputs.')).toBeVisible();
    await expect(output(page, 'price')).toHaveText('Not calculated');
    if (typed === '5000') {
      await expectAccessible(page, 'published with an input error');
      await screenshot(page, 'input-rules-error');
    }
  }
  await weight(page).fill('1.5');
  await expect(weightError(page)).toHaveCount(0);
  await expect(output(page, 'price')).toHaveText('24 ₽');
});

test('link values are held to the same rules; a slider clamps to its range and step', async ({
  page,
}) => {
  await page.goto(`/calc/${delivery}#${encodeURIComponent('{"1":5000,"2":500}')}`);
  await expect(weight(page)).toHaveValue('5000');
  await expect(weightError(page)).toHaveText('Must be at most 2,000.');
  await expect(tip(page)).toHaveValue('50');
  await expect(page.locator('.slider output')).toHaveText('50%');
  await expect(output(page, 'price')).toHaveText('Not calculated');
  await screenshot(page, 'input-rules-hash-refused');

  await page.goto(`/calc/${delivery}?again#${encodeURIComponent('{"1":100,"2":12}')}`);
  await expect(tip(page)).toHaveValue('10');
  await expect(output(page, 'price')).toHaveText('1,760 ₽');

  await page.goto(`/calc/${delivery}?empty#${encodeURIComponent('{"1":null}')}`);
  await expect(weightError(page)).toHaveText('Enter a value: this input is required.');
  await expect(output(page, 'price')).toHaveText('Not calculated');
});

test('the share dialog can link to the values entered now', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/calc/${delivery}`);
  await weight(page).fill('250');
  await tip(page).fill('20');
  await expect(output(page, 'price')).toHaveText('4,800 ₽');
  await page.getByRole('button', { name: 'Link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this calculator' });
  const link = dialog.getByLabel('Link to this calculator');
  await expect(link).toHaveValue(new RegExp(`/calc/${delivery}\\?s=[0-9A-Za-z]{5}$`));
  const option = dialog.getByRole('checkbox', { name: 'Open with the values entered now' });
  await expect(option).not.toBeChecked();
  await option.check();
  await expect(link).toHaveValue(/#/);
  await expectAccessible(page, 'share dialog with values');
  await screenshot(page, 'input-rules-share-values');
  const shared = await link.inputValue();

  const visitor = await context.browser()!.newPage();
  await visitor.goto(shared);
  await expect(weight(visitor)).toHaveValue('250');
  await expect(tip(visitor)).toHaveValue('20');
  await expect(output(visitor, 'price')).toHaveText('4,800 ₽');
  await visitor.close();
});

test.describe('an embed without a pinned theme', () => {
  test.use({ colorScheme: 'dark' });

  test("follows the visitor's system theme, also when it changes", async ({ page }) => {
    // A choice once made on the Calcsmith site is not the host page's visitor's theme.
    await page.addInitScript(() => localStorage.setItem('calcsmith.theme', 'light'));
    await page.goto(`/embed/${delivery}?lang=ru`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(output(page, 'price')).toHaveText('1 200 ₽');
    await expectAccessible(page, 'embed following a dark system');
    await screenshot(page, 'input-rules-embed-system');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await screenshot(page, 'input-rules-embed-system');
  });
});
