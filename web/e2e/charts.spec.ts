// A table output shown as a chart: a loan calculator whose schedule is a line chart on a
// time axis (/calc/{id}, dark theme, Russian, 360 px, print, the embed's height), the
// author setting a chart up in the editor, and a chart shown alone with its table kept
// for screen readers. What the chart drew is read from the attributes the page exposes
// (data-y-ticks: the engine's texts of the y ticks; data-chart-drawn: the Chart.js
// instance) and from the canvas's pixels.
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  expect,
  test,
  type APIRequestContext,
  type FrameLocator,
  type Locator,
  type Page,
} from '@playwright/test';
import {
  baseUrl,
  calcDoc,
  expectAccessible,
  newAccount,
  saveCalculator,
  screenshot,
  signUpViaApi,
  switchTheme,
} from './helpers';

const SCRIPT =
  "'use strict';\n\n" +
  'const r = inputs.rate / 100 / 12;\n' +
  'const n = inputs.months;\n' +
  'const payment = inputs.amount * r / (1 - Math.pow(1 + r, -n));\n' +
  'let balance = inputs.amount;\n' +
  'const schedule = [];\n' +
  'for (let i = 1; i <= n; i++) {\n' +
  '  const interest = balance * r;\n' +
  '  balance = Math.max(0, balance - (payment - interest));\n' +
  '  schedule.push({ Month: i, Date: new Date(Date.UTC(2026, i - 1, 1)), Interest: interest, Balance: balance });\n' +
  '}\n' +
  'return { payment, schedule };\n';

const LINE_CHART = {
  type: 'line',
  x: 2,
  y: [4],
  title: 'Balance over time',
  yLabel: 'Balance owed',
  show: 'both',
};

const loanDoc = (chart?: Record<string, unknown>) =>
  calcDoc({
    name: 'Loan',
    description: 'A loan paid back in equal monthly payments.',
    script: SCRIPT,
    inputs: [
      { id: 1, name: 'amount', type: 'number' },
      { id: 2, name: 'rate', type: 'number' },
      { id: 3, name: 'months', type: 'number' },
    ],
    outputs: [
      { id: 1, name: 'payment', type: 'value', currencySign: '$', decimalPlaces: 2 },
      {
        id: 2,
        name: 'schedule',
        type: 'table',
        metaOutputs: [
          { id: 1, name: 'Month', type: 'value' },
          { id: 2, name: 'Date', type: 'value' },
          { id: 3, name: 'Interest', type: 'value', currencySign: '$', decimalPlaces: 2 },
          { id: 4, name: 'Balance', type: 'value', currencySign: '$', decimalPlaces: 2 },
        ],
        ...(chart ? { chart } : {}),
      },
    ],
    defaults: { '1': 10000, '2': 6, '3': 12 },
  });

let author: APIRequestContext;
let withChart: string;
let withoutChart: string;

test.beforeAll(async ({ playwright }) => {
  author = await playwright.request.newContext({ baseURL: baseUrl() });
  await signUpViaApi(author, newAccount('charts'));
  withChart = await saveCalculator(author, loanDoc(LINE_CHART));
  withoutChart = await saveCalculator(author, loanDoc());
});

test.afterAll(async () => {
  await author.dispose();
});

const chartOf = (scope: Page | Locator | FrameLocator, name = 'schedule') =>
  scope.locator(`[data-output="${name}"] figure.output-chart`);

/**
 * Waits until the chart has drawn with the engine's y tick texts; returns them. The texts
 * come from the worker, whose wasm a first visit loads: slow on a busy machine.
 */
const WORKER_READY = { timeout: 20_000 };
async function drawnTicks(chart: Locator): Promise<string> {
  await expect(chart).toHaveAttribute('data-y-ticks', /\S/, WORKER_READY);
  return (await chart.getAttribute('data-y-ticks')) ?? '';
}

test('a loan schedule shows as a line chart that is redrawn in place on a new amount', async ({
  page,
}) => {
  await page.goto(`/calc/${withChart}`);
  const chart = chartOf(page);
  await expect(chart.getByText('Balance over time')).toBeVisible();
  const canvas = chart.getByRole('img');
  await expect(canvas).toHaveAttribute(
    'aria-label',
    'Line chart of Balance by Date. Horizontal axis: Date. Vertical axis: Balance owed. ' +
      'The table “schedule” has the same data.',
  );
  await expect(chart).toHaveAttribute('data-x-title', 'Date');
  await expect(chart).toHaveAttribute('data-y-title', 'Balance owed');
  // The y ticks are the engine's texts for round values, in the column's currency.
  expect(await drawnTicks(chart)).toBe('$0 | $2,500 | $5,000 | $7,500 | $10,000');
  await expect(chart).toHaveAttribute('data-points', '12');
  // The table is still there beside the chart.
  await expect(page.getByRole('cell', { name: 'Jan 1, 2026' })).toBeVisible();
  const instance = await chart.getAttribute('data-chart-drawn');
  const before = await canvas.screenshot();
  await screenshot(page, 'charts-line');

  await page.getByLabel('amount').fill('100000');
  await page.getByLabel('months').fill('24');
  await expect(chart).toHaveAttribute(
    'data-y-ticks',
    '$0 | $25,000 | $50,000 | $75,000 | $100,000',
  );
  await expect(chart).toHaveAttribute('data-points', '24');
  // The same Chart.js instance, updated: the canvas was never replaced by an empty one.
  await expect(chart).toHaveAttribute('data-chart-drawn', instance ?? '');
  expect((await canvas.screenshot()).equals(before)).toBe(false);

  await expectAccessible(page, 'published calculator with a chart (light)');
});

test('the chart takes the dark theme’s colours and Russian tick texts', async ({ page }) => {
  await page.goto(`/calc/${withChart}`);
  const chart = chartOf(page);
  await drawnTicks(chart);
  const light = await chart.getAttribute('data-chart-text');

  await switchTheme(page, 'dark');
  // Drawn again with the dark theme's text colour, the one the page's text has.
  await expect(chart).not.toHaveAttribute('data-chart-text', light ?? '');
  const text = await chart.evaluate((element) => getComputedStyle(element).color);
  await expect(chart).toHaveAttribute('data-chart-text', text);
  await expectAccessible(page, 'published calculator with a chart (dark)');
  await screenshot(page, 'charts-line');

  await page.getByLabel('Language').selectOption({ label: 'Русский' });
  await expect(chart).toHaveAttribute('data-y-ticks', /2\u00a0500/);
  await expect(chart.getByRole('img')).toHaveAttribute('aria-label', /^Линейный график/);
  await screenshot(page, 'charts-line-ru');
});

test('at 360 px the chart fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/calc/${withChart}`);
  const chart = chartOf(page);
  await drawnTicks(chart);
  const box = await chart.getByRole('img').boundingBox();
  expect(box?.width).toBeGreaterThan(200);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
  // Nothing sticks out sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await screenshot(page, 'charts-360');
});

test('the chart is printed, within the paper’s width', async ({ page }) => {
  await page.goto(`/calc/${withChart}`);
  const chart = chartOf(page);
  await drawnTicks(chart);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(chart.getByText('Balance over time')).toBeVisible();
  const canvas = chart.getByRole('img');
  await expect(canvas).toBeVisible();
  const box = await canvas.boundingBox();
  const main = await page.locator('main').boundingBox();
  expect(box?.height).toBeGreaterThan(100);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(
    (main?.x ?? 0) + (main?.width ?? 0) + 1,
  );
  await screenshot(page, 'charts-print');
});

/** The text of each page of a PDF (poppler's pdftotext), words joined by single spaces. */
function pdfPageTexts(path: string): string[] {
  const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
  return text
    .split('\f')
    .filter((page) => page.trim())
    .map((page) => page.replace(/\s+/g, ' ').trim());
}

test('a printed page is not left part empty for the chart that follows', async ({
  page,
}, testInfo) => {
  // Six inputs bring the chart to the end of the first page; three years of rows go on
  // past it.
  const doc = loanDoc(LINE_CHART);
  doc.metaInputs.push(
    ...['deposit', 'fees', 'insurance'].map((name, index) => ({
      id: 4 + index,
      name,
      type: 'number' as const,
    })),
  );
  doc.defaults = { ...doc.defaults, '3': 36 };
  const id = await saveCalculator(author, doc);
  await page.goto(`/calc/${id}`);
  await drawnTicks(chartOf(page));
  const path = testInfo.outputPath('printed.pdf');
  await page.pdf({
    path,
    format: 'A4',
    margin: { top: '1cm', bottom: '1cm', left: '1cm', right: '1cm' },
  });

  const [first, second] = pdfPageTexts(path);
  // The outputs start on the first page and the chart (its title kept with its drawing)
  // fits there under them, instead of moving on and leaving a third of the page blank;
  // the schedule's rows follow on the next page.
  expect(first).toMatch(/ Outputs payment \$[\d,.]+ schedule Balance over time$/);
  expect(second).toMatch(/^Month Date Interest Balance 1 Jan 1, 2026 /);
});

test('the embed reports a height that includes the chart', async ({ page }) => {
  // A page on another site that frames both calculators (served from localhost: Chromium
  // blocks a public page, which a routed one counts as, from framing a local one).
  const hostPage =
    '<!doctype html><html lang="en"><head><title>Host</title>' +
    '<script>window.heights={};addEventListener("message",function(e){' +
    'if(e.data&&e.data.type==="calcsmith:height")window.heights[e.data.id]=e.data.height})</script>' +
    '</head><body>' +
    `<iframe title="with" id="with" src="${baseUrl()}/embed/${withChart}" width="600" height="300"></iframe>` +
    `<iframe title="without" id="without" src="${baseUrl()}/embed/${withoutChart}" width="600" height="300"></iframe>` +
    '</body></html>';
  const site = createServer((_, response) => {
    response.setHeader('content-type', 'text/html');
    response.end(hostPage);
  });
  await new Promise<void>((listening) => site.listen(0, '127.0.0.1', listening));
  const { port } = site.address() as AddressInfo;
  try {
    await page.goto(`http://localhost:${port}/host.html`);
    const frame = page.frameLocator('#with');
    const chart = chartOf(frame);
    await drawnTicks(chart);
    await expect(
      page.frameLocator('#without').getByRole('cell', { name: 'Jan 1, 2026' }),
    ).toBeVisible();
    const heights = () =>
      page.evaluate(
        (ids) => {
          const all = (window as unknown as { heights: Record<string, number> }).heights;
          return { with: all[ids[0]] ?? 0, without: all[ids[1]] ?? 0 };
        },
        [withChart, withoutChart],
      );
    // The chart's box (240–280 px) is in the height, not left to scroll inside the frame.
    await expect
      .poll(async () => {
        const { with: tall, without } = await heights();
        return without > 0 && tall - without;
      })
      .toBeGreaterThanOrEqual(240);
    const bottom = await chart.evaluate((element) => element.getBoundingClientRect().bottom);
    expect((await heights()).with).toBeGreaterThanOrEqual(bottom);
    // Sized as reported, the frame shows the whole calculator, the chart included.
    await page.evaluate(
      (height) => {
        document.getElementById('with')!.style.height = `${height}px`;
      },
      (await heights()).with,
    );
    await screenshot(page, 'charts-embed');
  } finally {
    site.close();
  }
});

test('the author sets a chart up in the output’s settings and sees it in the preview', async ({
  page,
}) => {
  await signUpViaApi(page.request, newAccount('chart-author'));
  const id = await saveCalculator(page.request, loanDoc());
  await page.goto(`/source/${id}`);
  // The author sees the schedule first: the first chart is made from its rows.
  await expect(page.getByRole('cell').first()).toBeVisible();
  await page.getByRole('button', { name: 'Edit mode' }).click();
  const card = page.getByRole('group', { name: 'Output schedule', exact: true });
  await card.getByLabel('Chart', { exact: true }).selectOption('Line');
  // A first chart puts the date column along x and draws the number column after it:
  // the dates are never drawn as a number series.
  await expect(card.getByLabel('Column along the x axis').locator('option:checked')).toHaveText(
    'Date',
  );
  await expect(card.getByRole('checkbox', { name: 'Interest' })).toBeChecked();
  await expect(card.getByRole('checkbox', { name: 'Month' })).not.toBeChecked();
  await expect(card.getByText('Tick at least one column to draw.')).toBeHidden();
  await card.getByRole('checkbox', { name: 'Balance' }).check();
  await card.getByLabel('Chart title').fill('Where the money goes');
  await expect(card.getByText('Tick at least one column to draw.')).toBeHidden();
  await expectAccessible(page, 'editor, chart settings');
  await screenshot(page, 'charts-editor-settings');

  await page.getByRole('button', { name: 'Calc mode' }).click();
  const chart = chartOf(page);
  await expect(chart.getByText('Where the money goes')).toBeVisible();
  await drawnTicks(chart);
  await expect(chart.getByRole('img')).toHaveAttribute(
    'aria-label',
    /^Line chart of Interest, Balance by Date\./,
  );
  await screenshot(page, 'charts-editor-preview');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();
  // Saved with the doc: the published page draws it too.
  await page.goto(`/calc/${id}`);
  await expect(chartOf(page).getByText('Where the money goes')).toBeVisible();
  await drawnTicks(chartOf(page));
});

test('a one-row table draws its point, on axes around it', async ({ page }) => {
  const doc = loanDoc(LINE_CHART);
  doc.defaults = { '1': 10000, '2': 6, '3': 1 };
  const id = await saveCalculator(author, doc);
  await page.goto(`/calc/${id}`);
  const chart = chartOf(page);
  await drawnTicks(chart);
  await expect(chart).toHaveAttribute('data-points', '1');
  // Pixels of the series' colour: the point (Chart.js draws nothing on an axis of no width).
  const painted = await chart.evaluate((figure) => {
    const canvas = figure.querySelector('canvas')!;
    const probe = document.createElement('span');
    probe.style.color = getComputedStyle(figure).getPropertyValue('--primary');
    figure.append(probe);
    const [r, g, b] = getComputedStyle(probe).color.match(/\d+/g)!.map(Number);
    probe.remove();
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let count = 0;
    for (let i = 0; i < data.length; i += 4) {
      const near =
        Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) < 40;
      if (near && data[i + 3] > 200) count += 1;
    }
    return count;
  });
  expect(painted).toBeGreaterThan(20);
  // The balance is paid off after one month: the axis runs up from $0, not from -$1.
  expect(await drawnTicks(chart)).toMatch(/^\$0 \| /);
  await screenshot(page, 'charts-one-row');
});

test('a chart shown alone keeps its table for screen readers', async ({ page }) => {
  const id = await saveCalculator(
    author,
    loanDoc({ type: 'doughnut', x: 1, y: [3], show: 'chart', title: 'Interest by month' }),
  );
  await page.goto(`/calc/${id}`);
  const chart = chartOf(page);
  await expect(chart).toHaveAttribute('data-chart-drawn', /\d/);
  // A doughnut has no axes: nothing to format.
  await expect(chart).toHaveAttribute('data-y-ticks', '');
  await expect(page.getByRole('table')).toBeAttached();
  // Out of sight, but in the accessibility tree with the engine's texts.
  const region = page.getByRole('region', { name: 'schedule' });
  expect((await region.boundingBox())?.height ?? 0).toBeLessThanOrEqual(1);
  await expect(page.getByRole('cell', { name: '$50.00' })).toBeAttached();
  await expect(chart.getByRole('img')).toHaveAttribute(
    'aria-label',
    'Doughnut chart of Interest by Month. The table “schedule” has the same data.',
  );
  await expectAccessible(page, 'published calculator with a doughnut chart alone');
  await screenshot(page, 'charts-doughnut');
});
