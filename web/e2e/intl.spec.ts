// Intl in the browser: the calculation worker loads the engine's Intl module (a wasm
// module of its own, several times the default one's size, served from the server's
// `/pkg/`, not part of the build) only for a calculator whose script uses Intl, with the
// locale data it needs (`/pkg/intl/`: the core and the page's language, then any other
// language the script asks for), and then answers as V8 does; while the server is still
// building it, the calculator says so and answers once it is there; used once online, it
// works offline too.
import { expect, test, type BrowserContext } from '@playwright/test';
import {
  baseUrl,
  calcDoc,
  doublerDoc,
  newAccount,
  output,
  saveCalculator,
  signUpViaApi,
  waitUntilKeptOffline,
} from './helpers';

/** Every URL the pages and workers of `context` request from now on. */
function requests(context: BrowserContext): string[] {
  const urls: string[] = [];
  context.on('request', (request) => urls.push(request.url()));
  return urls;
}
/** The locale data's files among `urls` (`/pkg/intl/en.postcard`), sorted. */
// The locale data a page fetched, each path once: a worker stopped mid-calculation (the
// visitor typed while it ran, on a busy machine) is replaced, and the new one fetches what
// it needs again.
function localeData(urls: string[]): string[] {
  const paths = urls
    .map((url) => new URL(url).pathname)
    .filter((path) => path.startsWith('/pkg/intl/'));
  return [...new Set(paths)].sort();
}
const INTL_GLUE = '/pkg/calcsmith_engine_intl.js';
const INTL_WASM = '/pkg/calcsmith_engine_intl_bg.wasm';
const INTL_MODULE = /\/pkg\/calcsmith_engine_intl(\.js|_bg\.wasm)$/;
const BUILDING =
  'The Intl module is still being built on this server. This calculator will answer when it is ready.';

let priced: string;
let german: string;
let speed: string;
let shift: string;
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
  german = await saveCalculator(
    author,
    calcDoc({
      name: 'Preis',
      script:
        "'use strict';\nconst total = inputs.qty * 1234.5;\n" +
        "return { total: total.toLocaleString('de-DE', { style: 'currency', currency: 'EUR' }) };\n",
      inputs: [{ id: 1, name: 'qty', type: 'number' }],
      outputs: [{ id: 1, name: 'total', type: 'value' }],
      defaults: { '1': 1 },
    }),
  );
  speed = await saveCalculator(
    author,
    calcDoc({
      name: 'Speed',
      script:
        "'use strict';\nconst kmh = inputs.km / inputs.hours;\nconst unit = (locale, unit, unitDisplay) =>\n" +
        "  kmh.toLocaleString(locale, { style: 'unit', unit, unitDisplay, maximumFractionDigits: 1 });\n" +
        "return { speed: unit('en-US', 'kilometer-per-hour', 'short'), speedRu: unit('ru-RU', 'kilometer-per-hour', 'long') };\n",
      inputs: [
        { id: 1, name: 'km', type: 'number' },
        { id: 2, name: 'hours', type: 'number' },
      ],
      outputs: [
        { id: 1, name: 'speed', type: 'value' },
        { id: 2, name: 'speedRu', type: 'value' },
      ],
      defaults: { '1': 180, '2': 2 },
    }),
  );
  shift = await saveCalculator(
    author,
    calcDoc({
      name: 'Shift',
      script:
        "'use strict';\nconst start = new Date(inputs.day.getTime() + inputs.hour * 3600000);\n" +
        'return {\n' +
        "  starts: start.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', dayPeriod: 'long' }),\n" +
        "  startsRu: start.toLocaleTimeString('ru', { dayPeriod: 'long' }),\n" +
        "  head: new Intl.DateTimeFormat('en-US', { weekday: 'narrow', month: 'short', day: 'numeric' }).format(start),\n" +
        "  inNewYork: start.toLocaleTimeString('en-US', { timeStyle: 'long', timeZone: 'America/New_York' }),\n" +
        '};\n',
      inputs: [
        { id: 1, name: 'day', type: 'date' },
        { id: 2, name: 'hour', type: 'number' },
      ],
      outputs: [
        { id: 1, name: 'starts', type: 'value' },
        { id: 2, name: 'startsRu', type: 'value' },
        { id: 3, name: 'head', type: 'value' },
        { id: 4, name: 'inNewYork', type: 'value' },
      ],
      defaults: { '1': { type: 'absolute', params: { day: 30, month: 10, year: 2026 } }, '2': 7.5 },
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

test("a calculator in another language fetches that language's data, not every language's", async ({
  page,
  context,
}) => {
  const urls = requests(context);
  await page.goto(`/calc/${german}#{"1":1000}`);
  await expect(output(page, 'total')).toHaveText('1.234.500,00\u00a0€');
  await page.getByLabel('qty', { exact: true }).fill('2');
  await expect(output(page, 'total')).toHaveText('2.469,00\u00a0€');
  const data = localeData(urls);
  // The page's language with the core, then German once the calculation asked for it.
  expect(data).toEqual([
    '/pkg/intl/core.postcard',
    '/pkg/intl/de.postcard',
    '/pkg/intl/en.postcard',
    '/pkg/intl/parts.json',
  ]);
});

test("a calculator writing units fetches the names of its languages' units, and only those", async ({
  page,
  context,
}) => {
  const urls = requests(context);
  await page.goto(`/calc/${speed}#{"1":180,"2":2}`);
  await expect(output(page, 'speed')).toHaveText('90 km/h');
  await expect(output(page, 'speedRu')).toHaveText('90 километров в час');
  await page.getByLabel('km', { exact: true }).fill('183');
  await expect(output(page, 'speed')).toHaveText('91.5 km/h');
  await expect(output(page, 'speedRu')).toHaveText('91,5 километра в час');
  // Each language's ICU4X data and its CLDR names; not the root's names, which every unit
  // here has in its language.
  expect(localeData(urls)).toEqual([
    '/pkg/intl/core.postcard',
    '/pkg/intl/en.names.postcard',
    '/pkg/intl/en.postcard',
    '/pkg/intl/parts.json',
    '/pkg/intl/ru.names.postcard',
    '/pkg/intl/ru.postcard',
  ]);
});

test('a shift calculator writes day periods, narrow weekdays and the zone of a long time as V8 does', async ({
  page,
}) => {
  await page.goto(`/calc/${shift}#{"2":15.25}`);
  await expect(output(page, 'starts')).toHaveText('3:15 in the afternoon');
  await expect(output(page, 'startsRu')).toHaveText('дня');
  await expect(output(page, 'head')).toHaveText('M, Nov 30');
  await expect(output(page, 'inNewYork')).toHaveText('10:15:00 AM EST');
  await page.getByLabel('hour', { exact: true }).fill('22');
  await expect(output(page, 'starts')).toHaveText('10:00 at night');
  await expect(output(page, 'startsRu')).toHaveText('ночи');
  await expect(output(page, 'inNewYork')).toHaveText('5:00:00 PM EST');
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

test('an Intl calculator used once online calculates offline', async ({ page, context }) => {
  // The first visit: the worker loads the Intl module before the service worker is there,
  // so the page asks it to keep the module (keep-offline.ts).
  await page.goto(`/calc/${priced}#{"1":100}`);
  await expect(output(page, 'total')).toHaveText('$11,600.00');
  await waitUntilKeptOffline(page, priced, [INTL_GLUE, INTL_WASM]);

  await context.setOffline(true);
  await page.reload();
  await page.getByLabel('qty', { exact: true }).fill('3');
  // The engine and its Intl module are loaded afresh from the saved copies.
  await expect(output(page, 'total')).toHaveText('$348.00', { timeout: 20_000 });
});

test.describe('while the server is still building the Intl module', () => {
  // The service worker would answer from its own cache: the worker's requests go out.
  test.use({ serviceWorkers: 'block' });

  test('the calculator says so, and answers once it is built', async ({ page, context }) => {
    let building = 2;
    await context.route(`**${INTL_WASM}`, (route) =>
      building-- > 0
        ? route.fulfill({
            status: 503,
            headers: { 'Retry-After': '1', 'Cache-Control': 'no-store' },
            contentType: 'application/json',
            body: JSON.stringify({ message: 'The Intl module is still being built.' }),
          })
        : route.continue(),
    );
    await page.goto(`/calc/${priced}#{"1":100}`);
    await expect(page.locator('.calc-late')).toHaveText(BUILDING);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(output(page, 'total')).toHaveText('$11,600.00', { timeout: 20_000 });
    await expect(page.getByText(BUILDING)).toHaveCount(0);
    expect(building).toBeLessThan(0);
  });
});
