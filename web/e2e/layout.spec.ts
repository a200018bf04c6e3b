// The global layout (spec §2): welcome page, side navigation, new drafts, unknown paths,
// language and theme switches, window blur.
import { expect, test } from '@playwright/test';
import { CALC_ID, randomId, signUpViaApi } from './helpers';

const nav = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: 'Calculators' });

test('the welcome page greets and offers a new calculator', async ({ page }) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Welcome to Calcsmith!' }),
  ).toBeVisible();
  await expect(page.getByText('Build a Custom Online Calculator')).toBeVisible();
  await expect(page).toHaveTitle(/Calcsmith/);
});

test.describe('at 800 px the side navigation toggles', () => {
  test.use({ viewport: { width: 800, height: 700 } });

  test('open and closed by the menu button, Escape and "New"', async ({ page }) => {
    await page.goto('/');
    await expect(nav(page)).toBeHidden();
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(nav(page)).toBeVisible();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(nav(page)).toBeHidden();

    await menu.click();
    await expect(nav(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav(page)).toBeHidden();

    // "New" closes the navigation and opens the draft.
    await menu.click();
    await nav(page).getByRole('button', { name: 'New calculator' }).click();
    await expect(page).toHaveURL(new RegExp(`/source/${CALC_ID}$`));
    await expect(nav(page)).toBeHidden();
  });
});

test.describe('at 1280 px the side navigation', () => {
  test('is locked open', async ({ page }) => {
    await page.goto('/');
    await expect(nav(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveCount(0);
    // The threshold is 1200 px exactly.
    await page.setViewportSize({ width: 1199, height: 800 });
    await expect(nav(page)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
    await page.setViewportSize({ width: 1200, height: 800 });
    await expect(nav(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveCount(0);
  });

  test('is not locked on /calc/ pages', async ({ page }) => {
    await page.goto(`/calc/${randomId()}`);
    await expect(page.getByText('This calculator does not exist or is private.')).toBeVisible();
    await expect(nav(page)).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(nav(page)).toBeVisible();
  });
});

test('"New calculator" makes a draft that survives a reload', async ({ page }) => {
  await page.goto('/');
  await nav(page).getByRole('button', { name: 'New calculator' }).click();
  await expect(page).toHaveURL(new RegExp(`/source/${CALC_ID}$`));
  const path = new URL(page.url()).pathname;
  const draft = nav(page).getByRole('link', { name: '[Unsaved] Untitled calculator' });
  await expect(draft).toHaveCount(1);
  await expect(draft).toHaveAttribute('href', path);

  await page.reload();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(
    nav(page).getByRole('link', { name: '[Unsaved] Untitled calculator' }),
  ).toHaveAttribute('href', path);
});

test('an unknown path redirects to the welcome page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Welcome to Calcsmith!' }),
  ).toBeVisible();
});

test('the language switch translates the interface and is remembered', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Language').selectOption({ label: 'Русский' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Войти' })).toBeVisible();
  await expect(
    page
      .getByRole('navigation', { name: 'Калькуляторы' })
      .getByRole('button', { name: 'Новый калькулятор' }),
  ).toBeVisible();

  await page.reload();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Войти' })).toBeVisible();
  await expect(page.getByLabel('Язык')).toHaveValue('ru');

  await page.getByLabel('Язык').selectOption({ label: 'English' });
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('the theme switch is remembered', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  const before = await page.evaluate(
    () => getComputedStyle(document.documentElement).backgroundColor,
  );
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor))
    .not.toBe(before);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: 'Light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('a window blur closes the open account menu', async ({ page }) => {
  await signUpViaApi(page.request);
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Account menu' });
  await button.click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('blur')));
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
});
