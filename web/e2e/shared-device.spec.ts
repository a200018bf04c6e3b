// A shared device after a session ended outside the page (issue 25: signed out in another
// tab, a password changed elsewhere, an expired session): the next person finds none of the
// account's calculators — saved, changed or drafted — at /source/{id}, in the navigation or
// in localStorage, while a draft made before anyone signed in is still there.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  CALC_ID,
  calcDoc,
  newAccount,
  randomId,
  saveCalculator,
  setPlan,
  signInViaUi,
  signUpViaApi,
} from './helpers';

test.describe.configure({ mode: 'parallel' });

const nav = (page: Page) => page.getByRole('navigation', { name: 'Calculators' });
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const kept = (page: Page) => page.evaluate(() => localStorage.getItem('calcsmith.calcs') ?? '');

async function rename(page: Page, name: string) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const settings = page.getByRole('region', { name: 'Settings', exact: true });
  await settings.getByLabel('Name', { exact: true }).fill(name);
  await settings.getByRole('button', { name: 'Close Settings' }).click();
  await expect(heading(page)).toHaveText(name);
}

/** Makes a draft from the navigation's "New calculator" and names it; returns its path. */
async function newDraft(page: Page, name: string): Promise<string> {
  await nav(page).getByRole('button', { name: 'New calculator' }).click();
  await expect(page).toHaveURL(new RegExp(`/source/${CALC_ID}$`));
  await rename(page, name);
  return new URL(page.url()).pathname;
}

/** A private calculator of the page's user whose script carries `marker`; returns its id. */
async function savePrivate(page: Page, name: string, marker: string): Promise<string> {
  const doc = calcDoc({
    name,
    script: `'use strict';\n\n// ${marker}\nreturn { x: inputs.a * 2 };\n`,
    inputs: [{ id: 1, name: 'a', type: 'number' }],
    outputs: [{ id: 1, name: 'x', type: 'value' }],
    defaults: { '1': 21 },
  });
  const id = await saveCalculator(page.request, doc);
  const privacy = await page.request.post('/api/calc/edit/', { data: { calcId: id } });
  expect(privacy.status(), await privacy.text()).toBe(200);
  return id;
}

/** Ends the session from another tab of the same browser, as its sign-out would. */
async function signOutInAnotherTab(context: BrowserContext) {
  const other = await context.newPage();
  await other.goto('/terms');
  const status = await other.evaluate(async () => {
    const response = await fetch('/api/logout', { method: 'POST' });
    return response.status;
  });
  expect(status).toBe(200); // the redirect to `/`, followed
  expect((await other.request.put('/api/account')).status()).toBe(401);
  await other.close();
}

/**
 * An anonymous draft; then, signed in, a private calculator opened, another changed and
 * not saved, and a draft made signed in. Returns what identifies each.
 */
async function useTheDevice(page: Page) {
  // Leaving a page with unsaved changes asks first; the person here says leave.
  page.on('dialog', (dialog) => void dialog.accept().catch(() => {}));
  await page.goto('/');
  const anonymous = `Sketch ${randomId(6)}`;
  const anonymousPath = await newDraft(page, anonymous);

  const account = await signUpViaApi(page.request, newAccount('shared'));
  setPlan(account.email, 'regular');
  const secret = { name: `Secret ${randomId(6)}`, marker: `MARKER_${randomId(10)}` };
  const secretId = await savePrivate(page, secret.name, secret.marker);
  const changed = { name: `Payroll ${randomId(6)}`, marker: `MARKER_${randomId(10)}` };
  const changedId = await savePrivate(page, changed.name, changed.marker);

  await page.goto(`/source/${changedId}`);
  await expect(heading(page)).toHaveText(changed.name);
  const renamed = `${changed.name} v2`;
  await rename(page, renamed);
  const mine = `Mine ${randomId(6)}`;
  await newDraft(page, mine);
  await page.goto(`/source/${secretId}`);
  await expect(heading(page)).toHaveText(secret.name);
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expect(nav(page).getByRole('link', { name: `[Unsaved] ${renamed}` })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: anonymous })).toHaveCount(1);

  // What must go: every name and script of the account. The test can see them while kept.
  const accountTexts = [secret.name, secret.marker, changed.name, changed.marker, mine];
  const before = await kept(page);
  for (const text of [anonymous, ...accountTexts]) expect(before).toContain(text);
  return { account, anonymous, anonymousPath, secretId, changedId, accountTexts };
}

test('signed out in another tab: a reload shows nothing of the account, an anonymous draft stays', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const device = await useTheDevice(page);

  await signOutInAnotherTab(context);
  await page.reload();

  // /source/{id} asks for a sign-in; nothing of the calculator is on the page meanwhile.
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog).toBeVisible();
  for (const text of device.accountTexts) await expect(page.getByText(text)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Sign in to open this calculator')).toBeVisible();
  for (const text of device.accountTexts) await expect(page.getByText(text)).toHaveCount(0);

  // The calculator changed and not saved is not shown either.
  await page.goto(`/source/${device.changedId}`);
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  for (const text of device.accountTexts) await expect(page.getByText(text)).toHaveCount(0);

  await page.goto('/');
  await expect(
    nav(page).getByRole('link', { name: `[Unsaved] ${device.anonymous}` }),
  ).toHaveAttribute('href', device.anonymousPath);
  for (const text of device.accountTexts) await expect(page.getByText(text)).toHaveCount(0);
  const after = await kept(page);
  expect(after).toContain(device.anonymous);
  for (const text of device.accountTexts) expect(after).not.toContain(text);
});

test('a 401 in the open page empties localStorage at once; signing in again loses nothing', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const device = await useTheDevice(page);
  await signOutInAnotherTab(context);

  // The open editor's next request (a save) finds no session.
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const settings = page.getByRole('region', { name: 'Settings', exact: true });
  await settings.getByLabel('Description', { exact: true }).fill('Edited after the sign-out');
  await settings.getByRole('button', { name: 'Close Settings' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => kept(page)).toContain(device.anonymous);
  const meanwhile = await kept(page);
  for (const text of device.accountTexts) expect(meanwhile).not.toContain(text);

  // The person here is the owner: signing in saves, and the device keeps their work again.
  await signInViaUi(page, device.account);
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
  await expect(heading(page)).toBeVisible();
  await expect.poll(() => kept(page)).toContain(device.accountTexts[0]);
  const again = await kept(page);
  for (const text of [device.anonymous, ...device.accountTexts]) expect(again).toContain(text);
  const saved = await page.request.get(`/api/source/${device.secretId}`);
  expect((await saved.json()).doc.description).toBe('Edited after the sign-out');
});
