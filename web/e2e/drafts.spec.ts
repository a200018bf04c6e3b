// Drafts (issue 12, item 7): "New calculator" reuses an untouched empty draft, drafts are
// discarded from the navigation with an undo, an untouched draft does not hold the page,
// copies are named "Copy of …", and the navigation groups drafts and saved calculators.
import { expect, test, type Page } from '@playwright/test';
import { CALC_ID, calcDoc, leaveFor, saveCalculator, screenshot, signUpViaApi } from './helpers';

test.describe.configure({ mode: 'parallel' });

const nav = (page: Page) => page.getByRole('navigation', { name: 'Calculators' });
const navGroup = (page: Page, name: string) => nav(page).getByRole('region', { name });

/** Clicks "New calculator" in the side navigation; returns the new path. */
async function clickNew(page: Page): Promise<string> {
  await nav(page).getByRole('button', { name: 'New calculator' }).click();
  await expect(page).toHaveURL(new RegExp(`/source/${CALC_ID}$`));
  await expect(page.getByRole('tab', { name: 'Inputs & outputs' })).toBeVisible();
  return new URL(page.url()).pathname;
}

async function rename(page: Page, name: string) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const settings = page.getByRole('region', { name: 'Settings', exact: true });
  await settings.getByLabel('Name', { exact: true }).fill(name);
  await settings.getByRole('button', { name: 'Close Settings' }).click();
}

test('"New calculator" reuses the untouched empty draft', async ({ page }) => {
  await page.goto('/');
  const first = await clickNew(page);
  await page.goto('/');
  expect(await clickNew(page)).toBe(first);
  const drafts = navGroup(page, 'Drafts');
  await expect(drafts.getByRole('link')).toHaveCount(1);
  await expect(drafts.getByRole('link', { name: '[Unsaved] Untitled calculator' })).toHaveAttribute(
    'href',
    first,
  );

  // Once changed it is work of its own: the next "New" makes another draft.
  await rename(page, 'Budget');
  const second = await clickNew(page);
  expect(second).not.toBe(first);
  await expect(drafts.getByRole('link')).toHaveText([
    '[Unsaved] Budget',
    '[Unsaved] Untitled calculator',
  ]);
});

test('"New calculator" puts focus on the first thing to do, adding an input', async ({ page }) => {
  await page.goto('/');
  await clickNew(page);
  const addInput = page.getByRole('button', { name: 'Add input' });
  await expect(addInput).toBeFocused();

  // "New" again, on the untouched draft it reopens: focus goes there again.
  await page.getByRole('tab', { name: 'Script' }).click();
  await page.getByRole('tab', { name: 'Inputs & outputs' }).click();
  await expect(addInput).not.toBeFocused();
  await clickNew(page);
  await expect(addInput).toBeFocused();

  // From My calculators' button too.
  await signUpViaApi(page.request);
  await page.goto('/user/calculators');
  await page.getByRole('main').getByRole('button', { name: 'New calculator' }).click();
  await expect(page).toHaveURL(new RegExp(`/source/${CALC_ID}$`));
  await expect(addInput).toBeFocused();
});

test('a draft is discarded from the navigation, and Undo brings it back', async ({ page }) => {
  await page.goto('/');
  const path = await clickNew(page);
  await rename(page, 'Scratch');
  const link = nav(page).getByRole('link', { name: '[Unsaved] Scratch' });
  await expect(link).toHaveAttribute('href', path);

  await nav(page).getByRole('button', { name: 'Discard draft Scratch' }).click();
  await expect(link).toHaveCount(0);
  // It was open: the editor leaves it.
  await expect(page).toHaveURL(/\/$/);
  const toast = page.getByRole('status').filter({ hasText: 'Draft discarded.' });
  await expect(toast).toBeVisible();
  await screenshot(page, 'drafts-discarded-undo');
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(link).toHaveAttribute('href', path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Scratch' })).toBeVisible();

  // Discarded for good, it stays gone after a reload.
  await nav(page).getByRole('button', { name: 'Discard draft Scratch' }).click();
  await expect(toast).toBeVisible();
  await page.reload();
  await expect(nav(page).getByRole('link', { name: '[Unsaved] Scratch' })).toHaveCount(0);
});

test('an untouched empty draft does not hold the page; a changed one does', async ({ page }) => {
  await page.goto('/');
  await clickNew(page);
  const dialogs = await leaveFor(page, '/terms');
  await expect(page).toHaveURL(/\/terms$/);
  expect(dialogs).toEqual([]);

  await page.goBack();
  await rename(page, 'Worth keeping');
  const asked = await leaveFor(page, '/terms');
  await expect.poll(() => asked).toEqual(['beforeunload']);
});

test('the navigation groups drafts and saved calculators; a copy is "Copy of …"', async ({
  page,
}) => {
  await signUpViaApi(page.request);
  const id = await saveCalculator(
    page.request,
    calcDoc({ name: 'Mortgage', script: "'use strict';\n\nreturn {};\n" }),
  );
  await page.goto(`/source/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Mortgage' })).toBeVisible();
  await expect(navGroup(page, 'Drafts')).toHaveCount(0);
  await expect(navGroup(page, 'Saved').getByRole('link', { name: 'Mortgage' })).toBeVisible();

  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Copy of Mortgage' })).toBeVisible();
  await expect(
    navGroup(page, 'Drafts').getByRole('link', { name: '[Unsaved] Copy of Mortgage' }),
  ).toBeVisible();
  await expect(navGroup(page, 'Saved').getByRole('link')).toHaveText(['Mortgage']);
  await screenshot(page, 'drafts-navigation-groups');

  // In Russian, a natural Russian name.
  await page.getByLabel('Language').selectOption({ label: 'Русский' });
  const navRu = page.getByRole('navigation', { name: 'Калькуляторы' });
  await navRu
    .getByRole('region', { name: 'Сохранённые' })
    .getByRole('link', { name: 'Mortgage' })
    .click();
  // The longer Russian labels fold Copy to an icon at this width, still on the toolbar.
  await page
    .getByRole('group', { name: 'Инструменты редактора' })
    .getByRole('button', { name: 'Копировать', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Копия «Mortgage»' })).toBeVisible();
  await expect(navRu.getByRole('region', { name: 'Черновики' }).getByRole('link')).toHaveCount(2);
});
