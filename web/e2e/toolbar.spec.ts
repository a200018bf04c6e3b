// The editor's toolbar and script editor (issue 12, items 8 and 10): one row that does not
// move when "View published" or "Run" appears, compact at 360 px with the product name
// kept in the header, long script lines wrapped, and a new input's name selected. Issue 26,
// item 9: Save, Tests with its badge and History stay on the row at 1280 and 1440 px.
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  attachScreenshot,
  CALC_ID,
  calcDoc,
  expectAccessible,
  loanTableDoc,
  saveCalculator,
  screenshot,
  signUpViaApi,
  switchTheme,
} from './helpers';

test.describe.configure({ mode: 'parallel' });

const nav = (page: Page) => page.getByRole('navigation', { name: 'Calculators' });
const toolbar = (page: Page) => page.getByRole('group', { name: 'Editor tools' });

async function newDraft(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'New calculator' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/source/${CALC_ID}$`));
  await expect(page.getByRole('tab', { name: 'Inputs & outputs' })).toBeVisible();
}

/** Where each of the toolbar's buttons and links is. */
async function positions(bar: Locator) {
  return bar.locator('button, a').evaluateAll((elements) =>
    elements
      .filter((element) => element.getAttribute('aria-hidden') !== 'true')
      .map((element) => {
        const box = element.getBoundingClientRect();
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim();
        return `${name} ${Math.round(box.x)},${Math.round(box.y)}`;
      }),
  );
}

/** The toolbar is one row: every control at the same height, nothing sticking out. */
async function expectOneRow(bar: Locator) {
  const rows = await bar
    .locator('button, a')
    .evaluateAll((elements) => [
      ...new Set(elements.map((element) => Math.round(element.getBoundingClientRect().top))),
    ]);
  expect(rows).toHaveLength(1);
  const overflow = await bar.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

test('the toolbar stays one row and nothing moves when Run and View published appear', async ({
  page,
}) => {
  await signUpViaApi(page.request);
  await saveCalculator(
    page.request,
    calcDoc({ name: 'Steady', script: "'use strict';\n\nreturn {};\n" }),
  );
  // A draft first: no "View published" yet.
  await newDraft(page);
  const bar = toolbar(page);
  await expectOneRow(bar);
  const before = await positions(bar);
  const height = (await bar.boundingBox())?.height;
  await expect(bar.getByRole('link', { name: 'View published' })).toHaveCount(0);

  await bar.getByRole('button', { name: 'Debug mode' }).click();
  await expect(bar.getByRole('button', { name: 'Run' })).toBeVisible();
  await expectOneRow(bar);
  const withRun = await positions(bar);
  expect(withRun.filter((p) => !p.startsWith('Run '))).toEqual(before);
  expect((await bar.boundingBox())?.height).toBe(height);

  // A saved calculator: "View published" in its reserved place, the rest where it was.
  await nav(page).getByRole('link', { name: 'Steady' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Steady' })).toBeVisible();
  await expect(bar.getByRole('link', { name: 'View published' })).toBeVisible();
  await expectOneRow(bar);
  const withPublished = await positions(bar);
  // History, too, appears in its reserved place.
  expect(withPublished.filter((p) => !/^(View published|History) /.test(p))).toEqual(
    before.map((p) => p.replace(/^Save /, 'Saved ')),
  );
  // Saving turns "Save" into "Saved" in the same place; nothing else moves either.
  expect((await bar.boundingBox())?.height).toBe(height);
  await screenshot(page, 'editor-toolbar-1280');
});

test('in Russian the toolbar is one row too', async ({ page }) => {
  await newDraft(page);
  await page.getByLabel('Language').selectOption({ label: 'Русский' });
  const bar = page.getByRole('group', { name: 'Инструменты редактора' });
  await expect(bar).toBeVisible();
  await expectOneRow(bar);
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the toolbar is compact, one row, with a More menu; the header keeps the name', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await nav(page).getByRole('button', { name: 'New calculator' }).click();
    await expect(page).toHaveURL(new RegExp(`/source/${CALC_ID}$`));
    const bar = toolbar(page);
    await expect(bar.getByRole('button', { name: 'Save' })).toBeVisible();
    await expectOneRow(bar);
    const barBox = await bar.boundingBox();
    expect(barBox!.height).toBeLessThan(60);
    const before = await positions(bar);

    // The header shows the product name, inside the window.
    const brand = page.getByRole('banner').getByText('Calcsmith', { exact: true });
    await expect(brand).toBeVisible();
    const brandBox = await brand.boundingBox();
    expect(brandBox!.x + brandBox!.width).toBeLessThanOrEqual(360);

    const more = bar.getByRole('button', { name: 'More actions' });
    await more.click();
    await page.getByRole('menuitemcheckbox', { name: 'Debug mode' }).click();
    await expect(bar.getByRole('button', { name: 'Run' })).toBeVisible();
    await expectOneRow(bar);
    expect((await positions(bar)).filter((p) => !p.startsWith('Run '))).toEqual(before);
    await more.click();
    await expect(page.getByRole('menuitemcheckbox', { name: 'Debug mode' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await screenshot(page, 'editor-toolbar-360');
    await page.getByRole('menuitemcheckbox', { name: 'Settings' }).click();
    await expect(page.getByRole('region', { name: 'Settings', exact: true })).toBeVisible();
  });
});

test('the script editor wraps long lines', async ({ page }) => {
  await newDraft(page);
  await page.getByRole('tab', { name: 'Script' }).click();
  const editor = page.getByRole('textbox', { name: 'Script' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  const long = `return { total: ${Array.from({ length: 40 }, (_, n) => `inputs.value${n}`).join(' + ')} };`;
  await page.keyboard.insertText(`'use strict';\n\n${long}\n`);
  await expect(editor).toContainText('inputs.value39');
  const scroller = page.locator('.cm-scroller');
  const sideways = await scroller.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(sideways).toBeLessThanOrEqual(1);
  await screenshot(page, 'editor-script-wrapped');
});

test('a new input’s name is selected: typing replaces it', async ({ page }) => {
  await newDraft(page);
  await page.getByRole('button', { name: 'Add input' }).click();
  await page.getByRole('menuitem', { name: 'Number', exact: true }).click();
  const field = page.locator(':focus');
  await expect(field).toHaveAccessibleName('Name');
  await expect(field).toHaveValue('a');
  await page.keyboard.type('email');
  await expect(field).toHaveValue('email');
});

/** The toolbar's names in each language (the app's catalogs, as a user reads them). */
const NAMES = {
  en: {
    toolbar: 'Editor tools',
    saved: 'Saved',
    tests: 'Tests (0 passed, 1 failed)',
    history: 'History',
  },
  ru: {
    toolbar: 'Инструменты редактора',
    saved: 'Сохранено',
    tests: 'Тесты (пройдено 0, не пройдено 1)',
    history: 'История',
  },
} as const;

for (const locale of ['en', 'ru'] as const) {
  for (const width of [1280, 1440]) {
    test(`at ${width} px in ${locale}, Save, Tests with its failing badge and History stay on the row`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(60_000);
      const names = NAMES[locale];
      await page.setViewportSize({ width, height: 800 });
      await page.addInitScript((lang) => localStorage.setItem('calcsmith.locale', lang), locale);
      await signUpViaApi(page.request);
      // Its stored test fails.
      const id = await saveCalculator(page.request, loanTableDoc());
      await page.goto(`/source/${id}`);
      const bar = page.getByRole('group', { name: names.toolbar });
      await expect(bar.getByRole('button', { name: names.saved, exact: true })).toBeVisible();
      const tests = bar.getByRole('button', { name: names.tests, exact: true });
      await expect(tests).toBeVisible();
      await expect(tests.getByText('✗ 1', { exact: true })).toBeVisible();
      await expect(bar.getByRole('button', { name: names.history, exact: true })).toBeVisible();
      await expectOneRow(bar);

      for (const theme of ['light', 'dark'] as const) {
        await switchTheme(page, theme);
        await expectAccessible(page, `editor at ${width} px in ${locale}, ${theme}`);
        await attachScreenshot(page, testInfo, `editor-toolbar-${width}-${locale}-${theme}`);
      }
    });
  }
}
