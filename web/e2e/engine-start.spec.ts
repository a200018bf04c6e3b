// A published Math.js calculator starts loading the engine and Math.js as the page opens,
// beside the app's own modules (issue 34, part 5): its HTML names an early script that
// starts the calculation worker and has it load Math.js, and preloads the engine's wasm
// and Math.js. The app then calculates on that same worker. Values in the link still reach
// their outputs, and the page still works offline, where its saved shell has no such tags.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  baseUrl,
  calcDoc,
  newAccount,
  output,
  saveCalculator,
  signUpViaApi,
  waitUntilKeptOffline,
} from './helpers';

let author: APIRequestContext;
let mathjs: string;

test.beforeAll(async ({ playwright }) => {
  author = await playwright.request.newContext({ baseURL: baseUrl() });
  await signUpViaApi(author, newAccount('engine-start'));
  mathjs = await saveCalculator(
    author,
    calcDoc({
      name: 'Math.js started early',
      script:
        "'use strict';\n\n" +
        "return { root: math.format(math.sqrt(inputs.a), { precision: 6 }), twice: math.evaluate('2 * a', { a: inputs.a }) };\n",
      inputs: [{ id: 1, name: 'a', type: 'number' }],
      outputs: [
        { id: 1, name: 'root', type: 'value' },
        { id: 2, name: 'twice', type: 'value' },
      ],
      defaults: { '1': 4 },
      libraries: { mathjs: true },
    }),
  );
});

test.afterAll(async () => {
  await author.dispose();
});

/**
 * Notes, from before the page's first script, each calculation worker made (its URL and
 * the type of each message the page posted to it), in `window.__workers`.
 */
async function watchWorkers(page: Page) {
  await page.addInitScript(() => {
    const made: { url: string; posted: string[] }[] = [];
    (window as unknown as { __workers: typeof made }).__workers = made;
    const Native = window.Worker;
    window.Worker = class extends Native {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        const seen = { url: new URL(url, location.href).pathname, posted: [] as string[] };
        made.push(seen);
        const post = this.postMessage.bind(this) as (message: unknown) => void;
        this.postMessage = (message: { type?: string }) => {
          seen.posted.push(message?.type ?? '?');
          post(message);
        };
      }
    };
  });
  return () =>
    page.evaluate(
      () => (window as unknown as { __workers: { url: string; posted: string[] }[] }).__workers,
    );
}

test('a Math.js page asks for the engine and Math.js before its app has loaded, and calculates on the worker it started', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const workers = await watchWorkers(page);
  // In the order the browser makes them: which of the page's files were asked for, and
  // when the app's entry bundle had arrived.
  const events: string[] = [];
  page.on('request', (request) => events.push(`asked ${new URL(request.url()).pathname}`));
  page.on('requestfinished', (request) => {
    const path = new URL(request.url()).pathname;
    if (/^\/assets\/index-[\w-]+\.js$/.test(path)) events.push('app bundle arrived');
  });

  await page.goto(`/calc/${mathjs}#${encodeURIComponent('{"1":144}')}`);
  // The link's values, calculated by the worker with Math.js.
  await expect(page.getByLabel('a', { exact: true })).toHaveValue('144');
  await expect(output(page, 'root')).toHaveText('12', { timeout: 30_000 });
  await expect(output(page, 'twice')).toHaveText('288');

  const arrived = events.indexOf('app bundle arrived');
  expect(arrived).toBeGreaterThan(0);
  const before = events.slice(0, arrived);
  expect(before).toContain('asked /js/engine-start.js');
  expect(before).toContain('asked /js/lib/mathjs.js');
  expect(
    before.some((event) => /^asked \/assets\/calcsmith_engine_bg-[\w-]+\.wasm$/.test(event)),
  ).toBe(true);

  // One calculation worker, started before the app, told at once to load Math.js; the
  // app's calculations went to it.
  const made = (await workers()).filter((worker) => worker.url === '/js/worker.js');
  expect(made).toHaveLength(1);
  expect(made[0].posted[0]).toBe('warm');
  expect(made[0].posted).toContain('evaluate');

  // It keeps calculating as the visitor types.
  await page.getByLabel('a', { exact: true }).fill('16');
  await expect(output(page, 'root')).toHaveText('4');
  await expect(output(page, 'twice')).toHaveText('32');
});

test('a page without a library starts its worker early too, and asks for no library', async ({
  page,
}) => {
  const plain = await saveCalculator(
    author,
    calcDoc({
      name: 'Plain started early',
      script: "'use strict';\n\nreturn { twice: inputs.a * 2 };\n",
      inputs: [{ id: 1, name: 'a', type: 'number' }],
      outputs: [{ id: 1, name: 'twice', type: 'value' }],
      defaults: { '1': 4 },
    }),
  );
  const workers = await watchWorkers(page);
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto(`/calc/${plain}#${encodeURIComponent('{"1":21}')}`);
  await expect(output(page, 'twice')).toHaveText('42', { timeout: 30_000 });
  const made = (await workers()).filter((worker) => worker.url === '/js/worker.js');
  expect(made).toHaveLength(1);
  expect(made[0].posted[0]).toBe('warm');
  expect(asked.filter((path) => path.startsWith('/js/lib/'))).toEqual([]);
});

test('a Math.js page opened once still calculates values from its link offline', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await page.goto(`/calc/${mathjs}`);
  await expect(output(page, 'root')).toHaveText('2');
  await waitUntilKeptOffline(page, mathjs, ['/js/lib/mathjs.js']);

  await context.setOffline(true);
  // Away and back: a link that differs only in its hash would not load the page again.
  await page.goto('about:blank');
  await page.goto(`${baseUrl()}/calc/${mathjs}#${encodeURIComponent('{"1":81}')}`);
  await expect(
    page.getByText('You are offline. This is the copy saved on this device.'),
  ).toBeVisible();
  await expect(output(page, 'root')).toHaveText('9', { timeout: 30_000 });
  await expect(output(page, 'twice')).toHaveText('162');
});
