// Never lose an author's work (issue 12): a calculator the editor cannot load is never
// shown as a blank doc that a save would put over the real one, and two tabs saving one
// calculator never overwrite each other silently.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  CALC_ID,
  doublerDoc,
  expectAccessible,
  newAccount,
  output,
  randomId,
  saveCalculator,
  screenshot,
  signInViaUi,
  signUpViaApi,
} from './helpers';

test.describe.configure({ mode: 'parallel' });

const nav = (page: Page) => page.getByRole('navigation', { name: 'Calculators' });
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Opens /source/{id} and waits for the editor to show the calculator named `name`. */
async function openInEditor(page: Page, id: string, name: string) {
  await page.goto(`/source/${id}`);
  await expect(heading(page)).toHaveText(name);
  await expect(page.getByText('All changes saved')).toBeVisible();
}

/** Renames the calculator in the editor's settings panel. */
async function rename(page: Page, name: string) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const settings = page.getByRole('region', { name: 'Settings', exact: true });
  await settings.getByLabel('Name', { exact: true }).fill(name);
  await settings.getByRole('button', { name: 'Close Settings' }).click();
  await expect(heading(page)).toHaveText(name);
}

/** The calculator's name as the server has it, read as `who` (a page or a browser context). */
async function storedName(who: { request: APIRequestContext }, id: string): Promise<string> {
  const source = await who.request.get(`/api/source/${id}`);
  expect(source.status()).toBe(200);
  return (await source.json()).doc.name;
}

test('a calculator opened after the session ended asks for a sign-in, never shows a blank', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const account = await signUpViaApi(page.request, newAccount('keeper'));
  const name = `Kept ${randomId(6)}`;
  const id = await saveCalculator(page.request, doublerDoc(name));
  await openInEditor(page, id, name);

  // A new password signs this browser out (the page reloads): nothing of the account stays
  // on the device (issue 25), so the calculator is opened by its address.
  await page.goto('/account');
  const password = `${account.password}-new`;
  await page.getByLabel('Current password').fill(account.password);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('New password again').fill(password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByText('Password changed. Please sign in with your new password.', { exact: true }),
  ).toBeVisible();
  await expect(nav(page).getByRole('link', { name, exact: true })).toHaveCount(0);
  await page.goto(`/source/${id}`);

  // The load waits for a sign-in: no blank "Untitled calculator" to save over it.
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Untitled calculator' })).toHaveCount(0);
  await expect(nav(page).getByRole('link', { name: /^\[Unsaved\]/ })).toHaveCount(0);

  await signInViaUi(page, { ...account, password });
  await expect(heading(page)).toHaveText(name);
  await expect(page.getByText('All changes saved')).toBeVisible();
  await page.getByRole('button', { name: 'Calc mode' }).click();
  await expect(output(page, 'x')).toHaveText('42.00');
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeDisabled();
  expect(await storedName(page, id)).toBe(name);
});

test("someone else's calculator, or a missing one, shows not found and no Save", async ({
  page,
  browser,
}) => {
  const owner = await browser.newContext();
  await signUpViaApi(owner.request, newAccount('owner'));
  const name = `Theirs ${randomId(6)}`;
  const theirs = await saveCalculator(owner.request, doublerDoc(name));
  await signUpViaApi(page.request, newAccount('visitor'));

  await page.goto(`/source/${theirs}`);
  await expect(heading(page)).toHaveText('Calculator not found');
  await expect(
    page.getByText('There is no calculator at this address, or it is not yours to edit.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(1); // only the copy
  await expect(page.getByRole('tablist')).toHaveCount(0);
  await expect(nav(page).getByRole('link', { name: /^\[Unsaved\]/ })).toHaveCount(0);
  await expectAccessible(page, 'source, not found');
  await screenshot(page, 'source-not-found');

  // Its published version can become the visitor's own calculator.
  await page.getByRole('button', { name: 'Save a copy as your own' }).click();
  await expect(page).not.toHaveURL(new RegExp(`/source/${theirs}$`));
  await expect(page).toHaveURL(new RegExp(`/source/${CALC_ID}$`));
  await expect(heading(page)).toHaveText(name);
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeDisabled();
  const copy = new URL(page.url()).pathname.split('/').pop() ?? '';
  expect(await storedName(page, copy)).toBe(name);
  // The owner's calculator is untouched, and still theirs.
  expect(await storedName(owner, theirs)).toBe(name);
  await owner.close();

  // A missing id offers a new calculator (there is no published version to copy).
  await page.goto(`/source/${randomId()}`);
  await expect(heading(page)).toHaveText('Calculator not found');
  await expect(page.getByRole('button', { name: 'Save a copy as your own' })).toHaveCount(0);
  await page.getByRole('main').getByRole('button', { name: 'New calculator', exact: true }).click();
  await expect(heading(page)).toHaveText('Untitled calculator');
});

test('two tabs save one calculator: the second sees the conflict and saves a copy', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUpViaApi(page.request, newAccount('twotabs'));
  const name = `Shared ${randomId(6)}`;
  const id = await saveCalculator(page.request, doublerDoc(name));
  const tabA = page;
  const tabB = await page.context().newPage();
  await openInEditor(tabA, id, name);
  await openInEditor(tabB, id, name);

  await rename(tabA, `${name} by A`);
  await tabA.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(tabA.getByText('Saved.', { exact: true })).toBeVisible();

  await rename(tabB, `${name} by B`);
  await tabB.getByRole('button', { name: 'Save', exact: true }).click();
  const conflict = tabB.getByRole('dialog', { name: 'Changed elsewhere' });
  await expect(conflict).toBeVisible();
  await expect(conflict).toContainText(
    'This calculator was changed elsewhere since you opened it.',
  );
  for (const choice of ['Reload theirs', 'Overwrite', 'Save as a copy']) {
    await expect(conflict.getByRole('button', { name: choice })).toBeVisible();
  }
  await expectAccessible(tabB, 'editor, save conflict');
  await screenshot(tabB, 'editor-save-conflict');
  // Nothing was overwritten.
  expect(await storedName(tabB, id)).toBe(`${name} by A`);

  await conflict.getByRole('button', { name: 'Save as a copy' }).click();
  await expect(tabB).not.toHaveURL(new RegExp(`/source/${id}$`));
  await expect(tabB).toHaveURL(new RegExp(`/source/${CALC_ID}$`));
  await expect(heading(tabB)).toHaveText(`Copy of ${name} by B`);
  await expect(tabB.getByText('All changes saved')).toBeVisible();
  const copy = new URL(tabB.url()).pathname.split('/').pop() ?? '';
  expect(await storedName(tabB, copy)).toBe(`Copy of ${name} by B`);
  expect(await storedName(tabA, id)).toBe(`${name} by A`);
});
