// A published Math.js calculator opened on a busy machine (issue 26, item 12): the page's
// first calculation, in which Math.js makes its typed functions, can outlast the time limit
// there. The worker making it is never restarted before it answers, so the values from the
// link always reach their outputs, and the page says why they are late; a library that could
// not load is said, with a retry.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  baseUrl,
  calcDoc,
  expectAccessible,
  newAccount,
  output,
  saveCalculator,
  signUpViaApi,
} from './helpers';

const LATE =
  'Это занимает больше времени, чем обычно: продолжается загрузка Math.js. Результаты появятся, как только всё будет готово.';

let author: APIRequestContext;
let mathjs: string;

test.beforeAll(async ({ playwright }) => {
  author = await playwright.request.newContext({ baseURL: baseUrl() });
  await signUpViaApi(author, newAccount('busy'));
  mathjs = await saveCalculator(
    author,
    calcDoc({
      name: 'Math.js on a busy machine',
      script:
        "'use strict';\n\n" +
        "const total = math.evaluate('sqrt(a) * 2 + det([[a, 1], [2, 3]])', { a: inputs.a });\n" +
        'return { total: String(total), root: math.format(math.sqrt(inputs.a), { precision: 6 }) };\n',
      inputs: [{ id: 1, name: 'a', type: 'number' }],
      outputs: [
        { id: 1, name: 'total', type: 'value' },
        { id: 2, name: 'root', type: 'value' },
      ],
      defaults: { '1': 2 },
      libraries: { mathjs: true },
    }),
    // The author pins Russian: the page asks again in it right after its first request.
    { lang: 'ru' },
  );
});

test.afterAll(async () => {
  await author.dispose();
});

/**
 * Notes, from before the page's first paint, every text the output `name` and the note on a
 * late answer showed, and each `started` the calculation workers sent the page. The workers'
 * results reach the page only once `__release` is called: until then the calculation is
 * still running, as far as the page can tell, however quick the machine.
 */
async function watchPage(page: Page, name: string) {
  await page.addInitScript((selector) => {
    const seen = { output: new Set<string>(), late: new Set<string>(), started: 0 };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    let holding = true;
    const held: [Worker, unknown][] = [];
    (window as unknown as { __release: () => void }).__release = () => {
      holding = false;
      for (const [worker, data] of held.splice(0)) {
        worker.dispatchEvent(new MessageEvent('message', { data }));
      }
    };
    new MutationObserver(() => {
      const cell = document.querySelector(selector);
      if (cell) seen.output.add(cell.textContent ?? '');
      const late = document.querySelector('.calc-late');
      if (late) seen.late.add(late.textContent ?? '');
    }).observe(document, { subtree: true, childList: true, characterData: true });
    const Native = window.Worker;
    window.Worker = class extends Native {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        // Added before the page's own listeners, so it can keep a result from them.
        this.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
          if (event.data?.type === 'started') seen.started += 1;
          if (holding && event.data?.type === 'result') {
            event.stopImmediatePropagation();
            held.push([this, event.data]);
          }
        });
      }
    };
  }, `[data-output="${name}"] dd`);
  type Seen = { output: string[]; late: string[]; started: number };
  return () =>
    page.evaluate((): Seen => {
      const seen = (window as unknown as { __seen: Record<string, Set<string> | number> }).__seen;
      return {
        output: [...(seen.output as Set<string>)],
        late: [...(seen.late as Set<string>)],
        started: seen.started as number,
      };
    });
}

test('values in the link reach their outputs from the first worker, on a busy machine', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  // The first result is held back until the page has said why it is late: however quick
  // the machine, the calculation outlasts the time limit as far as the page can tell.
  const seen = await watchPage(page, 'total');
  // A busy machine: the page gets a sixth of the CPU, and its clock can run ahead of the
  // worker's calculation.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.clock.install();

  await page.goto(`/calc/${mathjs}#${encodeURIComponent('{"1":144}')}`);
  await expect(page.getByLabel('a', { exact: true })).toHaveValue('144');
  // The first calculation runs (Math.js is loaded); it takes longer than the time limit.
  await expect.poll(async () => (await seen()).started, { timeout: 60_000 }).toBeGreaterThan(0);
  await page.clock.fastForward(6000);
  await expect(page.getByText(LATE)).toBeVisible();
  await page.evaluate(() => (window as unknown as { __release: () => void }).__release());

  // √144 · 2 + (144 · 3 − 2): the link's value, never the default's.
  await expect(output(page, 'total')).toHaveText('454', { timeout: 60_000 });
  await expect(output(page, 'root')).toHaveText('12');
  // One calculation worker: none was restarted before the first result.
  expect(workers.filter((url) => new URL(url).pathname === '/js/worker.js')).toHaveLength(1);
  const { output: texts, late } = await seen();
  // Before the outputs: "Calculating…" (the first frame is in English, then the author's
  // Russian), never a blank, an error or another value; and why it took longer.
  const calculating = ['Calculating…', 'Вычисление…'];
  expect(texts.filter((text) => !calculating.includes(text))).toEqual(['454']);
  expect(late).toEqual([LATE]);
  await expect(page.getByText(LATE)).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);

  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.getByLabel('a', { exact: true }).fill('9');
  await expect(output(page, 'total')).toHaveText('31', { timeout: 30_000 });
  await expect(output(page, 'root')).toHaveText('3');
});

test.describe('a library that could not load', () => {
  // The service worker would answer from its own cache: the page's requests go out.
  test.use({ serviceWorkers: 'block' });

  test('is said, with a retry that shows the outputs', async ({ page }) => {
    test.setTimeout(120_000);
    await page
      .context()
      .route('**/js/lib/mathjs.js', (route) => route.abort('internetdisconnected'));
    await page.goto(`/calc/${mathjs}#${encodeURIComponent('{"1":16}')}`);
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText(
      'Калькулятор не смог загрузить движок расчётов или библиотеки. Проверьте подключение к интернету и попробуйте ещё раз.' +
        'Попробовать ещё раз',
      { timeout: 30_000 },
    );
    await expectAccessible(page, 'calculator that could not load', '.calculator');

    await page.context().unroute('**/js/lib/mathjs.js');
    await alert.getByRole('button', { name: 'Попробовать ещё раз' }).click();
    // A new worker loads the engine and Math.js again: on a loaded machine, seconds.
    await expect(output(page, 'total')).toHaveText(String(4 * 2 + (16 * 3 - 2)), {
      timeout: 60_000,
    });
    await expect(output(page, 'root')).toHaveText('4');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
