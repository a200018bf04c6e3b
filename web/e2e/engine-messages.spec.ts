// The engine's messages in the Russian interface (issue 26, item 8): its fixed messages
// (the time-out) in Russian; the author's JavaScript errors in V8's English, as a browser
// shows them, with the line marker and "Go to line" in Russian, in the editor and on the
// published page; the History diff's collapsed unchanged lines in Russian, and in the
// dark theme's colours rather than a bright band.
import { expect, test, type Page } from '@playwright/test';
import {
  calcDoc,
  expectAccessible,
  saveCalculator,
  screenshot,
  signUpViaApi,
  switchTheme,
} from './helpers';

test.describe.configure({ mode: 'parallel' });

/** Switches the interface to Russian as a person does (the header's language list). */
async function inRussian(page: Page) {
  await page.goto('/');
  await page.getByLabel('Language').selectOption({ label: 'Русский' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
}

/** Replaces the script on the Script tab, as typed into CodeMirror (Russian interface). */
async function setScript(page: Page, text: string) {
  await page.getByRole('tab', { name: 'Скрипт' }).click();
  const editor = page.getByRole('textbox', { name: 'Скрипт', exact: true });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
  await expect(editor).toContainText(text.trim().split('\n').pop() ?? '');
}

const brokenDoc = () =>
  calcDoc({
    name: 'Сломанный',
    script: "'use strict';\n\nvar rate = null;\nreturn { x: rate.value };\n",
    outputs: [{ id: 1, name: 'x', type: 'value' }],
  });

const V8_ERROR = "TypeError: Cannot read properties of null (reading 'value')";

test('a JS error keeps V8’s English with a Russian line; the time-out is in Russian', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpViaApi(page.request);
  const id = await saveCalculator(page.request, brokenDoc());
  await inRussian(page);

  await page.goto(`/source/${id}`);
  await page.getByRole('tab', { name: 'Скрипт' }).click();
  const live = page.getByRole('region', { name: 'Результаты расчёта' });
  const goTo = live.getByRole('button', { name: /Перейти к строке 4/ });
  await expect(goTo).toHaveText(`${V8_ERROR} (строка 4) Перейти к строке 4`);
  await goTo.click();
  await expect(page.locator('.cm-lineNumbers .cm-activeLineGutter')).toHaveText('4');
  await expectAccessible(page, 'editor, script error in Russian');

  await setScript(page, "'use strict';\n\nwhile (true) {}\n");
  await expect(live.getByRole('alert')).toHaveText(
    'Расчёт не завершился за 5 секунд. Нет ли в скрипте бесконечного цикла?',
    { timeout: 15_000 },
  );

  // The published page says it as the editor does.
  await page.goto(`/calc/${id}`);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(`${V8_ERROR} (строка 4)`);
});

/** A script of 22 lines; only the last differs between versions. */
const longScript = (factor: number) =>
  [
    "'use strict';",
    ...Array.from({ length: 20 }, (_, n) => `// step ${n + 1}`),
    `return { x: inputs.a * ${factor} };`,
    '',
  ].join('\n');

test('the History diff’s collapsed lines are in Russian and in the dark theme’s colours', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpViaApi(page.request);
  const doc = calcDoc({
    name: 'Версии',
    script: longScript(2),
    inputs: [{ id: 1, name: 'a', type: 'number' }],
    outputs: [{ id: 1, name: 'x', type: 'value' }],
    defaults: { '1': 21 },
  });
  const id = await saveCalculator(page.request, doc);
  const { revision } = await (await page.request.get(`/api/source/${id}`)).json();
  const second = await page.request.post(`/api/source/${id}`, {
    data: { doc: { ...doc, script: longScript(3) }, doc_style: {}, revision },
  });
  expect(second.status(), await second.text()).toBe(200);

  await page.goto('/');
  await switchTheme(page, 'dark');
  await inRussian(page);
  await page.goto(`/source/${id}`);
  // At 1280 px History is on the toolbar in Russian too (toolbar.spec.ts).
  await page.getByRole('button', { name: 'История', exact: true }).click();
  const history = page.getByRole('region', { name: 'История', exact: true });
  const versions = history.getByRole('list', { name: 'Версии' }).getByRole('listitem');
  await expect(versions).toHaveCount(2);
  await versions.nth(1).getByRole('button').click();
  const dialog = page.getByRole('dialog', { name: /^Версия 1 · / });

  // Lines 1–18 of both sides are folded away (three kept above the change).
  const collapsed = dialog.getByTestId('script-diff').locator('.cm-collapsedLines');
  await expect(collapsed).toHaveText(['Строк без изменений: 18', 'Строк без изменений: 18']);
  const look = await collapsed.first().evaluate((bar) => {
    const style = getComputedStyle(bar);
    return { image: style.backgroundImage, colour: style.backgroundColor };
  });
  // The dark theme's --surface-2, not @codemirror/merge's near-white band.
  expect(look).toEqual({ image: 'none', colour: 'rgb(22, 48, 90)' });
  await expectAccessible(page, 'version dialog in Russian, dark', 'dialog');
  await screenshot(page, 'history-version-ru');
});
