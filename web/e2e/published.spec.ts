// Published (/calc/{id}) and embedded (/embed/{id}) calculators (spec §2, §8, §9), made
// through the API by one author for the whole file.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  baseUrl,
  calcDoc,
  doublerDoc,
  LONG_LINK,
  newAccount,
  output,
  randomId,
  saveCalculator,
  setPlan,
  signUpViaApi,
} from './helpers';

const TIMEOUT_MESSAGE = 'Calculation did not finish after 5 seconds. Is there an infinite loop?';
const NOT_FOUND = 'This calculator does not exist or is private.';

let author: APIRequestContext;
let doubler: string;

test.beforeAll(async ({ playwright }) => {
  author = await playwright.request.newContext({ baseURL: baseUrl() });
  await signUpViaApi(author, newAccount('author'));
  doubler = await saveCalculator(author, doublerDoc());
});

test.afterAll(async () => {
  await author.dispose();
});

test('the published page shows the outputs and recalculates as you type', async ({ page }) => {
  await page.goto(`/calc/${doubler}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Doubler' })).toBeVisible();
  await expect(page.getByText('Doubles a number.')).toBeVisible();
  const a = page.getByLabel('a', { exact: true });
  await expect(a).toHaveValue('21');
  await expect(output(page, 'x')).toHaveText('42.00');

  await a.fill('5');
  await expect(output(page, 'x')).toHaveText('10.00');
  await a.fill('1234.5');
  await expect(output(page, 'x')).toHaveText('2,469.00');
});

test('the engine reaches the browser compressed, within 1.3 MB', async ({ page }) => {
  const module = page.waitForResponse((response) =>
    /\/calcsmith_engine_bg[^/]*\.wasm$/.test(new URL(response.url()).pathname),
  );
  await page.goto(`/calc/${doubler}`);
  const wasm = await module;
  expect(['br', 'gzip']).toContain(wasm.headers()['content-encoding']);
  const { responseBodySize } = await wasm.request().sizes();
  expect(responseBodySize).toBeGreaterThan(100_000);
  expect(responseBodySize).toBeLessThanOrEqual(1.3e6);
  await expect(output(page, 'x')).toHaveText('42.00');
});

test('values in the hash override the defaults; bad JSON is ignored', async ({ page }) => {
  await page.goto(`/calc/${doubler}#{"1":5}`);
  await expect(page.getByLabel('a', { exact: true })).toHaveValue('5');
  await expect(output(page, 'x')).toHaveText('10.00');

  await page.goto(`/calc/${doubler}#${encodeURIComponent('{"1":7}')}`);
  await page.reload();
  await expect(output(page, 'x')).toHaveText('14.00');

  await page.goto(`/calc/${doubler}#{"1":oops`);
  await page.reload();
  await expect(page.getByLabel('a', { exact: true })).toHaveValue('21');
  await expect(output(page, 'x')).toHaveText('42.00');
});

test('a long link in an output is shortened and clickable', async ({ page, context }) => {
  await context.route('https://example.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>docs</title>docs' }),
  );
  await page.goto(`/calc/${doubler}`);
  const link = output(page, 'link').getByRole('link');
  await expect(output(page, 'link')).toHaveText(`See ${LONG_LINK.slice(0, 30)}…`);
  await expect(link).toHaveText(`${LONG_LINK.slice(0, 30)}…`);
  await expect(link).toHaveAttribute('href', LONG_LINK);
  const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await expect(popup).toHaveURL(LONG_LINK);
});

test('share buttons open 550×420 popups with a cache-busting link', async ({ page }) => {
  await page.addInitScript(() => {
    const opened: unknown[][] = [];
    Object.assign(window, { __opened: opened });
    window.open = (...args: unknown[]) => {
      opened.push(args);
      return null;
    };
  });
  await page.goto(`/calc/${doubler}`);
  await expect(output(page, 'x')).toHaveText('42.00');
  const share = page.getByRole('group', { name: 'Share' });
  await share.getByRole('button', { name: 'X (Twitter)' }).click();
  await share.getByRole('button', { name: 'Facebook' }).click();
  const opened = await page.evaluate(
    () => (window as unknown as { __opened: string[][] }).__opened,
  );
  expect(opened).toHaveLength(2);
  const shared = new RegExp(`/calc/${doubler}\\?s=[0-9A-Za-z]{5}$`);
  const [twitter, facebook] = opened;
  expect(twitter[0]).toMatch(/^https:\/\/twitter\.com\/intent\/tweet\?/);
  expect(new URL(twitter[0]).searchParams.get('url')).toMatch(shared);
  expect(new URL(twitter[0]).searchParams.get('url')!.startsWith(baseUrl())).toBe(true);
  expect(facebook[0]).toMatch(/^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?/);
  expect(new URL(facebook[0]).searchParams.get('u')).toMatch(shared);
  for (const [, , features] of opened) {
    expect(features).toMatch(/(^|,)width=550(,|$)/);
    expect(features).toMatch(/(^|,)height=420(,|$)/);
  }

  const mail = share.getByRole('link', { name: 'E-mail' });
  const href = (await mail.getAttribute('href')) ?? '';
  expect(href).toMatch(/^mailto:\?/);
  expect(new URLSearchParams(href.slice('mailto:?'.length)).get('body')).toMatch(shared);

  await share.getByRole('button', { name: 'Link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this calculator' });
  await expect(dialog).toBeVisible();
  const link = dialog.getByLabel('Link to this calculator');
  await expect(link).toBeFocused();
  await expect(link).toHaveValue(new RegExp(`^${baseUrl()}/calc/${doubler}\\?s=[0-9A-Za-z]{5}$`));
  const snippet = dialog.getByLabel(/Embed on your site/);
  await expect(snippet).toHaveValue(new RegExp(`<iframe [^>]*src="${baseUrl()}/embed/${doubler}"`));
  await expect(snippet).toHaveValue(/calcsmith:height/);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('the embed view focuses the first input with ?autofocus=1', async ({ page }) => {
  await page.goto(`/embed/${doubler}?autofocus=1`);
  const a = page.getByLabel('a', { exact: true });
  await expect(a).toBeFocused();
  await expect(output(page, 'x')).toHaveText('42.00');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('4');
  await expect(output(page, 'x')).toHaveText('8.00');

  await page.goto(`/embed/${doubler}#{"1":3}`);
  await expect(output(page, 'x')).toHaveText('6.00');
  await expect(page.getByLabel('a', { exact: true })).not.toBeFocused();
  // The embed has no application chrome.
  await expect(page.getByRole('banner')).toHaveCount(0);
});

test('the share snippet sizes its frame from the embed’s calcsmith:height message', async ({
  page,
}) => {
  await page.goto(`/calc/${doubler}`);
  await page.getByRole('group', { name: 'Share' }).getByRole('button', { name: 'Link' }).click();
  const snippet = await page.getByLabel(/Embed on your site/).inputValue();

  // A page on another site that pastes the snippet, served from a local address (Chromium
  // blocks a public page, which a routed one counts as, from framing a local one).
  const hostPage =
    '<!doctype html><html lang="en"><head><title>Host</title>' +
    '<script>window.heights=[];addEventListener("message",function(e){' +
    'if(e.data&&e.data.type==="calcsmith:height")window.heights.push(e.data)})</script>' +
    `</head><body><h1>A site</h1>${snippet}</body></html>`;
  const site = createServer((_, response) => {
    response.setHeader('content-type', 'text/html');
    response.end(hostPage);
  });
  await new Promise<void>((listening) => site.listen(0, '127.0.0.1', listening));
  const { port } = site.address() as AddressInfo;
  // localhost is another site than the server's 127.0.0.1.
  const host = `http://localhost:${port}/host.html`;
  try {
    await page.goto(host);
    const frame = page.frameLocator(`#calcsmith-${doubler}`);
    await expect(frame.locator('[data-output="x"] dd')).toHaveText('42.00');
    // The frame ends up as tall as the last height the embed reported.
    const sizes = () =>
      page.evaluate((id) => {
        const heights = (window as unknown as { heights: { id: string; height: number }[] })
          .heights;
        const last = heights[heights.length - 1];
        const frame = document.getElementById(`calcsmith-${id}`)!;
        return { id: last?.id, reported: last?.height ?? 0, shown: frame.offsetHeight };
      }, doubler);
    await expect.poll(async () => (await sizes()).reported).toBeGreaterThan(100);
    await expect
      .poll(async () => {
        const { reported, shown } = await sizes();
        return shown === reported;
      })
      .toBe(true);
    expect((await sizes()).id).toBe(doubler);
  } finally {
    site.close();
  }
});

test('a calculator saved with a script error shows the error', async ({ page }) => {
  const broken = await saveCalculator(
    author,
    calcDoc({
      name: 'Broken',
      script: "'use strict';\n\nthrow new Error('boom');\n",
      outputs: [{ id: 1, name: 'x', type: 'value' }],
    }),
  );
  await page.goto(`/calc/${broken}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Broken' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Error: boom (line 3)');
});

test('unknown and private calculators are not found', async ({ page, browser }) => {
  await page.goto(`/calc/${randomId()}`);
  await expect(page.getByRole('alert')).toHaveText(NOT_FOUND);
  await page.goto(`/embed/${randomId()}`);
  await expect(page.getByRole('alert')).toHaveText(NOT_FOUND);

  // Private calculators need a paid plan.
  const owner = newAccount('owner');
  const ownerContext = await browser.newContext({ baseURL: baseUrl() });
  await signUpViaApi(ownerContext.request, owner);
  setPlan(owner.email, 'regular');
  const secret = await saveCalculator(ownerContext.request, doublerDoc('Secret'));
  const toggled = await ownerContext.request.post('/api/calc/edit/', { data: { calcId: secret } });
  expect(toggled.status(), await toggled.text()).toBe(200);

  await page.goto(`/calc/${secret}`);
  await expect(page.getByRole('alert')).toHaveText(NOT_FOUND);
  // Its owner still sees it.
  const ownerPage = await ownerContext.newPage();
  await ownerPage.goto(`/calc/${secret}`);
  await expect(output(ownerPage, 'x')).toHaveText('42.00');
  await ownerContext.close();
});

test('an endless loop stops after 5 seconds with the spec’s message', async ({ page }) => {
  const looping = await saveCalculator(
    author,
    calcDoc({
      name: 'Looping',
      script:
        "'use strict';\n\nif (inputs.a > 100) {\n  while (true) {}\n}\nreturn { x: inputs.a };\n",
      inputs: [{ id: 1, name: 'a', type: 'number' }],
      outputs: [{ id: 1, name: 'x', type: 'value' }],
      defaults: { '1': 1 },
    }),
  );
  await page.goto(`/calc/${looping}`);
  await expect(output(page, 'x')).toHaveText('1');
  await page.getByLabel('a', { exact: true }).fill('500');
  await expect(page.getByRole('alert')).toHaveText(TIMEOUT_MESSAGE, { timeout: 15_000 });
  // The restarted worker calculates again.
  await page.getByLabel('a', { exact: true }).fill('7');
  await expect(output(page, 'x')).toHaveText('7', { timeout: 15_000 });
});
