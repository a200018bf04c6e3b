// Private logic (issue 32): an author on Regular keeps a calculator's script on the server
// (`privateScript`); visitors of /calc/{id} and /embed/{id} get the right answers from
// `POST /api/calc/{id}/eval`, and no response the page receives holds the script.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  baseUrl,
  calcDoc,
  newAccount,
  output,
  saveCalculator,
  setPlan,
  signUpViaApi,
} from './helpers';

/** Texts only the script and its test case hold. */
const SECRETS = ['zq-secret-margin-5521', 'inputs.a * 3 + 1', 'zq-test-case-8830'];
const NOTE =
  'Its author keeps this calculator’s formulas private: it calculates on the server, so it does not work offline and has no What if… tools or export.';

let author: APIRequestContext;
let id: string;

test.beforeAll(async ({ playwright }) => {
  author = await playwright.request.newContext({ baseURL: baseUrl() });
  const account = await signUpViaApi(author, newAccount('private'));
  setPlan(account.email, 'regular');
  const doc = {
    ...calcDoc({
      name: 'Margin',
      script: "'use strict';\n// zq-secret-margin-5521\nreturn { x: inputs.a * 3 + 1 };\n",
      inputs: [{ id: 1, name: 'a', type: 'number' }],
      outputs: [{ id: 1, name: 'x', type: 'value', decimalPlaces: 2 }],
      defaults: { '1': 21 },
    }),
    explore: true,
    privateScript: true,
    tests: [{ name: 'zq-test-case-8830', values: { '1': 2 }, expected: { x: 7 } }],
  };
  id = await saveCalculator(author, doc as ReturnType<typeof calcDoc>);
});

test.afterAll(async () => {
  await author.dispose();
});

/** Every response body the page receives from now on (read once the test asks). */
function responseLog(page: Page): () => Promise<string[]> {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    bodies.push(response.text().catch(() => ''));
  });
  return () => Promise.all(bodies);
}

for (const path of ['calc', 'embed'] as const) {
  test(`a visitor of /${path}/ID gets the answers from the server, never the script`, async ({
    page,
  }) => {
    const bodies = responseLog(page);
    const evals: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(`/api/calc/${id}/eval`)) evals.push(request.postDataJSON());
    });
    await page.goto(`/${path}/${id}`);
    await expect(output(page, 'x')).toHaveText('64.00');
    await expect(page.getByText(NOTE)).toBeVisible();
    await page.getByLabel('a', { exact: true }).fill('5');
    await expect(output(page, 'x')).toHaveText('16.00');
    await page.getByLabel('a', { exact: true }).fill('10');
    await expect(output(page, 'x')).toHaveText('31.00');
    expect(evals).toContainEqual(expect.objectContaining({ values: { '1': 10 } }));
    await expect(page.getByRole('button', { name: 'What if…' })).toHaveCount(0);

    const received = await bodies();
    expect(received.length).toBeGreaterThan(3);
    for (const body of received) {
      for (const secret of SECRETS) expect(body).not.toContain(secret);
    }
  });
}
