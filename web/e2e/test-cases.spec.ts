// Test cases in the editor (issue 13): a test added from the current values passes, a
// broken script makes it fail with a readable diff (a value and a table cell), and fixing
// the script makes it pass again; the Tests button on the toolbar carries the badge.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { calcDoc, expectAccessible, saveCalculator, signUpViaApi } from './helpers';

test.describe.configure({ mode: 'parallel' });

const GOOD = "'use strict';\n\nreturn { x: inputs.a * 2, rows: [{ k: 1, v: inputs.a }] };\n";
const BROKEN = "'use strict';\n\nreturn { x: inputs.a * 3, rows: [{ k: 1, v: inputs.a + 1 }] };\n";

const doc = () =>
  calcDoc({
    name: 'Tested doubler',
    script: GOOD,
    inputs: [{ id: 1, name: 'a', type: 'number' }],
    outputs: [
      { id: 1, name: 'x', type: 'value' },
      {
        id: 2,
        name: 'rows',
        type: 'table',
        metaOutputs: [
          { id: 1, name: 'k', type: 'value' },
          { id: 2, name: 'v', type: 'value' },
        ],
      },
    ],
    defaults: { '1': 21 },
  });

/** Replaces the script on the Script tab, as typed into CodeMirror. */
async function setScript(page: Page, script: string) {
  await page.getByRole('tab', { name: 'Script' }).click();
  const editor = page.getByRole('textbox', { name: 'Script' });
  await expect(editor).toBeVisible();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(script);
  await expect(editor).toContainText(script.trim().split('\n').pop() ?? '');
}

/** The Tests panel's toggle: a toolbar button, with the pass/fail badge in its name. */
const testsToggle = (page: Page) =>
  page.getByRole('group', { name: 'Editor tools' }).getByRole('button', { name: /^Tests( |$)/ });

/** Opens the Tests panel. */
async function openTests(page: Page) {
  await testsToggle(page).click();
  await expect(page.getByRole('region', { name: 'Tests', exact: true })).toBeVisible();
}

test('a test added from the current values fails with its diff on a broken script and passes once fixed', async ({
  page,
}) => {
  await signUpViaApi(page.request);
  const id = await saveCalculator(page.request, doc());
  await page.goto(`/source/${id}`);
  await openTests(page);
  const panel = page.getByRole('region', { name: 'Tests', exact: true });
  await expect(panel.getByText('No tests yet.')).toBeVisible();

  await panel.getByRole('button', { name: 'Add test from current values' }).click();
  const expectation = panel.getByLabel('Expected outputs (JSON)');
  await expect(expectation).toHaveValue(/"x": 42/);
  await panel.getByLabel('Test name').fill('Twenty-one');
  await panel.getByRole('button', { name: 'Save test' }).click();
  const item = panel.getByRole('listitem', { name: 'Test Twenty-one' });
  await expect(item.getByText('Passed')).toBeAttached();
  await expect(panel.getByRole('status')).toHaveText('1 passed, 0 failed');
  await expect(testsToggle(page)).toContainText('✓ 1');

  await setScript(page, BROKEN);
  await expect(item.getByText('Failed')).toBeAttached();
  await expect(testsToggle(page)).toContainText('✗ 1');
  const diff = item.getByRole('table', { name: 'What differs' });
  await expect(diff.getByRole('row')).toHaveText([
    'OutputRowColumnExpectedActual',
    'x4263',
    'rows1v2122',
  ]);
  await expectAccessible(page, 'editor, a failing test', '#editor-panel');

  await setScript(page, GOOD);
  await expect(item.getByText('Passed')).toBeAttached();
  await expect(diff).toHaveCount(0);
  await expect(panel.getByRole('status')).toHaveText('1 passed, 0 failed');

  // The test is part of the doc: saved with it, and there after a reload.
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByText('All changes saved')).toBeVisible();
  await page.reload();
  await openTests(page);
  await expect(
    page.getByRole('listitem', { name: 'Test Twenty-one' }).getByText('Passed'),
  ).toBeAttached();
});

test('a test made from a "Relative to today" date keeps its day, so it passes on any later day', async ({
  page,
}) => {
  await signUpViaApi(page.request);
  const id = await saveCalculator(
    page.request,
    calcDoc({
      name: 'Due date',
      script: "'use strict';\n\nreturn { due: inputs.due.toISOString().slice(0, 10) };\n",
      inputs: [{ id: 1, name: 'due', type: 'date' }],
      outputs: [{ id: 1, name: 'due', type: 'value' }],
      defaults: { '1': { type: 'relative', params: { delta: 30, units: 'days' } } },
    }),
  );
  await page.goto(`/source/${id}`);
  await openTests(page);
  const panel = page.getByRole('region', { name: 'Tests', exact: true });
  await panel.getByRole('button', { name: 'Add test from current values' }).click();
  // The day the outputs were computed on is recorded with them.
  const today = await page.evaluate(() => new Date().toISOString().slice(0, 10));
  await expect(panel.getByLabel('Today in this test')).toHaveValue(today);
  await panel.getByRole('button', { name: 'Save test' }).click();
  const made = panel.getByRole('listitem', { name: 'Test Test 1' });
  await expect(made.getByText('Passed')).toBeAttached();
  await expect(made.getByText(`Today: ${today}`)).toBeVisible();

  // A test made on another day: its 30 days count from that day, not from the clock's.
  await panel.getByRole('button', { name: 'Add test from current values' }).click();
  await panel.getByLabel('Test name').fill('Made on 5 January');
  await panel.getByLabel('Today in this test').fill('2026-01-05');
  await panel.getByLabel('Expected outputs (JSON)').fill('{"due": "2026-02-04"}');
  await panel.getByRole('button', { name: 'Save test' }).click();
  const old = panel.getByRole('listitem', { name: 'Test Made on 5 January' });
  await expect(old.getByText('Passed')).toBeAttached();
  await expect(panel.getByRole('status')).toHaveText('2 passed, 0 failed');

  // The server runs them on the same days when the calculator is saved.
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByText('All changes saved')).toBeVisible();
  const source = await (await page.request.get(`/api/source/${id}`)).json();
  expect(source.tests).toMatchObject({ passed: 2, failed: 0 });
  expect(source.doc.tests[1].today).toBe('2026-01-05');
});

/** How a form field looks: what sets the app's fields apart from the browser's own. */
const look = (field: Locator) =>
  field.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`,
      borderRadius: style.borderTopLeftRadius,
      padding: `${style.paddingTop} ${style.paddingLeft}`,
      fontFamily: style.fontFamily,
      fontSize: style.fontSize,
      background: style.backgroundColor,
      color: style.color,
      minHeight: style.minHeight,
    };
  });

test("the Tests panel's fields look like the editor's other fields", async ({ page }) => {
  await signUpViaApi(page.request);
  const id = await saveCalculator(page.request, doc());
  await page.goto(`/source/${id}`);
  // A plain field (Settings: the name) and a code field (an input's name).
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const settings = page.getByRole('region', { name: 'Settings', exact: true });
  const plain = await look(settings.getByLabel('Name', { exact: true }));
  await settings.getByRole('button', { name: 'Close Settings' }).click();
  const code = await look(page.getByRole('group', { name: 'Input a' }).getByLabel('Name'));
  expect(code.fontFamily).not.toBe(plain.fontFamily);

  await openTests(page);
  const panel = page.getByRole('region', { name: 'Tests', exact: true });
  await panel.getByRole('button', { name: 'Add test from current values' }).click();
  expect(await look(panel.getByLabel('Test name'))).toEqual(plain);
  expect(await look(panel.getByLabel('Tolerance for numbers'))).toEqual(plain);
  expect(await look(panel.getByLabel('Expected outputs (JSON)'))).toEqual(code);
});
