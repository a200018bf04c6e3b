// The sign-in / sign-up dialog (spec §2, §4, §8) against the real server.
import { expect, test } from '@playwright/test';
import { newAccount, openSignIn, signInViaUi, signUpViaApi, signUpViaUi } from './helpers';

test('signing up with the captcha signs in, reloads and says so', async ({ page }) => {
  await page.goto('/');
  const account = await signUpViaUi(page);
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText(account.name);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  // The session is the server's: it holds after another reload.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText(account.name);
});

test('signing up without solving the captcha is refused', async ({ page }) => {
  await page.goto('/');
  await openSignIn(page);
  await page.getByRole('button', { name: 'No account yet? Sign up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign up' });
  const account = newAccount();
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Name').fill(account.name);
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Sign up' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please resolve the captcha and submit!');
  await expect(dialog).toBeVisible();
});

test('a wrong password shows the server message', async ({ page, request }) => {
  // An account made in another request context, so the page stays signed out.
  const account = await signUpViaApi(request);
  await page.goto('/');
  await signInViaUi(page, { ...account, password: 'not-the-password' });
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog.getByRole('alert')).toHaveText('Wrong email or password.');
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Signed in.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText(account.name);
});

test('the sign-in dialog focuses the email, toggles modes and closes outside', async ({ page }) => {
  await page.goto('/');
  const dialog = await openSignIn(page);
  await expect(dialog.getByLabel('Email')).toBeFocused();

  await dialog.getByRole('button', { name: 'No account yet? Sign up' }).click();
  const signUp = page.getByRole('dialog', { name: 'Sign up' });
  await expect(signUp.getByLabel('Name')).toBeVisible();
  await expect(signUp.getByRole('checkbox', { name: 'I am not a robot' })).toBeVisible();
  await signUp.getByRole('button', { name: 'Have an account? Sign in' }).click();
  await expect(dialog.getByLabel('Name')).toHaveCount(0);

  // A click outside the dialog (on its backdrop) closes it.
  await page.mouse.click(5, 400);
  await expect(dialog).toBeHidden();

  await openSignIn(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await openSignIn(page);
  await dialog.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot$/);
  await expect(dialog).toBeHidden();
});

test('signing out ends the session', async ({ page }) => {
  const account = await signUpViaApi(page.request);
  await page.goto('/');
  const menu = page.getByRole('button', { name: 'Account menu' });
  await expect(menu).toContainText(account.name);
  await menu.click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  const me = await page.request.put('/api/account');
  expect(me.status()).toBe(401);
});
