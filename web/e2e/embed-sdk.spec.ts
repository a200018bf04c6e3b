// Issue 32's one-line embed and its JavaScript API (docs/embed.md), on a plain HTML page of
// another origin (a second loopback port, served here): two calculators embedded with one
// line each, prefilled by data-values, driven and read by the page's script (setValues,
// getValues, getResult, reset, focus), the page reacting to ready, result, error and submit
// in its DOM, the frames taking their content's height and reserving it on the next visit;
// a third calculator whose allowed sites leave the page out answers nothing; axe in both
// themes on the page with its frames.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import {
  baseUrl,
  calcDoc,
  expectAccessible,
  output,
  saveCalculator,
  screenshot,
  signUpViaApi,
  type Theme,
} from './helpers';
import { CONSENT, quoteDoc } from './submissions-helpers';

test.describe.configure({ mode: 'serial' });

/** A person's browser: Playwright's headless user agent is counted as a robot. */
const VISITOR_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

/** payment = amount / (years × 12); a schedule with a row a year; a negative amount throws. */
const loanDoc = (name: string) => ({
  ...calcDoc({
    name,
    script:
      "'use strict';\n\nif (inputs.amount < 0) throw new Error('The amount cannot be negative.');\n" +
      'var rows = [];\nfor (var y = 1; y <= inputs.years; y++) rows.push({ Year: y });\n' +
      'return { payment: inputs.amount / (inputs.years * 12), schedule: rows };\n',
    inputs: [
      { id: 1, name: 'amount', type: 'number' },
      { id: 2, name: 'years', type: 'number' },
      {
        id: 3,
        name: 'plan',
        type: 'choice',
        presentationType: 'dropdown',
        choices: [
          { id: 1, label: 'Basic', value: 'basic' },
          { id: 2, label: 'Plus', value: 'plus' },
        ],
      },
    ],
    outputs: [
      { id: 1, name: 'payment', type: 'value', decimalPlaces: 2 },
      {
        id: 2,
        name: 'schedule',
        type: 'table',
        metaOutputs: [{ id: 1, name: 'Year', type: 'value' }],
      },
    ],
    defaults: { '1': 60000, '2': 5, '3': 'basic' },
  }),
});

/**
 * The host page: the one-line embed three times, a log of what the calculators tell it, and
 * the first height each frame was given (recorded before embed.js runs).
 */
function hostPage(ids: { loan: string; quote: string; locked: string }, withLocked: boolean) {
  return `<!doctype html>
<html lang="en">
<head>
<title>Our loans</title>
<script>
  window.firstHeights = {};
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes)
        if (node.tagName === 'IFRAME') firstHeights[node.parentElement.id] = node.style.height;
  }).observe(document.documentElement, { childList: true, subtree: true });
</script>
</head>
<body>
<main>
<h1>Our loans</h1>
<div id="loan" data-calcsmith="${ids.loan}" data-values='{"1": 240000, "2": 10}'><a href="${baseUrl()}/calc/${ids.loan}">Loan</a></div>
<div id="quote" data-calcsmith="${ids.quote}" data-values='{"1": 7}'></div>
${withLocked ? `<div id="locked" data-calcsmith="${ids.locked}"></div>` : ''}
<h2>What the calculators said</h2>
<ol id="log"></ol>
</main>
<script src="${baseUrl()}/embed.js" async></script>
<script>
  function log(text) {
    const item = document.createElement('li');
    item.textContent = text;
    document.getElementById('log').append(item);
  }
  function withCalcsmith(use) {
    if (window.Calcsmith) use(window.Calcsmith);
    else document.addEventListener('calcsmith:load', () => use(window.Calcsmith), { once: true });
  }
  const shown = { loan: 'payment', quote: 'total', locked: 'payment' };
  withCalcsmith((Calcsmith) => {
    for (const name of Object.keys(shown)) {
      if (!document.getElementById(name)) continue;
      const calc = Calcsmith.get(document.getElementById(name));
      calc.on('ready', (ready) => log(name + ' ready ' + JSON.stringify(ready.values)));
      calc.on('result', (result) =>
        log(name + ' result ' + (result.display ? result.display[shown[name]] : result.error)),
      );
      calc.on('error', (error) => log(name + ' error ' + error.code + ': ' + error.message));
      calc.on('submit', (submit) => log(name + ' submit ' + JSON.stringify(submit.values)));
    }
    // Every message the locked calculator's frame sends this page, by type.
    const locked = document.querySelector('#locked iframe');
    addEventListener('message', (event) => {
      if (locked && event.source === locked.contentWindow) log('locked says ' + event.data.type);
    });
  });
</script>
</body>
</html>`;
}

let site: Server;
let hostUrl = '';
let ids = { loan: '', quote: '', locked: '' };

test.beforeAll(async ({ browser }) => {
  site = createServer((request, response) => {
    response.setHeader('content-type', 'text/html');
    response.end(hostPage(ids, request.url?.endsWith('?locked') ?? false));
  });
  await new Promise<void>((listening) => site.listen(0, '127.0.0.1', listening));
  // Another origin than the server's: the same loopback address on a second port.
  const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  hostUrl = `${origin}/loans.html`;
  const context = await browser.newContext({ baseURL: baseUrl() });
  await signUpViaApi(context.request);
  ids = {
    loan: await saveCalculator(context.request, loanDoc('Loan')),
    // Allowed on this page's origin (and another site's).
    quote: await saveCalculator(context.request, {
      ...quoteDoc('Quote'),
      embedDomains: ['https://shop.example', origin],
    } as ReturnType<typeof calcDoc>),
    // Allowed only elsewhere.
    locked: await saveCalculator(context.request, {
      ...loanDoc('Locked loan'),
      embedDomains: ['https://shop.example'],
    } as ReturnType<typeof calcDoc>),
  };
  await context.close();
});

test.afterAll(() => {
  site?.close();
});

test.use({ userAgent: VISITOR_AGENT });

const log = (page: Page) => page.locator('#log li');
/** The log's lines that read exactly `text`. */
const said = (page: Page, text: string) =>
  log(page).filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
const field = (frame: FrameLocator, name: string) => frame.getByLabel(name, { exact: true });

/** Runs `method(...args)` on `Calcsmith.get(id)` in the page; returns what it resolves to. */
function call(page: Page, id: string, method: string, ...args: unknown[]): Promise<unknown> {
  return page.evaluate(
    ([id, method, args]) => {
      type Handle = Record<string, (...args: unknown[]) => unknown>;
      const api = (window as unknown as { Calcsmith: { get(id: string): Handle } }).Calcsmith;
      return api.get(id as string)[method as string](...(args as unknown[]));
    },
    [id, method, args] as const,
  );
}

/** The frame's height on the page and its content's height, in CSS pixels. */
async function heights(page: Page, name: string): Promise<[number, number]> {
  const frame = page.locator(`#${name} iframe`);
  const outer = await frame.evaluate((element) => element.getBoundingClientRect().height);
  const inner = await page
    .frameLocator(`#${name} iframe`)
    .locator('.embed')
    .evaluate((element) => Math.ceil(element.scrollHeight));
  return [outer, inner];
}

test('two calculators in one line each: prefilled, driven and read by the page, and sized', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto(hostUrl);
  const loan = page.frameLocator('#loan iframe');
  const quote = page.frameLocator('#quote iframe');

  // ready, with the data-values checked and applied; the frame named by its calculator.
  await expect(said(page, 'loan ready {"amount":240000,"years":10,"plan":"basic"}')).toHaveCount(1);
  await expect(said(page, 'quote ready {"a":7}')).toHaveCount(1);
  await expect(page.locator('#loan iframe')).toHaveAttribute('title', 'Loan');
  await expect(field(loan, 'amount')).toHaveValue('240000');
  await expect(output(loan, 'payment')).toHaveText('2,000.00');
  await expect(output(quote, 'total')).toHaveText('14.00');
  await expect
    .poll(() => call(page, ids.loan, 'getResult'))
    .toMatchObject({ outputs: { payment: 2000 }, display: { payment: '2,000.00' }, error: null });

  // Auto-height: the frame is as high as its content, and follows it (10 → 20 table rows).
  await expect.poll(async () => new Set(await heights(page, 'loan')).size).toBe(1);
  const [before] = await heights(page, 'loan');
  expect(await call(page, ids.loan, 'setValues', { years: 20 })).toEqual({
    amount: 240000,
    years: 20,
    plan: 'basic',
  });
  await expect(said(page, 'loan result 1,000.00')).toHaveCount(1);
  await expect.poll(async () => (await heights(page, 'loan'))[0]).toBeGreaterThan(before + 100);
  await expect.poll(async () => new Set(await heights(page, 'loan')).size).toBe(1);

  // setValues by name, as the visitor would have typed it; getValues reads it back.
  await call(page, ids.loan, 'setValues', { amount: 120000 });
  await expect(field(loan, 'amount')).toHaveValue('120000');
  await expect(said(page, 'loan result 500.00')).toHaveCount(1);
  expect(await call(page, ids.loan, 'getValues')).toEqual({
    amount: 120000,
    years: 20,
    plan: 'basic',
  });

  // What a link could not set is refused, named, and changes nothing.
  await call(page, ids.loan, 'setValues', { plan: 'gold', nope: 1 });
  await expect(
    said(page, 'loan error refused: These values were refused: nope, plan.'),
  ).toHaveCount(1);
  expect(await call(page, ids.loan, 'getValues')).toEqual({
    amount: 120000,
    years: 20,
    plan: 'basic',
  });

  // The calculation's error, as the visitor sees it.
  const error = 'Error: The amount cannot be negative. (line 3)';
  await call(page, ids.loan, 'setValues', { amount: -1 });
  await expect(loan.getByRole('alert')).toHaveText(error);
  await expect(said(page, `loan error calculation: ${error}`)).toHaveCount(1);
  await expect(said(page, `loan result ${error}`)).toHaveCount(1);
  expect(await call(page, ids.loan, 'getResult')).toEqual({ outputs: null, display: null, error });

  // reset: the author's defaults; focus: the first field, from the host page.
  expect(await call(page, ids.loan, 'reset')).toEqual({ amount: 60000, years: 5, plan: 'basic' });
  await expect(field(loan, 'amount')).toHaveValue('60000');
  await expect(output(loan, 'payment')).toHaveText('1,000.00');
  await call(page, ids.loan, 'focus');
  await expect(field(loan, 'amount')).toBeFocused();

  // The second calculator is its own: driven apart, and its visitor's submission is told.
  await call(page, ids.quote, 'setValues', { a: 8 });
  await expect(output(quote, 'total')).toHaveText('16.00');
  await expect(output(loan, 'payment')).toHaveText('1,000.00');
  await quote.getByRole('textbox', { name: 'E-mail (required)' }).fill('grace@example.com');
  await quote.getByRole('checkbox', { name: `${CONSENT} (required)` }).check();
  await quote.getByRole('button', { name: 'Get my quote' }).click();
  await expect(quote.getByRole('status').filter({ hasText: 'Your quote' })).toHaveText(
    'Your quote: 16.00',
  );
  await expect(said(page, 'quote submit {"a":8}')).toHaveCount(1);

  // Both themes (the frames follow the visitor's system), the page with its frames.
  for (const theme of ['light', 'dark'] as Theme[]) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(loan.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(quote.locator('html')).toHaveAttribute('data-theme', theme);
    await expectAccessible(page, `two one-line embeds (${theme})`);
    await screenshot(page, 'embed-sdk-host-1280', theme);
  }

  // The next visit reserves each frame's last height from the start: nothing moves.
  const [last] = await heights(page, 'loan');
  await page.reload();
  await expect(said(page, 'loan ready {"amount":240000,"years":10,"plan":"basic"}')).toHaveCount(1);
  expect(
    await page.evaluate(() => (window as unknown as { firstHeights: object }).firstHeights),
  ).toMatchObject({ loan: `${last}px` });
});

test('a calculator whose allowed sites leave the page out tells it nothing', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await page.goto(`${hostUrl}?locked`);
  await expect(said(page, 'loan ready {"amount":240000,"years":10,"plan":"basic"}')).toHaveCount(1);
  const locked = page.frameLocator('#locked iframe');
  // With the allowed sites in the embed's CSP the browser does not even show it; without,
  // the frame shows the calculator and refuses the page's hello.
  const csp = (await request.get(`/embed/${ids.locked}`)).headers()['content-security-policy'];
  if (!csp?.includes('frame-ancestors')) {
    await expect(output(locked, 'payment')).toHaveText('1,000.00');
    // The frame said it listens; embed.js answered hello at once.
    await expect(said(page, 'locked says loaded')).toHaveCount(1);
    // A change of its height after that hello still goes out the old way, with nothing in it.
    const before = await log(page).count();
    await field(locked, 'years').fill('30');
    await expect(locked.locator('[data-output="schedule"] tbody tr')).toHaveCount(30);
    await expect
      .poll(async () => (await log(page).allTextContents()).slice(before))
      .toContain('locked says calcsmith:height');
  }
  const types = (await log(page).allTextContents()).filter((line) => line.startsWith('locked'));
  expect(new Set(types)).toEqual(
    new Set(types.length ? ['locked says loaded', 'locked says calcsmith:height'] : []),
  );
  expect(await call(page, ids.locked, 'getValues')).toBeNull();
  expect(await call(page, ids.locked, 'getResult')).toBeNull();
});
