// My Calculators, the account page, the password reset and the interface language and
// theme (spec §2, §4, §6, §8) against the real server. Plans are set in the run's SQLite
// database (helpers.setPlan); the reset mail is read from its `outbox` table.
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  baseUrl,
  CALC_ID,
  calcDoc,
  expectAccessible,
  latestMail,
  newAccount,
  saveCalculator,
  screenshot,
  setPlan,
  signInViaUi,
  signUpViaApi,
  type Account,
} from './helpers';

const PRIVATE_NEEDS_UPGRADE =
  'Private calculators need the Regular or Premium plan. Upgrade to make this calculator private.';
const NOW_PRIVATE = 'The calculator is now private: only you can open it.';
const NOW_PUBLIC = 'The calculator is now public: anyone with the link can open it.';
const WRONG_CREDENTIALS = 'Wrong email or password.';
/** Calculators per page of My Calculators (server/src/services/calculators.rs PER_PAGE). */
const PER_PAGE = 20;

const SCRIPT = "'use strict';\n\nreturn {};\n";

const welcome = (page: Page) =>
  expect(page.getByRole('heading', { level: 1, name: 'Welcome to Calcsmith!' })).toBeVisible();
const toast = (page: Page, text: string) => page.getByText(text, { exact: true });
const signInButton = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: 'Sign in' });

// One member for My Calculators and the password reset (sign-ups are limited per minute).
let member: Account;
let memberApi: APIRequestContext;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(90_000);
  memberApi = await playwright.request.newContext({ baseURL: baseUrl() });
  member = await signUpViaApi(memberApi, newAccount('member'));
});

test.afterAll(async () => {
  await memberApi.dispose();
});

test('My calculators: only signed in, privacy as the plan allows, paged', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  await page.goto('/user/calculators');
  await expect(page).toHaveURL(/\/$/);
  await welcome(page);

  await context.addCookies((await memberApi.storageState()).cookies);
  const alpha = await saveCalculator(memberApi, calcDoc({ name: 'Alpha', script: SCRIPT }));
  await saveCalculator(memberApi, calcDoc({ name: 'Beta', script: SCRIPT }));

  await page.goto('/user/calculators');
  await expect(page.getByRole('heading', { level: 1, name: 'My calculators' })).toBeVisible();
  // Newest first.
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
    'Beta',
    'Alpha',
  ]);
  await expect(page.getByRole('link', { name: 'Edit Alpha' })).toHaveAttribute(
    'href',
    `/source/${alpha}`,
  );
  await expect(page.getByRole('link', { name: 'View Alpha' })).toHaveAttribute(
    'href',
    `/calc/${alpha}`,
  );
  // One page only: no pager.
  await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);

  // The free plan keeps calculators public: the server says why.
  const privacy = page.getByRole('switch', { name: 'Private: Alpha' });
  await expect(privacy).toHaveAttribute('aria-checked', 'false');
  await privacy.click();
  await expect(toast(page, PRIVATE_NEEDS_UPGRADE)).toBeVisible();
  await expect(privacy).toHaveAttribute('aria-checked', 'false');
  await expect(privacy).toBeEnabled();
  // The toast leads to the plans.
  await page.getByRole('status').getByRole('link', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
  await page.goBack();
  await expect(privacy).toHaveAttribute('aria-checked', 'false');
  await expectAccessible(page, 'My calculators, free plan');
  await screenshot(page, 'my-calculators-privacy');

  // On Premium the switch works, and the calculator is hidden from others.
  setPlan(member.email, 'premium');
  await page.reload();
  await expect(privacy).toHaveAttribute('aria-checked', 'false');
  await privacy.click();
  await expect(toast(page, NOW_PRIVATE)).toBeVisible();
  await expect(privacy).toHaveAttribute('aria-checked', 'true');
  expect((await request.get(`/api/calc/${alpha}`)).status()).toBe(404);
  await page.reload();
  await expect(privacy).toHaveAttribute('aria-checked', 'true');
  await privacy.click();
  await expect(toast(page, NOW_PUBLIC)).toBeVisible();
  await expect(privacy).toHaveAttribute('aria-checked', 'false');
  expect((await request.get(`/api/calc/${alpha}`)).status()).toBe(200);

  // More than a page: 22 calculators are 20 on page 1 and 2 on page 2.
  const more = Array.from({ length: PER_PAGE }, (_, n) => `Gamma ${n + 1}`);
  await Promise.all(
    more.map((name) => saveCalculator(memberApi, calcDoc({ name, script: SCRIPT }))),
  );
  await page.goto('/user/calculators');
  const pager = page.getByRole('navigation', { name: 'Pages' });
  await expect(pager).toContainText('Page 1 of 2');
  await expect(page.getByRole('switch', { name: /^Private: / })).toHaveCount(PER_PAGE);
  await pager.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/\/user\/calculators\?page=2$/);
  await expect(pager).toContainText('Page 2 of 2');
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
    'Beta',
    'Alpha',
  ]);
  await expect(pager.getByRole('link', { name: 'Next page' })).toHaveCount(0);
  await expectAccessible(page, 'My calculators, page 2');

  await page.goto('/user/calculators?page=2');
  await expect(pager).toContainText('Page 2 of 2');
  await expect(page.getByRole('switch', { name: /^Private: / })).toHaveCount(2);
  await pager.getByRole('link', { name: 'Previous page' }).click();
  await expect(pager).toContainText('Page 1 of 2');
  await expect(page.getByRole('switch', { name: /^Private: / })).toHaveCount(PER_PAGE);
});

test('the account page: settings, a new password, deleting the account', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/$/);
  await welcome(page);

  const account = await signUpViaApi(page.request, newAccount('holder'));
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(account.email);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(account.name);

  // The country list comes from /txt/countries.txt.
  const country = page.getByLabel('Country');
  await expect(country).toBeEnabled();
  await expect.poll(() => country.locator('option').count()).toBeGreaterThan(100);
  const renamed = `Renamed ${account.name}`;
  await page.getByLabel('Name', { exact: true }).fill(renamed);
  await country.selectOption({ label: 'Germany' });
  await page.getByLabel('City').fill('Berlin');
  await expectAccessible(page, 'account');
  await screenshot(page, 'account-editing');
  await page.getByRole('button', { name: 'Save settings' }).click();

  // The page reloads, then says so; the values are the server's now.
  await expect(toast(page, 'Settings saved.')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(renamed);
  await expect(country).toHaveValue('DE');
  await expect(page.getByLabel('City')).toHaveValue('Berlin');
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText(renamed);
  await page.reload();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(renamed);
  await expect(country).toHaveValue('DE');

  // A new password signs everyone out; the old one no longer works.
  const password = `${account.password}-new`;
  await page.getByLabel('Current password').fill(account.password);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('New password again').fill(password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    toast(page, 'Password changed. Please sign in with your new password.'),
  ).toBeVisible();
  await expect(signInButton(page)).toBeVisible();

  await signInViaUi(page, account);
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog.getByRole('alert')).toHaveText(WRONG_CREDENTIALS);
  await signInViaUi(page, { ...account, password });
  await expect(toast(page, 'Signed in.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText(renamed);

  // Deleting asks for the current password first, then goes home signed out; the
  // account is gone.
  await page.goto('/account');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(confirm).toBeVisible();
  const current = confirm.getByLabel('Your current password');
  await expect(current).toBeFocused();
  await expectAccessible(page, 'account, delete confirmation');
  await current.fill('not my password');
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(confirm.getByRole('alert')).toHaveText('The current password is wrong.');
  await expect(page).toHaveURL(/\/account$/);
  await screenshot(page, 'account-delete-wrong-password');
  await current.fill(password);
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, 'Your account has been deleted.')).toBeVisible();
  await expect(signInButton(page)).toBeVisible();

  await signInViaUi(page, { ...account, password });
  await expect(dialog.getByRole('alert')).toHaveText(WRONG_CREDENTIALS);
  await expect(dialog).toBeVisible();
});

test('Download my data: one JSON file with the account and its calculators', async ({ page }) => {
  test.setTimeout(60_000);
  const account = await signUpViaApi(page.request, newAccount('exporter'));
  const id = await saveCalculator(page.request, calcDoc({ name: 'Exported', script: SCRIPT }));
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 2, name: 'Your data' })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^calcsmith-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(readFileSync(await download.path(), 'utf8'));
  expect(file.account.email).toBe(account.email);
  expect(file.calculators.map((c: { id: string }) => c.id)).toEqual([id]);
  expect(file.calculators[0].doc.name).toBe('Exported');
  expect(file.calculators[0].versions).toHaveLength(1);
  await expect(page.getByRole('button', { name: 'Download my data' })).toBeEnabled();
});

test('the reset link from the mail sets a new password, once', async ({ page }) => {
  // The member is signed in elsewhere (the API context): this page is signed out.
  const account = member;
  await page.goto('/forgot');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Forgot your password?' }),
  ).toBeVisible();
  await page.getByRole('main').getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();

  await expect.poll(() => latestMail(account.email)).toContain('/forgot?token=');
  const link = /(\S+\/forgot\?token=\S+)/.exec(latestMail(account.email))?.[1] ?? '';
  expect(link.startsWith(`${baseUrl()}/forgot?token=`), link).toBe(true);

  await page.goto(link);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
  ).toBeVisible();
  const password = `${account.password}-reset`;
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('New password again').fill(password);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Password changed' })).toBeVisible();

  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  // The page's button opens the dialog (a lazily loaded screen): wait for it, or
  // signInViaUi would reach for the header's button while the dialog is still coming.
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  await signInViaUi(page, { ...account, password });
  await expect(toast(page, 'Signed in.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText(account.name);

  // The link works once, and says so as soon as it opens again: no password to type first.
  await page.goto(link);
  await expect(
    page.getByRole('heading', { level: 1, name: 'This reset link no longer works' }),
  ).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await expectAccessible(page, 'a spent reset link');
  await screenshot(page, 'forgot-spent-link');
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Forgot your password?' }),
  ).toBeVisible();
});

test('the editor in Russian and in the dark theme, both remembered', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Language').selectOption({ label: 'Русский' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await page.getByRole('button', { name: 'Тёмная тема' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  await page
    .getByRole('navigation', { name: 'Калькуляторы' })
    .getByRole('button', { name: 'Новый калькулятор' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/source/${CALC_ID}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Калькулятор без названия' }),
  ).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Входные данные и результаты' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Скрипт' })).toBeVisible();
  await page.getByRole('button', { name: 'Добавить поле' }).click();
  await page.getByRole('menuitem', { name: 'Число' }).click();
  await expect(page.getByRole('group', { name: 'Поле a', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Калькулятор', exact: true }).click();
  const panel = page.getByRole('tabpanel', { name: 'Входные данные и результаты' });
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText([
    'Входные данные',
    'Результаты',
  ]);
  await expectAccessible(page, 'editor in Russian, dark');
  await screenshot(page, 'editor-ru');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByLabel('Язык')).toHaveValue('ru');
  await expect(page.getByRole('button', { name: 'Светлая тема' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Входные данные и результаты' })).toBeVisible();
  // Edit mode after the reload: the same Russian section titles.
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText([
    'Входные данные',
    'Результаты',
  ]);
  await expect(page.getByRole('button', { name: 'Сохранить', exact: true })).toBeEnabled();
});
