// How a published calculator looks (issue 12, items 3, 5, 6, 10): the author's colours stay
// legible in the visitor's light and dark theme (axe), hash values are checked, the embed
// takes ?theme= and ?lang=, the missing-calculator page and the 360 px drawer. Screenshots
// go to test-results/screenshots/published-look-*.png.
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  baseUrl,
  calcDoc,
  expectAccessible,
  newAccount,
  output,
  randomId,
  saveCalculator,
  screenshot,
  signUpViaApi,
} from './helpers';

let author: APIRequestContext;
let styled: string;
let slider: string;

/** The finding's calculator: cream background, brown text, every kind of output. */
const CREAM = { bgcolor: '#fff8e7', fcolor: '#8a7a5a', fsize: 12 };

test.beforeAll(async ({ playwright }) => {
  author = await playwright.request.newContext({ baseURL: baseUrl() });
  await signUpViaApi(author, newAccount('stylist'));
  styled = await saveCalculator(
    author,
    calcDoc({
      name: 'Cream',
      description: 'A styled calculator.',
      script:
        "'use strict';\n\nreturn { total: inputs.amount * 2, rows: [{ n: 1, sq: 1 }, { n: 2, sq: 4 }] };\n",
      inputs: [
        { id: 1, name: 'amount', type: 'number' },
        {
          id: 2,
          name: 'kind',
          type: 'choice',
          presentationType: 'dropdown',
          choices: [{ id: 1, label: 'One', value: 1 }],
        },
        { id: 3, name: 'on', type: 'binary', presentationType: 'checkbox' },
      ],
      outputs: [
        { id: 1, name: 'total', type: 'value' },
        {
          id: 2,
          name: 'rows',
          type: 'table',
          metaOutputs: [
            { id: 1, name: 'n', type: 'value' },
            { id: 2, name: 'sq', type: 'value' },
          ],
        },
      ],
      defaults: { '1': 21 },
    }),
    CREAM,
  );
  slider = await saveCalculator(
    author,
    calcDoc({
      name: 'Slider',
      script: "'use strict';\n\nreturn { twice: inputs.loan * 2 };\n",
      inputs: [
        {
          id: 1,
          name: 'loan',
          type: 'number',
          presentationType: 'slider',
          sliderMin: 0,
          sliderMax: 2000,
        },
      ],
      outputs: [{ id: 1, name: 'twice', type: 'value' }],
      defaults: { '1': 100 },
    }),
  );
});

test.afterAll(async () => {
  await author.dispose();
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`a visitor whose system is ${scheme}`, () => {
    test.use({ colorScheme: scheme });

    test("sees the author's colours, legible (axe)", async ({ page }) => {
      await page.goto(`/calc/${styled}`);
      await expect(output(page, 'total')).toHaveText('42');
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      const calculator = page.locator('.calculator');
      await expect(calculator).toHaveCSS('background-color', 'rgb(255, 248, 231)');
      // Fields derive from the author's cream, not the dark theme's navy.
      const field = page.getByLabel('amount', { exact: true });
      const fieldBg = await field.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(fieldBg).not.toBe('rgb(17, 38, 72)');
      await expectAccessible(page, `published styled (${scheme})`);
      await screenshot(page, 'published-look-styled');
    });
  });
}

test('a slider value past its maximum in the hash computes with the maximum', async ({ page }) => {
  await page.goto(`/calc/${slider}#${encodeURIComponent('{"1":5000,"9":3}')}`);
  const thumb = page.getByLabel('loan', { exact: true });
  await expect(thumb).toHaveValue('2000');
  await expect(page.locator('.slider output')).toHaveText('2000');
  await expect(output(page, 'twice')).toHaveText('4,000');
});

test('the embed takes ?theme=dark and ?lang=ru', async ({ page }) => {
  await page.goto(`/embed/${slider}?theme=dark&lang=ru`);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('heading', { name: 'Результаты' })).toBeVisible();
  await expect(output(page, 'twice')).toHaveText('200');
  await expectAccessible(page, 'embed dark ru');
  await screenshot(page, 'published-look-embed-ru');
  // Not stored as the visitor's choice.
  expect(await page.evaluate(() => localStorage.getItem('calcsmith.theme'))).toBeNull();
});

test('the missing-calculator page says so and offers a way on', async ({ page }) => {
  await page.goto(`/calc/${randomId()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Calculator not found' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('This calculator does not exist or is private.');
  await page.getByRole('link', { name: 'Go to the start page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goBack();
  await expectAccessible(page, 'missing calculator');
  await screenshot(page, 'published-look-missing');
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the header keeps the product name and the drawer has a backdrop', async ({ page }) => {
    await page.goto(`/calc/${slider}`);
    await expect(page.getByRole('banner').getByText('Calcsmith', { exact: true })).toBeVisible();
    const header = await page.getByRole('banner').evaluate((el) => el.scrollWidth);
    expect(header).toBeLessThanOrEqual(360);
    // Every control on one line, the language readable in full.
    const signIn = await page
      .getByRole('banner')
      .getByRole('button', { name: 'Sign in' })
      .boundingBox();
    expect(signIn!.height).toBeLessThanOrEqual(40);
    expect(signIn!.x + signIn!.width).toBeLessThanOrEqual(360);
    const language = page.getByRole('combobox', { name: 'Language' });
    expect(await language.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await page.getByRole('button', { name: 'Menu' }).click();
    const backdrop = page.locator('.nav-backdrop');
    await expect(backdrop).toBeVisible();
    await screenshot(page, 'published-look-drawer-360');
    // A click on the backdrop closes the drawer.
    await backdrop.click({ position: { x: 340, y: 400 } });
    await expect(page.getByRole('navigation', { name: 'Calculators' })).toBeHidden();
  });
});
