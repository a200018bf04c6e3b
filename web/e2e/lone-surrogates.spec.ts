// Lone surrogates (issue 28, part 2): a script that cuts an emoji in half ('😀'.split(''))
// shows U+FFFD on the page, as a browser draws the code unit — from the server's stored
// result and from the page's own worker — and the server's JSON gives the browser the code
// unit itself, never the six characters `\uD83D`.
import { expect, test } from '@playwright/test';
import { baseUrl, calcDoc, newAccount, output, saveCalculator, signUpViaApi } from './helpers';

test('half an emoji shows as U+FFFD and reaches the browser as the code unit', async ({
  page,
  playwright,
}) => {
  const author = await playwright.request.newContext({ baseURL: baseUrl() });
  await signUpViaApi(author, newAccount('surrogates'));
  const id = await saveCalculator(
    author,
    calcDoc({
      name: 'Initials',
      script:
        "'use strict';\n\nconst units = inputs.name.split('');\n" +
        "return { initial: units[0] + '.', rows: [{ unit: units[1] }], count: units.length };\n",
      inputs: [{ id: 1, name: 'name', type: 'string' }],
      outputs: [
        { id: 1, name: 'initial', type: 'value' },
        { id: 2, name: 'count', type: 'value' },
        {
          id: 3,
          name: 'rows',
          type: 'table',
          metaOutputs: [{ id: 1, name: 'unit', type: 'value' }],
        },
      ],
      defaults: { '1': '😀' },
    }),
  );
  await author.dispose();

  await page.goto(`/calc/${id}`);
  await expect(output(page, 'initial')).toHaveText('\uFFFD.');
  await expect(output(page, 'count')).toHaveText('2');
  const rows = page.locator('[data-output="rows"]');
  await expect(rows.getByRole('cell', { name: '\uFFFD', exact: true })).toBeVisible();

  // The page's worker (wasm) calculates a new name.
  await page.getByLabel('name', { exact: true }).fill('🎉x');
  await expect(output(page, 'count')).toHaveText('3');
  await expect(output(page, 'initial')).toHaveText('\uFFFD.');
  await expect(rows.getByRole('cell', { name: '\uFFFD', exact: true })).toBeVisible();

  // The server's answer, read by the browser's JSON.parse: the code units themselves.
  const units = await page.evaluate(async (calc) => {
    const response = await fetch(`/api/calc/${calc}/eval`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ values: { '1': '😀' } }),
    });
    const result = await response.json();
    return [result.outputs.initial, result.outputs.rows[0].unit].map((text: string) =>
      [...text].map((c) => c.charCodeAt(0)),
    );
  }, id);
  expect(units).toEqual([[0xd83d, 0x2e], [0xde00]]);
});
