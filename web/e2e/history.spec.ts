// Version history, export and import (issue 13) against the real server: three saves make
// three versions; the History panel lists them, compares the first with the editor (the
// script side by side with its changed lines marked, the other changes as a list) and
// restores it as an unsaved change that the next save makes current. Export downloads
// `{_id, doc, doc_style}`; importing that file opens a new draft with a fresh id and the
// same doc; a file that is not a calculator is refused and changes nothing.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import {
  CALC_ID,
  calcDoc,
  expectAccessible,
  saveCalculator,
  screenshot,
  signUpViaApi,
} from './helpers';

test.describe.configure({ mode: 'parallel' });

const script = (factor: number) => `'use strict';\n\nreturn { x: inputs.a * ${factor} };\n`;

const versionedDoc = () =>
  calcDoc({
    name: 'Versioned',
    description: 'Doubles.',
    script: script(2),
    inputs: [{ id: 1, name: 'a', type: 'number', step: 1 }],
    outputs: [{ id: 1, name: 'x', type: 'value' }],
    defaults: { '1': 21 },
  });

/** Replaces the script on the Script tab, as typed into CodeMirror. */
async function setScript(page: Page, text: string) {
  await page.getByRole('tab', { name: 'Script' }).click();
  const editor = page.getByRole('textbox', { name: 'Script', exact: true });
  await expect(editor).toBeVisible();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
  await expect(editor).toContainText(text.trim().split('\n').pop() ?? '');
}

async function save(page: Page) {
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.keyboard.press('Control+s');
  await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 15_000 });
}

/** Opens a side panel with its toolbar button. */
async function openPanel(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).click();
  const panel = page.getByRole('region', { name, exact: true });
  await expect(panel).toBeVisible();
  return panel;
}

test('three saves, the first compared with the editor, restored and saved again', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpViaApi(page.request);
  const id = await saveCalculator(page.request, versionedDoc());
  await page.goto(`/source/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Versioned' })).toBeVisible();

  // Versions 2 and 3 from the editor.
  await setScript(page, script(3));
  await save(page);
  const settings = await openPanel(page, 'Settings');
  await settings.getByLabel('Description').fill('Quadruples.');
  await setScript(page, script(4));
  await save(page);

  const history = await openPanel(page, 'History');
  const versions = history.getByRole('list', { name: 'Versions' }).getByRole('listitem');
  await expect(versions).toHaveCount(3);
  await expect(versions.nth(0)).toContainText('Version 3');
  await expect(versions.nth(0)).toContainText('current');
  await expect(versions.nth(1)).toContainText('Version 2');
  await expect(versions.nth(2)).toContainText('Version 1');
  await expectAccessible(page, 'history panel', '#editor-panel');
  await screenshot(page, 'history-panel');

  await versions.nth(2).getByRole('button').click();
  const dialog = page.getByRole('dialog', { name: /^Version 1 · / });
  await expect(dialog).toBeVisible();
  await expect(
    dialog
      .getByRole('region', { name: 'Changes from version 1 to the editor' })
      .getByRole('listitem'),
  ).toHaveText(['Description: “Doubles.” → “Quadruples.”']);
  // The script side by side: the changed line marked on each side.
  const diff = dialog.getByTestId('script-diff');
  const sides = diff.locator('.cm-editor');
  await expect(sides).toHaveCount(2);
  await expect(sides.nth(0).locator('.cm-changedLine')).toHaveText(['return { x: inputs.a * 2 };']);
  await expect(sides.nth(1).locator('.cm-changedLine')).toHaveText(['return { x: inputs.a * 4 };']);
  await expectAccessible(page, 'version dialog', 'dialog');
  await screenshot(page, 'history-version');

  // Restore: in the editor as an unsaved change; nothing saved yet.
  await dialog.getByRole('button', { name: 'Restore this version' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText('Version 1 is in the editor. Save to make it the current version.'),
  ).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Script', exact: true })).toContainText(
    'inputs.a * 2',
  );
  const before = await (await page.request.get(`/api/source/${id}`)).json();
  expect(before.doc.script).toBe(script(4));

  await save(page);
  const first = await (await page.request.get(`/api/source/${id}/versions/1`)).json();
  const now = await (await page.request.get(`/api/source/${id}`)).json();
  expect(now.doc).toEqual(first.doc);
  expect(now.doc_style).toEqual(first.doc_style);
  // The restored doc is the newest version, listed first.
  await expect(versions).toHaveCount(4);
  await expect(versions.nth(0)).toContainText('Version 4');
  await expect(versions.nth(0)).toContainText('current');
});

test('export downloads the calculator; importing the file opens it as a new draft', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpViaApi(page.request);
  const doc = {
    ...versionedDoc(),
    name: 'Exported loan',
    tests: [{ name: 'Typical', values: { '1': 21 }, expected: { x: 42 } }],
    holdWhileTestsFail: true,
    aFieldOfTheFuture: { kept: [1, 2, 3] },
  };
  const id = await saveCalculator(page.request, doc as never, { bgcolor: '#ffeedd' });
  const stored = await (await page.request.get(`/api/source/${id}`)).json();
  await page.goto(`/source/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Exported loan' })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Exported loan.json');
  const path = await download.path();
  const file = JSON.parse(await readFile(path, 'utf8'));
  expect(file).toEqual({ _id: id, doc: stored.doc, doc_style: stored.doc_style });
  expect(file.doc.tests).toEqual(doc.tests);
  expect(file.doc.aFieldOfTheFuture).toEqual(doc.aFieldOfTheFuture);

  // Import it from My calculators: a new draft with a fresh id and the same doc, but for
  // its name, which tells it from the calculator it came from.
  await page.goto('/user/calculators');
  await expect(page.getByRole('heading', { level: 1, name: 'My calculators' })).toBeVisible();
  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import' }).click();
  await (await choosing).setFiles(path);
  await expect(page).toHaveURL(new RegExp(`/source/${CALC_ID}$`));
  const newId = new URL(page.url()).pathname.split('/').pop() ?? '';
  expect(newId).not.toBe(id);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Exported loan (imported)' }),
  ).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await expect(
    page.getByText('“Exported loan (imported)” is open as a new draft. Save it to keep it.'),
  ).toBeVisible();
  await screenshot(page, 'import-draft');
  await save(page);
  const imported = await (await page.request.get(`/api/source/${newId}`)).json();
  expect(imported.doc).toEqual({ ...stored.doc, name: 'Exported loan (imported)' });
  expect(imported.doc_style).toEqual(stored.doc_style);
  await page.goto('/user/calculators');
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
    'Exported loan (imported)',
    'Exported loan',
  ]);
});

test('a dropped file that is not a calculator is refused and nothing changes', async ({ page }) => {
  await signUpViaApi(page.request);
  await saveCalculator(page.request, versionedDoc());
  await page.goto('/user/calculators');
  await expect(page.getByRole('heading', { level: 2, name: 'Versioned' })).toBeVisible();

  const drop = async (text: string) => {
    const dataTransfer = await page.evaluateHandle((content) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([content], 'notes.json', { type: 'application/json' }));
      return transfer;
    }, text);
    const target = page.getByRole('main');
    await target.dispatchEvent('dragenter', { dataTransfer });
    await target.dispatchEvent('dragover', { dataTransfer });
    await target.dispatchEvent('drop', { dataTransfer });
  };

  await drop('{"name": "not a calculator"');
  await expect(
    page.getByText('This file is not a calculator: it is not JSON. Nothing was imported.'),
  ).toBeVisible();
  await drop('{"name": "Versioned"}');
  await expect(
    page.getByText('This file is not a calculator: it has no “doc” object. Nothing was imported.'),
  ).toBeVisible();
  // The engine's own rules: an input's type is one it knows (the engine's words).
  await drop('{"doc": {"metaInputs": [{"id": 1, "name": "a", "type": "slider"}]}}');
  await expect(
    page.getByText(
      /^This file is not a calculator: unknown variant `slider`, expected one of .+\. Nothing was imported\.$/,
    ),
  ).toBeVisible();
  await screenshot(page, 'import-refused');
  await expect(page).toHaveURL(/\/user\/calculators$/);
  const drafts = await page.evaluate(() => localStorage.getItem('calcsmith.calcs'));
  expect(JSON.parse(drafts ?? '{"state":{"calcs":{}}}').state.calcs).toEqual({});
});
