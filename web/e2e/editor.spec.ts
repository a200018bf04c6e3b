// The source editor (spec §2, §4, §5, §8) against the real server: a calculator built
// through the UI with every input type, validation and script errors, the time-out, saving
// signed out (sign-up with the captcha on the way), copy, delete, publish and embed, drafts
// across reloads, the formula helper, the plan's limit and the warning on leaving.
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  CALC_ID,
  calcDoc,
  doublerDoc,
  expectAccessible,
  leaveFor,
  newAccount,
  output,
  saveCalculator,
  screenshot,
  signUpViaApi,
  switchTheme,
  type Account,
} from './helpers';

// Every test works in its own browser context on its own calculators: they may share the
// workers with the other files' tests.
test.describe.configure({ mode: 'parallel' });

const TIMEOUT_MESSAGE = 'Calculation did not finish after 5 seconds. Is there an infinite loop?';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Calculators' });

/** An input's card in edit mode (`exact`: "Input a" must not match "Input ab"). */
const inputCard = (scope: Page | Locator, name: string) =>
  scope.getByRole('group', { name: `Input ${name}`, exact: true });
const outputCard = (scope: Page | Locator, name: string) =>
  scope.getByRole('group', { name: `Output ${name}`, exact: true });

/** An output's shown value where it is visible (calc mode, or the script tab's list). */
const shown = (page: Page, name: string) => page.locator(`[data-output="${name}"]:visible dd`);

/** The live value of an output on its card in edit mode. */
const currentValue = (page: Page, name: string) =>
  outputCard(page, name).getByRole('group', { name: 'Current value' });

/** Makes a draft with the side navigation's "New calculator"; returns its id. */
async function newDraft(page: Page): Promise<string> {
  await page.goto('/');
  await nav(page).getByRole('button', { name: 'New calculator' }).click();
  await expect(page).toHaveURL(new RegExp(`/source/${CALC_ID}$`));
  await expect(page.getByRole('tab', { name: 'Inputs & outputs' })).toBeVisible();
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

async function addInput(page: Page, type: string, name?: string, scope: Page | Locator = page) {
  const nested = scope !== page;
  await scope.getByRole('button', { name: nested ? 'Add sub-input' : 'Add input' }).click();
  if (nested) {
    // Lists cannot nest within lists (spec §3).
    await expect(page.getByRole('menuitem', { name: 'Number' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Repeating item' })).toHaveCount(0);
  }
  await page.getByRole('menuitem', { name: type, exact: true }).click();
  // The new input's name field has the focus.
  const field = page.locator(':focus');
  await expect(field).toHaveAccessibleName('Name');
  const given = await field.inputValue();
  if (name) await field.fill(name);
  return inputCard(scope, name ?? given);
}

async function addOutput(page: Page, type: 'Value' | 'Table', name: string) {
  await page.getByRole('button', { name: 'Add output' }).click();
  await page.getByRole('menuitem', { name: type, exact: true }).click();
  const field = page.locator(':focus');
  await expect(field).toHaveAccessibleName('Name');
  await field.fill(name);
  return outputCard(page, name);
}

/** Replaces the script on the Script tab, as typed into CodeMirror. */
async function setScript(page: Page, script: string) {
  await page.getByRole('tab', { name: 'Script' }).click();
  const editor = page.getByRole('textbox', { name: 'Script' });
  await expect(editor).toBeVisible();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(script);
  const lastLine = script.trim().split('\n').pop() ?? '';
  await expect(editor).toContainText(lastLine.trim());
}

async function openPanel(page: Page, name: string): Promise<Locator> {
  await page.getByRole('button', { name, exact: true }).click();
  const panel = page.getByRole('region', { name, exact: true });
  await expect(panel).toBeVisible();
  return panel;
}

/** Today + `days`, as the engine's relative dates count them (UTC), as yyyy-mm-dd. */
function utcDayFromToday(days: number): string {
  const now = new Date();
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days));
  return day.toISOString().slice(0, 10);
}

const EVERY_TYPE_SCRIPT = `'use strict';

const qty = inputs.items.map((item) => item.qty);
return {
  total: inputs.amount * 2 + qty.reduce((sum, q) => sum + q, 0),
  summary: [inputs.note, inputs.flag, day(inputs.start), day(inputs.due), inputs.size].join(' | '),
  rows: inputs.items.map((item, i) => ({ n: i + 1, qty: item.qty })),
};

function day(date) {
  return date instanceof Date ? date.toISOString().slice(0, 10) : 'none';
}
`;

test('a calculator with every input type, built in the editor, calculates live', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await newDraft(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Untitled calculator' })).toBeVisible();
  await expect(page).toHaveTitle('Untitled calculator · Source · Calcsmith');

  // Number, as a slider with the default bounds 0 and 100 (spec §5).
  const amount = await addInput(page, 'Number', 'amount');
  await amount.getByLabel('Presentation').selectOption({ label: 'Slider' });
  await expect(amount.getByLabel('Minimum')).toHaveValue('0');
  await expect(amount.getByLabel('Maximum')).toHaveValue('100');
  await expect(amount.getByRole('slider')).toHaveAttribute('min', '0');
  await expect(amount.getByRole('slider')).toHaveAttribute('max', '100');

  await addInput(page, 'Text', 'note');
  const flag = await addInput(page, 'Checkbox', 'flag');
  await expect(flag.getByLabel('Presentation')).toHaveValue('checkbox');
  await addInput(page, 'Date', 'start');
  await addInput(page, 'Date', 'due');

  // Radio/Dropdown with two choices, shown as a dropdown.
  const size = await addInput(page, 'Radio/Dropdown', 'size');
  await expect(size.getByLabel('Presentation')).toHaveValue('radio');
  await size.getByRole('button', { name: 'Add choice' }).click();
  await size.getByRole('button', { name: 'Add choice' }).click();
  await expect(size.getByLabel('Label of choice 1')).toHaveValue('Option 1');
  await expect(size.getByLabel('Value of choice 2')).toHaveValue('2');
  await size.getByLabel('Label of choice 2').fill('Large');
  await size.getByLabel('Value of choice 2').fill('10');
  await size.getByLabel('Presentation').selectOption({ label: 'Dropdown' });

  // A repeating item with a number sub-input; each new item starts at 3.
  const items = await addInput(page, 'Repeating item', 'items');
  const qty = await addInput(page, 'Number', 'qty', items);
  await qty.getByLabel('Value of a new item').fill('3');

  await expect(page.getByRole('group', { name: /^Input / })).toHaveCount(8);

  // A value output, another for text, and a table with two columns.
  await addOutput(page, 'Value', 'total');
  await addOutput(page, 'Value', 'summary');
  const rows = await addOutput(page, 'Table', 'rows');
  for (const column of ['n', 'qty']) {
    await rows.getByRole('button', { name: 'Add column' }).click();
    const field = page.locator(':focus');
    await expect(field).toHaveAccessibleName('Name');
    await field.fill(column);
    await expect(rows.getByRole('group', { name: `Column ${column}`, exact: true })).toBeVisible();
  }

  await expectAccessible(page, 'editor, edit mode with every input type');
  await screenshot(page, 'editor-edit-mode');

  await setScript(page, EVERY_TYPE_SCRIPT);
  const today = utcDayFromToday(0);
  // Nothing entered yet: the types' defaults (relative dates are today).
  await expect(shown(page, 'total')).toHaveText('0');
  await expect(shown(page, 'summary')).toHaveText(` | false | ${today} | ${today} | `);
  await expectAccessible(page, 'editor, script tab');
  await screenshot(page, 'editor-script');

  // Calc mode: the calculator as visitors see it.
  await page.getByRole('tab', { name: 'Inputs & outputs' }).click();
  await page.getByRole('button', { name: 'Calc mode' }).click();
  await expect(page.getByRole('button', { name: 'Calc mode' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const calc = page.getByRole('tabpanel', { name: 'Inputs & outputs' });
  await calc.getByRole('slider', { name: 'amount' }).fill('30');
  await calc.getByLabel('note', { exact: true }).fill('hello');
  await calc.getByRole('checkbox', { name: 'flag' }).check();
  const start = calc.getByRole('group', { name: 'start', exact: true });
  await start.getByRole('radio', { name: 'Specific date' }).check();
  await start.getByLabel('Date', { exact: true }).fill('2024-02-29');
  const due = calc.getByRole('group', { name: 'due', exact: true });
  await expect(due.getByRole('radio', { name: 'Relative to today' })).toBeChecked();
  await due.getByLabel('Amount').fill('7');
  await expect(due.getByLabel('Units')).toHaveValue('days');
  await calc.getByLabel('size', { exact: true }).selectOption({ label: 'Large' });
  const list = calc.getByRole('group', { name: 'items', exact: true });
  await list.getByRole('button', { name: 'Add item' }).click();
  await list.getByRole('button', { name: 'Add item' }).click();
  await expect(list.getByRole('group', { name: 'Item 1' }).getByLabel('qty')).toHaveValue('3');
  await list.getByRole('group', { name: 'Item 2' }).getByLabel('qty').fill('4');

  await expect(shown(page, 'total')).toHaveText('67');
  await expect(shown(page, 'summary')).toHaveText(
    `hello | true | 2024-02-29 | ${utcDayFromToday(7)} | 10`,
  );
  const table = calc.getByRole('region', { name: 'rows' }).getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['n', 'qty']);
  await expect(table.getByRole('row')).toHaveText(['nqty', '13', '24']);

  // Changing an input recalculates at once.
  await calc.getByRole('slider', { name: 'amount' }).fill('40');
  await expect(shown(page, 'total')).toHaveText('87');
  await list.getByRole('button', { name: 'Remove item 1' }).click();
  await expect(shown(page, 'total')).toHaveText('84');
  await expect(table.getByRole('row')).toHaveText(['nqty', '14']);

  await expect(calc.getByRole('heading', { name: 'Inputs', exact: true })).toBeVisible();
  await expect(calc.getByRole('heading', { name: 'Outputs', exact: true })).toBeVisible();
  await expectAccessible(page, 'editor, calc mode');
  await screenshot(page, 'editor-calc-mode');

  // The values entered differ from the defaults: they can become the defaults.
  await page.getByRole('button', { name: 'Set defaults to current values' }).click();
  await expect(page.getByText('Defaults set to current values.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set defaults to current values' })).toHaveCount(0);

  // The script tab shows the same live outputs.
  await page.getByRole('tab', { name: 'Script' }).click();
  const live = page.getByRole('region', { name: 'Live outputs' });
  await expect(live.locator('[data-output="total"] dd')).toHaveText('84');

  await switchTheme(page, 'dark');
  await expectAccessible(page, 'editor, script tab, dark');
  await screenshot(page, 'editor-script');
  await page.getByRole('tab', { name: 'Inputs & outputs' }).click();
  await expectAccessible(page, 'editor, calc mode, dark');
  await screenshot(page, 'editor-calc-mode');
  await page.getByRole('button', { name: 'Edit mode' }).click();
  await expect(currentValue(page, 'total')).toHaveText('84');
  await expectAccessible(page, 'editor, edit mode, dark');
  await screenshot(page, 'editor-edit-mode');
});

test('duplicate input names and unknown output keys show the spec messages', async ({ page }) => {
  await newDraft(page);
  await addInput(page, 'Number');
  const second = await addInput(page, 'Number');
  await expect(second).toBeVisible();
  await inputCard(page, 'b').getByLabel('Name', { exact: true }).fill('a');

  const outputs = page.getByRole('region', { name: 'Outputs', exact: true });
  await expect(outputs.getByRole('alert')).toHaveText('Multiple inputs have name "a".');
  // Each card with the name says so beside its name.
  await expect(page.getByText('Another input here is also named “a”.')).toHaveCount(2);
  await expectAccessible(page, 'editor, duplicate input names');
  await screenshot(page, 'editor-validation');

  await page.getByRole('textbox', { name: 'Name', exact: true }).nth(1).fill('b');
  await expect(outputs.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText('Another input here is also named “a”.')).toHaveCount(0);

  await setScript(page, "'use strict';\n\nreturn { zzz: inputs.a };\n");
  const live = page.getByRole('region', { name: 'Live outputs' });
  await expect(live.getByRole('alert')).toHaveText(
    'The outputs object or a table row object has unrecognized key "zzz".',
  );
  await page.getByRole('tab', { name: 'Inputs & outputs' }).click();
  await page.getByRole('button', { name: 'Calc mode' }).click();
  await expect(
    page.getByRole('tabpanel', { name: 'Inputs & outputs' }).getByRole('alert'),
  ).toHaveText('The outputs object or a table row object has unrecognized key "zzz".');
  await expectAccessible(page, 'editor, calc mode with an error');
});

test('a script error names its line and the button goes there; the lint flags names', async ({
  page,
}) => {
  await newDraft(page);
  await addOutput(page, 'Value', 'x');
  await setScript(page, "'use strict';\n\nthrow new Error('Something broke');\nreturn { x: 1 };\n");
  const live = page.getByRole('region', { name: 'Live outputs' });
  const goTo = live.getByRole('button', { name: /Go to line 3/ });
  await expect(goTo).toContainText('Error: Something broke (line 3)');
  await expect(live.locator('[data-output="x"] dd')).toHaveText('—');
  // The engine's error is also marked on its line in the editor.
  await expect(page.locator('.cm-lint-marker-error')).toHaveCount(1);

  // From the first tab the button opens the script with the cursor on line 3.
  await page.getByRole('tab', { name: 'Inputs & outputs' }).click();
  const outputs = page.getByRole('region', { name: 'Outputs', exact: true });
  await expect(outputs.getByRole('button', { name: /Go to line 3/ })).toContainText(
    'Error: Something broke (line 3)',
  );
  await expectAccessible(page, 'editor, script error in edit mode');
  await outputs.getByRole('button', { name: /Go to line 3/ }).click();
  await expect(page.getByRole('tab', { name: 'Script' })).toHaveAttribute('aria-selected', 'true');
  const editor = page.getByRole('textbox', { name: 'Script' });
  await expect(editor).toBeFocused();
  await expect(page.locator('.cm-activeLine')).toHaveText("throw new Error('Something broke');");
  await expect(page.locator('.cm-lineNumbers .cm-activeLineGutter')).toHaveText('3');

  // Move away, then back with the button beside the live outputs.
  await page.keyboard.press('ControlOrMeta+Home');
  await expect(page.locator('.cm-lineNumbers .cm-activeLineGutter')).toHaveText('1');
  await goTo.click();
  await expect(page.locator('.cm-lineNumbers .cm-activeLineGutter')).toHaveText('3');
  await expectAccessible(page, 'editor, script error on the script tab');
  await screenshot(page, 'editor-script-error');

  // An undeclared name is flagged even where the engine never gets to it.
  await setScript(page, "'use strict';\n\nconst y = 1 > 2 ? foo : 1;\nreturn { x: y };\n");
  await expect(live.locator('[data-output="x"] dd')).toHaveText('1');
  const flagged = page.locator('.cm-lintRange-warning', { hasText: 'foo' });
  await expect(flagged).toHaveCount(1);
  await flagged.hover();
  await expect(
    page.locator('.cm-tooltip .cm-diagnostic', { hasText: "'foo' is not defined." }),
  ).toHaveText("'foo' is not defined.");
  // Inputs are predefined: no warning for them.
  await setScript(page, "'use strict';\n\nreturn { x: inputs };\n");
  await expect(page.locator('.cm-lintRange-warning')).toHaveCount(0);
});

test('an endless loop times out after 5 seconds and the worker recovers', async ({ page }) => {
  test.setTimeout(60_000);
  await newDraft(page);
  await addOutput(page, 'Value', 'a');
  await setScript(page, "'use strict';\n\nreturn { a: 1 };\n");
  const live = page.getByRole('region', { name: 'Live outputs' });
  await expect(live.locator('[data-output="a"] dd')).toHaveText('1');

  await setScript(page, "'use strict';\n\nwhile (true) {}\n");
  await expect(live.getByRole('alert')).toHaveText(TIMEOUT_MESSAGE, { timeout: 15_000 });

  // After the fix the (restarted) worker answers again.
  await setScript(page, "'use strict';\n\nreturn { a: 42 };\n");
  await expect(live.locator('[data-output="a"] dd')).toHaveText('42');
  await expect(live.getByRole('alert')).toHaveCount(0);
});

/** Signs up in the sign-in dialog that is already open, solving the captcha. */
async function signUpInDialog(page: Page, account: Account) {
  await page
    .getByRole('dialog', { name: 'Sign in' })
    .getByRole('button', { name: 'No account yet? Sign up' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Sign up' });
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Name').fill(account.name);
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('checkbox', { name: 'I am not a robot' }).click();
  await expect(dialog.getByText('Verified')).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Sign up' }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
}

test('saving signed out signs up first; then reload, copy, delete, publish and embed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const id = await newDraft(page);
  const name = `Doubler ${id.slice(0, 6)}`;
  const settings = await openPanel(page, 'Settings');
  await settings.getByLabel('Name', { exact: true }).fill(name);
  await settings.getByRole('button', { name: 'Close Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: `[Unsaved] ${name}` })).toBeVisible();

  const a = await addInput(page, 'Number', 'a');
  await a.getByLabel('Current value', { exact: true }).fill('21');
  await page.getByRole('button', { name: 'Set defaults to current values' }).click();
  await addOutput(page, 'Value', 'x');
  await setScript(page, "'use strict';\n\nreturn { x: inputs.a * 2 };\n");
  await expect(shown(page, 'x')).toHaveText('42');

  // Ctrl+S from the script editor, signed out: the sign-in dialog comes first.
  await page.keyboard.press('Control+s');
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  await signUpInDialog(page, newAccount('saver'));
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible({ timeout: 15_000 });
  const save = page.getByRole('button', { name: 'Saved', exact: true });
  await expect(save).toBeDisabled();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name, exact: true })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: `[Unsaved] ${name}` })).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeDisabled();
  await expect(nav(page).getByRole('link', { name, exact: true })).toHaveAttribute(
    'href',
    `/source/${id}`,
  );
  // The server has it.
  const stored = await page.request.get(`/api/source/${id}`);
  expect(stored.status()).toBe(200);
  expect((await stored.json()).doc.name).toBe(name);
  await expectAccessible(page, 'editor, saved');

  // A copy is a new, unsaved calculator.
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/source/${CALC_ID}$`));
  const copyId = new URL(page.url()).pathname.split('/').pop() ?? '';
  expect(copyId).not.toBe(id);
  await expect(page.getByRole('heading', { level: 1, name: `Copy of ${name}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
  const copyLink = nav(page).getByRole('link', { name: `[Unsaved] Copy of ${name}` });
  await expect(copyLink).toHaveAttribute('href', `/source/${copyId}`);

  // Deleting the copy (never stored) confirms, then goes home.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this calculator?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, 'editor, delete confirmation');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(copyLink).toHaveCount(0);
  await expect(nav(page).getByRole('link', { name, exact: true })).toBeVisible();

  // The published page computes from the defaults, or from the hash.
  await nav(page).getByRole('link', { name, exact: true }).click();
  await page.getByRole('link', { name: 'View published' }).click();
  await expect(page).toHaveURL(new RegExp(`/calc/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.locator('[data-output="x"] dd')).toHaveText('42');

  // (Only the hash changes: a reload opens the page with it.)
  await page.goto(`/calc/${id}#{"1":5}`);
  await page.reload();
  await expect(page.getByLabel('a', { exact: true })).toHaveValue('5');
  await expect(page.locator('[data-output="x"] dd')).toHaveText('10');

  await page.goto(`/embed/${id}?autofocus=1`);
  await expect(page.getByLabel('a', { exact: true })).toBeFocused();
  await expect(page.locator('[data-output="x"] dd')).toHaveText('42');
});

test('a draft survives a reload', async ({ page }) => {
  const id = await newDraft(page);
  const name = `Draft ${id.slice(0, 6)}`;
  const settings = await openPanel(page, 'Settings');
  await settings.getByLabel('Name', { exact: true }).fill(name);
  await expect(nav(page).getByRole('link', { name: `[Unsaved] ${name}` })).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(new RegExp(`/source/${id}$`));
  await expect(nav(page).getByRole('link', { name: `[Unsaved] ${name}` })).toHaveAttribute(
    'href',
    `/source/${id}`,
  );
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
  const reopened = await openPanel(page, 'Settings');
  await expect(reopened.getByLabel('Name', { exact: true })).toHaveValue(name);
});

test('values typed in the editor survive reloads and a save, and never become defaults', async ({
  page,
}) => {
  await signUpViaApi(page.request, newAccount('values'));
  const name = `Kept values ${Date.now()}`;
  const id = await saveCalculator(page.request, doublerDoc(name));
  await page.goto(`/source/${id}`);
  const value = inputCard(page, 'a').getByLabel('Current value', { exact: true });
  await expect(value).toHaveValue('21');
  await value.fill('5');
  await expect(currentValue(page, 'x')).toHaveText('10.00');

  // A value tried is not a change to the calculator, yet a reload keeps it.
  await page.reload();
  await expect(value).toHaveValue('5');
  await expect(currentValue(page, 'x')).toHaveText('10.00');
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeDisabled();

  // Saved with another change: the value stays here, the doc's defaults stay 21.
  const settings = await openPanel(page, 'Settings');
  await settings.getByLabel('Name', { exact: true }).fill(`${name}!`);
  await settings.getByRole('button', { name: 'Close Settings' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible({ timeout: 15_000 });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeDisabled();
  await expect(value).toHaveValue('5');
  await expect(currentValue(page, 'x')).toHaveText('10.00');
  const stored = await page.request.get(`/api/source/${id}`);
  expect((await stored.json()).doc.defaults).toEqual({ '1': 21 });
  await page.goto(`/calc/${id}`);
  await expect(page.getByLabel('a', { exact: true })).toHaveValue('21');
  await expect(output(page, 'x')).toHaveText('42.00');
});

test('the formula helper inserts a formula and turns Math.js on', async ({ page }) => {
  await newDraft(page);
  const r = await addInput(page, 'Number', 'r');
  await r.getByLabel('Current value', { exact: true }).fill('2');
  await addOutput(page, 'Value', 'x');

  const helper = await openPanel(page, 'Formula helper');
  await expect(helper.getByLabel('Output')).toHaveValue('');
  await helper.getByRole('button', { name: 'Insert formula' }).click();
  await expect(helper.getByRole('alert')).toHaveText('You did not choose an output!');
  await expectAccessible(page, 'editor, formula helper');
  await screenshot(page, 'editor-formula-helper');

  await helper.getByLabel('Output').selectOption({ label: 'x' });
  await helper.getByRole('textbox', { name: 'Formula' }).fill('inputs.r * 3');
  await helper.getByRole('button', { name: 'Insert formula' }).click();
  await expect(helper.getByRole('alert')).toHaveCount(0);
  await expect(currentValue(page, 'x')).toHaveText('6');

  // math.* needs Math.js: the helper says so and turns it on.
  const warning = helper.getByText('Math.js is not enabled. Enable it to use math.* functions.');
  await expect(warning).toBeVisible();
  await helper.getByRole('button', { name: 'Enable Math.js' }).click();
  await expect(warning).toHaveCount(0);
  await helper.getByLabel('Output').selectOption({ label: 'x' });
  await helper.getByRole('textbox', { name: 'Formula' }).fill('math.sqrt(inputs.r * 8)');
  await helper.getByRole('button', { name: 'Insert formula' }).click();
  await expect(currentValue(page, 'x')).toHaveText('4', { timeout: 15_000 });

  const settings = await openPanel(page, 'Settings');
  await expect(settings.getByRole('checkbox', { name: 'Math.js' })).toBeChecked();
  await expect(settings.getByRole('checkbox', { name: 'Moment.js' })).not.toBeChecked();
});

test('a save the plan refuses shows the server message with Close and Upgrade', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpViaApi(page.request, newAccount('full'));
  for (let n = 1; n <= 5; n++) {
    await saveCalculator(
      page.request,
      calcDoc({ name: `Saved ${n}`, script: "'use strict';\n\nreturn {};\n" }),
    );
  }
  await newDraft(page);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await addOutput(page, 'Value', 'x');
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Error' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    'The free plan saves up to 5 calculators. Upgrade to Regular or Premium to save more.',
  );
  await expect(dialog.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Upgrade' })).toBeFocused();
  await expectAccessible(page, 'editor, save refused');
  await screenshot(page, 'editor-save-refused');

  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
  await expect(page.getByText('Unsaved changes')).toBeVisible();
});

test('leaving the page with an unsaved calculator asks first', async ({ page }) => {
  await newDraft(page);
  await addOutput(page, 'Value', 'x');
  const dialogs = await leaveFor(page, '/terms');
  await expect.poll(() => dialogs).toEqual(['beforeunload']);
  // Dismissed: the editor stays.
  await expect(page).toHaveURL(new RegExp(`/source/${CALC_ID}$`));
  await expect(page.getByRole('group', { name: 'Output x', exact: true })).toBeVisible();
});
