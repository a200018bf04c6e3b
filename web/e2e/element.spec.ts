// @calcsmith/element on a plain HTML page with no framework and no Calcsmith server: a tiny
// static server (started here) serves the page, a calculator's JSON file and the package's
// built files (element/dist; web/vite.element.config.ts). Two calculators: one from a doc
// given inline, one from `src=`. The real engine calculates in each element's own worker;
// the host page's script drives them with the element's methods and writes its events into
// its own DOM. Theming by a custom property; axe in both themes.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, screenshot } from './helpers';

const DIST = fileURLToPath(new URL('../../element/dist/', import.meta.url));

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.html': 'text/html; charset=utf-8',
};

/** The calculator given inline: a shop's order total. */
const ORDER = {
  name: 'Order',
  script:
    "'use strict';\nreturn { total: inputs.price * inputs.qty, items: inputs.qty + ' items' };\n",
  metaInputs: [
    { id: 1, name: 'price', type: 'number' },
    { id: 2, name: 'qty', type: 'number' },
  ],
  metaOutputs: [
    { id: 1, name: 'total', type: 'value' },
    { id: 2, name: 'items', type: 'value' },
  ],
  defaults: { '1': 12, '2': 3 },
};

/** The one fetched from a JSON file: a Calcsmith /api/calc answer, with lodash. */
const LOAN = {
  doc: {
    name: 'Sum',
    script: "'use strict';\nreturn { sum: _.sum(inputs.parts.map((p) => p.v)) };\n",
    libraries: { lodash: true },
    metaInputs: [
      {
        id: 1,
        name: 'parts',
        type: 'list',
        metaInputs: [{ id: 1, name: 'v', type: 'number' }],
      },
    ],
    metaOutputs: [{ id: 1, name: 'sum', type: 'value' }],
    defaults: { '1': [{ '1': 1.5 }, { '1': 2.25 }] },
  },
  doc_style: {},
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>A shop</title>
<script type="module">
  import '/element/calcsmith-element.js';
  const order = document.getElementById('order');
  const log = (line) => {
    const item = document.createElement('li');
    item.textContent = line;
    document.getElementById('events').append(item);
  };
  order.on('ready', ({ values }) => log('ready ' + JSON.stringify(values)));
  order.on('result', ({ display }) => {
    document.getElementById('total').textContent = display.total;
  });
  order.on('error', ({ message }) => log('error ' + message));
  order.on('submit', ({ values }) => log('submit ' + JSON.stringify(values)));
</script>
</head>
<body>
<main>
  <h1>A shop</h1>
  <calcsmith-calculator id="order" doc='${JSON.stringify(ORDER).replaceAll("'", '&#39;')}'></calcsmith-calculator>
  <p>The page read: <output id="total"></output></p>
  <ul id="events"></ul>
  <calcsmith-calculator id="sum" src="calcs/sum.json"></calcsmith-calculator>
</main>
</body>
</html>`;

let server: Server;
let origin = '';

test.beforeAll(async () => {
  server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const send = (type: string, body: string | Buffer) => {
      response.setHeader('content-type', type);
      response.end(body);
    };
    if (path === '/') return send(TYPES['.html'], PAGE);
    if (path === '/calcs/sum.json') return send(TYPES['.json'], JSON.stringify(LOAN));
    const file = normalize(path.replace(/^\/element\//, ''));
    if (!path.startsWith('/element/') || file.startsWith('..')) {
      response.statusCode = 404;
      return response.end();
    }
    try {
      send(TYPES[extname(file)] ?? 'application/octet-stream', await readFile(join(DIST, file)));
    } catch {
      response.statusCode = 404;
      response.end();
    }
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((closed) => server.close(closed));
});

const order = (page: Page) => page.locator('#order');
const shown = (page: Page, id: string, name: string) =>
  page.locator(`#${id} [data-output="${name}"] dd`);

async function openShop(page: Page) {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(`${origin}/`);
  await expect(shown(page, 'order', 'total')).toHaveText('36');
  return requests;
}

test('a plain page shows a calculator from an inline doc in a shadow root, calculated by the engine', async ({
  page,
}) => {
  const requests = await openShop(page);
  await expect(shown(page, 'order', 'items')).toHaveText('3 items');
  // In the element's shadow root, not the page's DOM.
  expect(await page.evaluate(() => document.querySelectorAll('.calculator').length)).toBe(0);
  expect(
    await order(page).evaluate(
      (element) => element.shadowRoot?.querySelectorAll('.calculator').length,
    ),
  ).toBe(1);
  // The page heard ready once with the values by name, and read the result.
  await expect(page.locator('#events li')).toHaveText(['ready {"price":12,"qty":3}']);
  await expect(page.locator('#total')).toHaveText('36');

  // A visitor types: the outputs and the page follow.
  await order(page).getByLabel('qty').fill('5');
  await expect(shown(page, 'order', 'total')).toHaveText('60');
  await expect(page.locator('#total')).toHaveText('60');
  // Only this static server was asked for anything: no Calcsmith server.
  expect(requests.filter((url) => !url.startsWith(origin))).toEqual([]);
  await screenshot(page, 'element-plain-page', 'light');
});

test('a calculator from src= (an /api/calc answer in a JSON file) with a library', async ({
  page,
}) => {
  const requests = await openShop(page);
  await expect(shown(page, 'sum', 'sum')).toHaveText('3.75');
  expect(requests).toContain(`${origin}/calcs/sum.json`);
  expect(requests).toContain(`${origin}/element/lib/lodash.js`);
});

test('the host page drives it: setValues, getValues, getResult, reset, focus and submit', async ({
  page,
}) => {
  await openShop(page);
  const outcome = await order(page).evaluate((element) =>
    (element as HTMLElement & { setValues(v: object): unknown }).setValues({
      price: 2.5,
      qty: 4,
      colour: 'red',
    }),
  );
  expect(outcome).toEqual({ refused: [], unknown: ['colour'] });
  await expect(shown(page, 'order', 'total')).toHaveText('10');
  await expect(page.locator('#events li').last()).toHaveText('error No such inputs: colour.');
  await expect(order(page).getByLabel('price')).toHaveValue('2.5');

  const read = () =>
    order(page).evaluate((element) => {
      const calc = element as HTMLElement & { getValues(): object; getResult(): object | null };
      return { values: calc.getValues(), result: calc.getResult() };
    });
  expect(await read()).toEqual({
    values: { price: 2.5, qty: 4 },
    result: {
      outputs: { total: 10, items: '4 items' },
      display: { total: '10', items: '4 items' },
      error: null,
    },
  });

  await order(page).evaluate((element) => (element as HTMLElement & { reset(): void }).reset());
  await expect(shown(page, 'order', 'total')).toHaveText('36');
  expect((await read()).values).toEqual({ price: 12, qty: 3 });

  // focus() lands on the first field inside the shadow root; Enter there is a submit.
  const took = await order(page).evaluate((element) =>
    (element as HTMLElement & { focus(): boolean }).focus(),
  );
  expect(took).toBe(true);
  await expect(order(page).getByLabel('price')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#events li').last()).toHaveText('submit {"price":12,"qty":3}');
});

test('a custom property themes it from outside the shadow root', async ({ page }) => {
  await openShop(page);
  const rule = order(page).locator('.calc-section-title').first();
  await expect(rule).toHaveCSS('border-bottom-color', 'rgb(31, 91, 196)');
  await page.addStyleTag({ content: '#order { --calcsmith-accent: rgb(139, 0, 0); }' });
  await expect(rule).toHaveCSS('border-bottom-color', 'rgb(139, 0, 0)');
  // The other calculator keeps the default accent.
  await expect(page.locator('#sum .calc-section-title').first()).toHaveCSS(
    'border-bottom-color',
    'rgb(31, 91, 196)',
  );
  await order(page).evaluate((element) => element.setAttribute('theme', 'dark'));
  await expect(order(page).locator('.calculator')).toHaveCSS('background-color', 'rgb(17, 38, 72)');
  await expect(rule).toHaveCSS('border-bottom-color', 'rgb(139, 0, 0)');
});

for (const theme of ['light', 'dark'] as const) {
  test(`the plain page with both calculators passes axe (${theme})`, async ({ page }) => {
    await openShop(page);
    await expect(shown(page, 'sum', 'sum')).toHaveText('3.75');
    await page.evaluate((chosen) => {
      document.body.style.background = chosen === 'dark' ? '#0a1a33' : '#ffffff';
      document.body.style.color = chosen === 'dark' ? '#e7effc' : '#14213d';
      for (const element of document.querySelectorAll('calcsmith-calculator')) {
        element.setAttribute('theme', chosen);
      }
    }, theme);
    await expectAccessible(page, `element (${theme})`);
    await screenshot(page, 'element', theme);
  });
}
