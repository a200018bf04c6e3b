// Private logic (issue 32): an author on Regular keeps a calculator's script on the server
// (`privateScript`); visitors of /calc/{id} and /embed/{id} get the right answers from
// `POST /api/calc/{id}/eval`, and no response the page receives holds the script. The author
// turns it on in the editor's Settings; on the free plan it is off, and a downgraded private
// calculator's save names the plans that keep it.
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

// ---- the author's switch in Settings ----

const NEEDS_PLAN =
  "A private script needs the Regular or Premium plan. Upgrade to keep this calculator's script private.";

/** A public calculator whose script holds `marker`: x = a × 4. */
const markedDoc = (marker: string) =>
  calcDoc({
    name: 'Switch',
    script: `'use strict';\n// ${marker}\nreturn { x: inputs.a * 4 };\n`,
    inputs: [{ id: 1, name: 'a', type: 'number' }],
    outputs: [{ id: 1, name: 'x', type: 'value', decimalPlaces: 2 }],
    defaults: { '1': 3 },
  });

/** Opens the editor's Settings on `calcId`; returns the "Keep the script private" box. */
async function privateSwitch(page: Page, calcId: string) {
  await page.goto(`/source/${calcId}`);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  return page
    .getByRole('region', { name: 'Settings', exact: true })
    .getByRole('checkbox', { name: 'Keep the script private' });
}

/** What `GET /api/calc/{id}` gives a visitor, as text. */
async function publishedText(request: APIRequestContext, calcId: string): Promise<string> {
  const response = await request.get(`${baseUrl()}/api/calc/${calcId}`);
  expect(response.status()).toBe(200);
  return response.text();
}

test('an author on Regular turns the switch on in Settings; visitors no longer get the script', async ({
  page,
  browser,
  playwright,
}) => {
  const account = await signUpViaApi(page.request, newAccount('switch'));
  setPlan(account.email, 'regular');
  const marker = 'zq-switch-secret-6604';
  const calcId = await saveCalculator(page.request, markedDoc(marker));
  const anyone = await playwright.request.newContext();
  // Before: the published doc carries the script, as every public calculator's does.
  expect(await publishedText(anyone, calcId)).toContain(marker);

  const box = await privateSwitch(page, calcId);
  await expect(box).toBeEnabled();
  await expect(box).not.toBeChecked();
  await box.check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();
  expect((await (await page.request.get(`/api/source/${calcId}`)).json()).doc.privateScript).toBe(
    true,
  );

  const visitor = await browser.newContext({ baseURL: baseUrl() });
  const visit = await visitor.newPage();
  const bodies = responseLog(visit);
  await visit.goto(`/calc/${calcId}`);
  await expect(output(visit, 'x')).toHaveText('12.00');
  await expect(visit.getByText(NOTE)).toBeVisible();
  await visit.getByLabel('a', { exact: true }).fill('5');
  await expect(output(visit, 'x')).toHaveText('20.00');
  for (const body of await bodies()) expect(body).not.toContain(marker);
  expect(await publishedText(anyone, calcId)).not.toContain(marker);
  await visitor.close();
  await anyone.dispose();
});

test('on the free plan the switch is off and says why; a private calculator’s save says which plans keep it', async ({
  page,
  playwright,
}) => {
  const account = await signUpViaApi(page.request, newAccount('downgraded'));
  const marker = 'zq-downgrade-secret-2291';
  const fresh = await saveCalculator(page.request, markedDoc(marker));
  let box = await privateSwitch(page, fresh);
  await expect(box).toBeDisabled();
  await expect(box).toHaveAccessibleDescription(
    'Keeping the script private needs the Regular or Premium plan.',
  );

  // Made private on Regular, then the plan goes back to free.
  setPlan(account.email, 'regular');
  const held = await saveCalculator(page.request, {
    ...markedDoc(marker),
    privateScript: true,
  } as ReturnType<typeof calcDoc>);
  setPlan(account.email, 'free');
  box = await privateSwitch(page, held);
  await expect(box).toBeChecked();
  // Still on, it can be turned off.
  await expect(box).toBeEnabled();
  await page
    .getByRole('region', { name: 'Settings', exact: true })
    .getByLabel('Name', { exact: true })
    .fill('Renamed');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const refusal = page.getByRole('dialog', { name: 'Error' });
  await expect(refusal.getByText(NEEDS_PLAN, { exact: true })).toBeVisible();
  await refusal.getByRole('button', { name: 'Close' }).first().click();

  await box.uncheck();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expect(box).toBeDisabled();
  const anyone = await playwright.request.newContext();
  expect(await publishedText(anyone, held)).toContain(marker);
  await anyone.dispose();
});
