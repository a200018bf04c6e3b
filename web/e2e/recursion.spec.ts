// Deep recursion in the browser's engine (wasm in the calculation worker) works as in V8:
// a published calculator recursing 10,000 calls deep shows its result, and runaway
// recursion ends with V8's RangeError at the author's line instead of breaking the page.
import { expect, test } from '@playwright/test';
import { baseUrl, calcDoc, newAccount, output, saveCalculator, signUpViaApi } from './helpers';

test('a calculator recursing 10,000 calls deep calculates in the browser', async ({
  page,
  playwright,
}) => {
  const author = await playwright.request.newContext({ baseURL: baseUrl() });
  await signUpViaApi(author, newAccount('recursion'));
  const id = await saveCalculator(
    author,
    calcDoc({
      name: 'Deep',
      script:
        "'use strict';\nfunction depth(n) { return n === 0 ? 0 : 1 + depth(n - 1); }\n" +
        'return { d: depth(inputs.n) };\n',
      inputs: [{ id: 1, name: 'n', type: 'number' }],
      outputs: [{ id: 1, name: 'd', type: 'value' }],
      defaults: { '1': 3 },
    }),
  );
  await author.dispose();
  // The server's stored result is for the default (3): 10,000 comes from the page's worker.
  await page.goto(`/calc/${id}#{"1":10000}`);
  await expect(output(page, 'd')).toHaveText('10,000');
  await page.getByLabel('n', { exact: true }).fill('50000');
  await expect(
    page.getByText('RangeError: Maximum call stack size exceeded (line 2)'),
  ).toBeVisible();
  await page.getByLabel('n', { exact: true }).fill('9000');
  await expect(output(page, 'd')).toHaveText('9,000');
});
