// Intl in the browser: the calculation worker loads the engine's Intl module (a wasm
// module of its own, several times the default one's size) only for a calculator whose
// script uses Intl, and then answers as V8 does.
import { expect, test, type BrowserContext } from '@playwright/test';
import {
  baseUrl,
  calcDoc,
  doublerDoc,
  newAccount,
  output,
  saveCalculator,
  signUpViaApi,
} from './helpers';

/** Every URL the pages and workers of `context` request from now on. */
function requests(context: BrowserContext): string[] {
  const urls: string[] = [];
  context.on('request', (request) => urls.push(request.url()));
  return urls;
}
const INTL_MODULE = /calcsmith_engine_intl/;

let priced: string;
let doubler: string;

test.beforeAll(async ({ playwright }) => {
  const author = await playwright.request.newContext({ baseURL: baseUrl() });
  await signUpViaApi(author, newAccount('intl'));
  priced = await saveCalculator(
    author,
    calcDoc({
      name: 'Price',
      script:
        "'use strict';\nconst total = inputs.qty * 116;\n" +
        "return { total: total.toLocaleString('en-US', { style: 'currency', currency: 'USD' }) };\n",
      inputs: [{ id: 1, name: 'qty', type: 'number' }],
      outputs: [{ id: 1, name: 'total', type: 'value' }],
      defaults: { '1': 1 },
    }),
  );
  doubler = await saveCalculator(author, doublerDoc());
  await author.dispose();
});

test('a published calculator using toLocaleString with a currency shows $11,600.00', async ({
  page,
  context,
}) => {
  const urls = requests(context);
  // The server's stored result is for the default (1): 100 is calculated by the page's worker.
  await page.goto(`/calc/${priced}#{"1":100}`);
  await expect(output(page, 'total')).toHaveText('$11,600.00');
  await page.getByLabel('qty', { exact: true }).fill('2.5');
  await expect(output(page, 'total')).toHaveText('$290.00');
  expect(urls.filter((url) => INTL_MODULE.test(url)).length).toBeGreaterThan(0);
});

test('a calculator without Intl never fetches the Intl module', async ({ page, context }) => {
  const urls = requests(context);
  await page.goto(`/calc/${doubler}#{"1":5}`);
  await expect(output(page, 'x')).toHaveText('10.00');
  await page.getByLabel('a', { exact: true }).fill('1234.5');
  await expect(output(page, 'x')).toHaveText('2,469.00');
  // The worker did calculate (the engine's wasm was fetched), just not with Intl.
  expect(urls.some((url) => /calcsmith_engine_bg.*\.wasm/.test(url))).toBe(true);
  expect(urls.filter((url) => INTL_MODULE.test(url))).toEqual([]);
});
