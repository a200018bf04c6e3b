// Issue 30, the author's side: in the editor an author builds a three-step calculator with a
// show-when rule made in the rule builder, a valid-when rule with its message, two presets
// and a section, saves it, and the saved doc holds exactly those fields; the editor passes
// axe with these panels open, in both themes. Then a test case expecting inputs hidden and
// shown runs in the Tests panel.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signUpViaApi, switchTheme } from './helpers';
import { BUILT, buildFormsCalculator, inputCard, openPanel } from './forms-author-helpers';

test.describe.configure({ mode: 'parallel' });

/** The saved doc, read back through the API. */
async function savedDoc(page: Page, id: string) {
  const response = await page.request.get(`/api/source/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()).doc;
}

test('an author builds steps, a show-when and a valid-when rule, a section and presets; the saved doc holds them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpViaApi(page.request);
  const id = await buildFormsCalculator(page);

  const doc = await savedDoc(page, id);
  // Each input's issue-30 fields: only those the author set.
  const formFields = doc.metaInputs.map(
    (input: { name: string; visibleWhen?: string; validWhen?: unknown; section?: string }) => [
      input.name,
      input.visibleWhen,
      input.validWhen,
      input.section,
    ],
  );
  expect(formFields).toEqual([
    ['age', undefined, BUILT.validWhen, undefined],
    ['coBorrower', undefined, undefined, undefined],
    ['income', undefined, undefined, undefined],
    ['coIncome', BUILT.visibleWhen, undefined, 'co-borrower'],
    ['years', undefined, undefined, undefined],
  ]);
  expect(doc.steps).toEqual(BUILT.steps);
  expect(doc).not.toHaveProperty('stepOutputs');
  expect(doc.sections).toEqual(BUILT.sections);
  expect(doc.presets).toEqual(BUILT.presets);

  // After a reload the rules open in the builder again, as made.
  await page.reload();
  const show = inputCard(page, 'coIncome').getByRole('group', { name: 'Show when' });
  await expect(show.getByRole('checkbox', { name: 'Write as JavaScript' })).not.toBeChecked();
  await expect(show.getByRole('combobox', { name: 'Input of condition 2' })).toHaveValue('income');
  await expect(show.getByRole('textbox', { name: 'Value of condition 2' })).toHaveValue('50000');
  await show.getByRole('checkbox', { name: 'Write as JavaScript' }).check();
  await expect(
    show.getByRole('textbox', { name: 'JavaScript expression over inputs' }),
  ).toHaveValue(BUILT.visibleWhen);

  // axe with the rule builders and the Settings panel's steps, sections and presets open.
  await openPanel(page, 'Settings');
  for (const theme of ['light', 'dark'] as const) {
    await switchTheme(page, theme);
    await expectAccessible(page, `editor with the form settings (${theme})`);
  }
});

test('a test case expecting inputs hidden and shown runs in the Tests panel', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpViaApi(page.request);
  const id = await buildFormsCalculator(page);
  const tests = await openPanel(page, 'Tests');

  // With no co-borrower, coIncome is hidden and income shown (on step 2).
  await tests.getByRole('button', { name: 'Add test from current values' }).click();
  await tests.getByLabel('Test name').fill('No co-borrower');
  const expectations = tests.getByRole('group', { name: 'Visibility and messages' });
  const target = expectations.getByRole('combobox', { name: 'Input, output or section' });
  const kind = expectations.getByRole('combobox', { name: 'Expect' });
  const add = expectations.getByRole('button', { name: '+ Add expectation' });
  await target.selectOption('coIncome');
  await add.click();
  await kind.selectOption('shown');
  await target.selectOption('income');
  await add.click();
  await expect(expectations.getByRole('listitem')).toHaveText([
    /^coIncome hidden/,
    /^step 2 shows income/,
  ]);
  for (const theme of ['light', 'dark'] as const) {
    await switchTheme(page, theme);
    await expectAccessible(page, `Tests panel, expectations (${theme})`, '#editor-panel');
  }
  await switchTheme(page, 'light');
  await tests.getByRole('button', { name: 'Save test' }).click();
  const passing = tests.getByRole('listitem', { name: 'Test No co-borrower' });
  await expect(
    passing.getByText('Visibility and messages: coIncome hidden; step 2 shows income'),
  ).toBeVisible();
  await expect(passing.getByText('Passed')).toBeAttached();

  // A wrong expectation fails with the engine's words.
  await tests.getByRole('button', { name: 'Add test from current values' }).click();
  await tests.getByLabel('Test name').fill('Wrong');
  await expectations
    .getByRole('combobox', { name: 'Input, output or section' })
    .selectOption('income');
  await expectations.getByRole('button', { name: '+ Add expectation' }).click();
  await tests.getByRole('button', { name: 'Save test' }).click();
  const failing = tests.getByRole('listitem', { name: 'Test Wrong' });
  await expect(failing.getByText('Failed')).toBeAttached();
  // The engine's report, as a row of "What differs": income expected hidden, was shown.
  await expect(
    failing.getByRole('row', { name: 'income hidden shown', exact: true }),
  ).toBeVisible();

  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 15_000 });
  const doc = await savedDoc(page, id);
  expect(
    doc.tests.map((t: { name: string; hidden?: string[]; shown?: string[] }) => [
      t.name,
      t.hidden,
      t.shown,
    ]),
  ).toEqual([
    ['No co-borrower', ['coIncome'], ['income']],
    ['Wrong', ['income'], undefined],
  ]);
});
