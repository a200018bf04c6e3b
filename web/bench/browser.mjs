// Browser benchmarks of the web app in headless Chromium, against a running server:
//  (a) navigation start → first displayed outputs on /calc/{id}, plain, with mathjs on and
//      with Intl (a script calling toLocaleString: the worker loads the Intl module),
//      each load in a fresh browser context (nothing cached): as a visitor opens it (the
//      server's initial result shows at once), and with values in the hash (no server
//      result, so the outputs wait for the worker: the engine's wasm and the libraries);
//  (b) keystroke in an input → updated outputs, on one page, one keystroke at a time,
//      for the small calculators and for one with a 360-row table;
//  (c) the editor's first live output on /source/{id}, signed in, on a warm cache (the
//      second load in the same browser context);
//  (d) a visitor typing soon after opening /calc/{id} (fresh context each load): 4 keys
//      150 ms apart, from 0.5 s (or 3 s) after the first outputs, while the worker may
//      still be making the page's first calculation; last keydown → its outputs;
//  (e) with --visits (or --only naming them), a first, second and third visit with a
//      profile on disk, the browser restarted in between (visits.mjs): /calc/{id} with
//      hash values, and the editor; with the code caches' size and the worker's files.
// Times are taken inside the page: performance.now() is relative to the navigation start;
// a MutationObserver sees the output text change; "frame" adds the next animation frame.
//
// Run by scripts/bench-browser, which builds and starts a server. Alone:
//   node bench/browser.mjs --base http://127.0.0.1:8080 [--loads 20] [--keys 100] [--json]
//     [--only 'plain;chart;plain, hash (worker)'] (only the cases with these labels)
// Markdown tables (or JSON) go to stdout, progress to stderr.
import { chromium, request } from '@playwright/test';
import { sha, solveChallenge } from 'altcha/lib';
import { CHROMIUM, flag, median, option, watchFirstOutput } from './common.mjs';
import { printVisits, visits } from './visits.mjs';

const BASE = option('base', 'http://127.0.0.1:8080');
const LOADS = Number(option('loads', 20));
const KEYS = Number(option('keys', 100));
const WARMUP_KEYS = 10;
const JSON_OUT = flag('json');

const log = (...parts) => console.error(...parts);

// ---- the calculators ----

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const randomId = () =>
  Array.from({ length: 16 }, () => ALPHABET[Math.floor(Math.random() * 62)]).join('');

/**
 * A small calculator: 4 number inputs, 3 value outputs (currency, decimals, a percent).
 * `kind` is 'plain', 'mathjs' (Math.js on), 'intl' (the total goes through
 * toLocaleString, so the worker runs it in the Intl module) or 'chart' (plain, plus a
 * 12-row table of the total by month shown as a line chart above the table).
 */
function smallDoc(kind) {
  if (kind === 'chart') return chartDoc();
  if (kind === 'table') return tableDoc();
  const mathjs = kind === 'mathjs';
  const total =
    kind === 'intl'
      ? "Number((subtotal + tax).toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 2 }))"
      : 'subtotal + tax';
  const script = mathjs
    ? "'use strict';\n\n" +
      'const subtotal = math.evaluate("p * q * (1 - d)", { p: inputs.price, q: inputs.qty, d: inputs.discount });\n' +
      'const tax = math.round(subtotal * inputs.tax, 2);\n' +
      'return { subtotal, tax, total: subtotal + tax, rate: inputs.tax };\n'
    : "'use strict';\n\n" +
      'const subtotal = inputs.price * inputs.qty * (1 - inputs.discount);\n' +
      'const tax = Math.round(subtotal * inputs.tax * 100) / 100;\n' +
      `return { subtotal, tax, total: ${total}, rate: inputs.tax };\n`;
  return {
    name: `Bench (${kind})`,
    description: '',
    script,
    libraries: { lodash: false, moment: false, mathjs },
    tabSize: 2,
    defaults: { 1: 19.99, 2: 3, 3: 0.2, 4: 0.1 },
    metaInputs: [
      { id: 1, name: 'price', type: 'number' },
      { id: 2, name: 'qty', type: 'number' },
      { id: 3, name: 'tax', type: 'number' },
      { id: 4, name: 'discount', type: 'number' },
    ],
    metaOutputs: [
      { id: 1, name: 'subtotal', type: 'value', currencySign: '$', decimalPlaces: 2 },
      { id: 2, name: 'tax', type: 'value', currencySign: '$', decimalPlaces: 2 },
      { id: 3, name: 'total', type: 'value', currencySign: '$', decimalPlaces: 2 },
      { id: 4, name: 'rate', type: 'value', percent: true, decimalPlaces: 1 },
    ],
    inputs_label: '',
    outputs_label: '',
  };
}

/**
 * The plain calculator computing more before it returns (`code`, ending in a `return`
 * that adds a `schedule`) and showing `schedule` as the table output `table`.
 */
function plainWithTable(name, code, table) {
  const doc = smallDoc('plain');
  return {
    ...doc,
    name,
    script: doc.script.replace(
      'return { subtotal, tax, total: subtotal + tax, rate: inputs.tax };',
      code,
    ),
    metaOutputs: [...doc.metaOutputs, { id: 5, name: 'schedule', type: 'table', ...table }],
  };
}

/** 'plain' with a table of 12 months drawn as a line chart (Chart.js, loaded on demand). */
function chartDoc() {
  return plainWithTable(
    'Bench (chart)',
    'const schedule = [];\n' +
      'for (let month = 1; month <= 12; month++) schedule.push({ month, total: (subtotal + tax) * month });\n' +
      'return { subtotal, tax, total: subtotal + tax, rate: inputs.tax, schedule };',
    {
      metaOutputs: [
        { id: 1, name: 'month', type: 'value' },
        { id: 2, name: 'total', type: 'value', currencySign: '$', decimalPlaces: 2 },
      ],
      chart: { type: 'line', x: 1, y: [2], title: 'Total by month' },
    },
  );
}

/**
 * 'plain' with a 360-row table: the total, times 1,000, repaid monthly over 30 years at
 * 6.5 % (month, payment, interest, principal, balance), so every keystroke redraws 360
 * rows (issue 15's "360-row table").
 */
function tableDoc() {
  const money = (id, name) => ({ id, name, type: 'value', currencySign: '$', decimalPlaces: 2 });
  return plainWithTable(
    'Bench (table)',
    'const monthly = 0.065 / 12;\n' +
      'const principal = (subtotal + tax) * 1000;\n' +
      'const payment = (principal * monthly) / (1 - Math.pow(1 + monthly, -360));\n' +
      'let balance = principal;\n' +
      'const schedule = [];\n' +
      'for (let month = 1; month <= 360; month++) {\n' +
      '  const interest = balance * monthly;\n' +
      '  balance -= payment - interest;\n' +
      '  schedule.push({ month, payment, interest, principal: payment - interest, balance: Math.abs(balance) < 1e-6 ? 0 : balance });\n' +
      '}\n' +
      'return { subtotal, tax, total: subtotal + tax, rate: inputs.tax, schedule };',
    {
      metaOutputs: [
        { id: 1, name: 'month', type: 'value' },
        money(2, 'payment'),
        money(3, 'interest'),
        money(4, 'principal'),
        money(5, 'balance'),
      ],
    },
  );
}

async function createCalculators() {
  const api = await request.newContext({ baseURL: BASE });
  const challenge = await (await api.get('/api/captcha')).json();
  const solution = await solveChallenge({ challenge, deriveKey: sha.deriveKey, timeout: 60_000 });
  const signUp = await api.post('/api/signup', {
    data: {
      email: `bench-${Date.now()}@example.com`,
      password: 'bench-password',
      name: 'Bench',
      captchaResponse: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
    },
  });
  if (!signUp.ok()) throw new Error(`sign-up: ${signUp.status()} ${await signUp.text()}`);
  const ids = {};
  for (const key of ['plain', 'mathjs', 'intl', 'chart', 'table']) {
    ids[key] = randomId();
    const saved = await api.post(`/api/source/${ids[key]}`, {
      data: { doc: smallDoc(key), doc_style: {} },
    });
    if (!saved.ok()) throw new Error(`save: ${saved.status()} ${await saved.text()}`);
  }
  // The author's session, for the editor's pages.
  ids.author = await api.storageState();
  await api.dispose();
  return ids;
}

// ---- in the page ----

/**
 * Runs before the app: notes when the editor first shows a live output (the outputs
 * panel's "Current value", calculated by the worker).
 */
function watchFirstLiveOutput() {
  const observer = new MutationObserver(() => {
    const element = document.querySelector('.live-output .output-text');
    const text = element?.textContent.trim();
    if (!text) return;
    const dom = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => {
      window.__firstOutput = { dom, frame: performance.now(), text };
    });
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
}

/** Runs before the app: notes when a chart has first been drawn (Chart.js loaded, ticks in). */
function watchFirstChart() {
  const observer = new MutationObserver(() => {
    if (!document.querySelector('figure.output-chart[data-chart-drawn]')) return;
    const dom = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => {
      window.__firstChart = { dom, frame: performance.now() };
    });
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
}

/** Notes, for each keystroke in `qty`, when the `total` output's text changes after it. */
function watchKeystrokes() {
  const label = [...document.querySelectorAll('label')].find((l) => l.textContent === 'qty');
  const input = document.getElementById(label.htmlFor);
  const output = document.querySelector('[data-output="total"] dd');
  window.__keystrokes = [];
  let started = null;
  let last = output.textContent;
  input.addEventListener('keydown', (event) => (started = event.timeStamp), true);
  new MutationObserver(() => {
    const text = output.textContent;
    if (started === null || text === last) return;
    const since = started;
    const dom = performance.now();
    started = null;
    last = text;
    requestAnimationFrame(() =>
      window.__keystrokes.push({ dom: dom - since, frame: performance.now() - since, text }),
    );
  }).observe(output, { subtree: true, childList: true, characterData: true });
  input.focus();
}

/** Notes each change of the `total` output with the keydown it follows (`__typed`). */
function watchTyping() {
  const output = document.querySelector('[data-output="total"] dd');
  window.__typed = [];
  window.__lastKeydown = null;
  document.addEventListener('keydown', (event) => (window.__lastKeydown = event.timeStamp), true);
  let last = output.textContent;
  new MutationObserver(() => {
    const text = output.textContent;
    if (text === last || window.__lastKeydown === null) return;
    last = text;
    const since = window.__lastKeydown;
    const dom = performance.now();
    requestAnimationFrame(() =>
      window.__typed.push({ since, dom: dom - since, frame: performance.now() - since, text }),
    );
  }).observe(output, { subtree: true, childList: true, characterData: true });
}

// ---- measurements ----

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const summary = (values) => ({
  median: median(values),
  p90: percentile(values, 90),
  min: Math.min(...values),
  max: Math.max(...values),
  n: values.length,
});

async function firstOutputs(browser, path, chart = false) {
  const dom = [];
  const frame = [];
  const chartDom = [];
  const chartFrame = [];
  for (let run = 0; run < LOADS; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(watchFirstOutput);
    if (chart) await context.addInitScript(watchFirstChart);
    const page = await context.newPage();
    await page.goto(`${BASE}${path}`);
    const seen = await (
      await page.waitForFunction(() => window.__firstOutput, null, { timeout: 30_000 })
    ).jsonValue();
    dom.push(seen.dom);
    frame.push(seen.frame);
    if (chart) {
      const drawn = await (
        await page.waitForFunction(() => window.__firstChart, null, { timeout: 30_000 })
      ).jsonValue();
      chartDom.push(drawn.dom);
      chartFrame.push(drawn.frame);
    }
    await context.close();
  }
  const result = { dom: summary(dom), frame: summary(frame) };
  if (chart) result.chart = { dom: summary(chartDom), frame: summary(chartFrame) };
  return result;
}

/**
 * Navigation → the first live output in the editor (`/source/{id}`), signed in as the
 * author, on a warm cache: each run is a new context that loads the page once (filling
 * the HTTP cache and the compiled wasm's cache) and is then measured on its second load.
 */
async function editorFirstOutput(browser, path, author) {
  const dom = [];
  const frame = [];
  for (let run = 0; run < LOADS; run++) {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      storageState: author,
    });
    await context.addInitScript(watchFirstLiveOutput);
    const page = await context.newPage();
    for (const measured of [false, true]) {
      await page.goto(`${BASE}${path}`);
      const seen = await (
        await page.waitForFunction(() => window.__firstOutput, null, { timeout: 30_000 })
      ).jsonValue();
      if (measured) {
        dom.push(seen.dom);
        frame.push(seen.frame);
      }
    }
    await context.close();
  }
  return { dom: summary(dom), frame: summary(frame) };
}

async function keystrokes(browser, id) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${BASE}/calc/${id}`);
  await page.waitForSelector('[data-output="total"] dd .output-text:not(.placeholder)');
  // Let the worker load and answer once before typing.
  await page.waitForTimeout(1500);
  await page.evaluate(watchKeystrokes);
  await page.keyboard.press('End');
  // Each keystroke changes qty (3 → 3d → 3 → …), so each changes the total.
  const press = async (count) => {
    const before = await page.evaluate(() => window.__keystrokes.length);
    await page.keyboard.press(count % 2 === 0 ? String(1 + (count % 9)) : 'Backspace');
    await page.waitForFunction((n) => window.__keystrokes.length > n, before, { timeout: 10_000 });
  };
  for (let count = 0; count < WARMUP_KEYS; count++) await press(count);
  const warm = await page.evaluate(() => window.__keystrokes.length);
  for (let count = 0; count < KEYS; count++) await press(count);
  const all = await page.evaluate(() => window.__keystrokes);
  await context.close();
  const measured = all.slice(warm);
  return {
    dom: summary(measured.map((k) => k.dom)),
    frame: summary(measured.map((k) => k.frame)),
  };
}

/**
 * A visitor types into `qty` `delay` ms after the first outputs show on a fresh page: the
 * time from the last of 4 keydowns (150 ms apart) to the outputs for it.
 */
async function typingAfterLoad(browser, id, delay) {
  const dom = [];
  const frame = [];
  for (let run = 0; run < LOADS; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${BASE}/calc/${id}`);
    await page.waitForSelector('[data-output="total"] dd .output-text:not(.placeholder)');
    await page.waitForTimeout(delay);
    await page.evaluate(watchTyping);
    await page.getByLabel('qty', { exact: true }).click();
    await page.keyboard.press('End');
    for (const key of ['1', '2', '3', '4']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(150);
    }
    const last = await (
      await page.waitForFunction(
        () => window.__typed.find((change) => change.since === window.__lastKeydown),
        null,
        { timeout: 30_000 },
      )
    ).jsonValue();
    dom.push(last.dom);
    frame.push(last.frame);
    await context.close();
  }
  return { dom: summary(dom), frame: summary(frame) };
}

const ms = (value) => `${value.toFixed(1)} ms`;
const row = (label, result) =>
  `| ${label} | ${ms(result.dom.median)} | ${ms(result.dom.p90)} | ${ms(result.dom.min)}–${ms(result.dom.max)} | ${ms(result.frame.median)} | ${result.dom.n} |`;

async function main() {
  const ids = await createCalculators();
  log(
    `calculators: plain ${ids.plain}, mathjs ${ids.mathjs}, intl ${ids.intl}, chart ${ids.chart}, table ${ids.table}`,
  );
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
  const results = {
    first: {},
    editor: {},
    typing: {},
    keys: {},
    visits: {},
    chromium: browser.version(),
  };
  const hash = encodeURIComponent('{"2":4}');
  const cases = [
    ['plain', `/calc/${ids.plain}`],
    ['chart', `/calc/${ids.chart}`, true],
    ['mathjs', `/calc/${ids.mathjs}`],
    ['plain, hash (worker)', `/calc/${ids.plain}#${hash}`],
    ['chart, hash (worker)', `/calc/${ids.chart}#${hash}`, true],
    ['mathjs, hash (worker)', `/calc/${ids.mathjs}#${hash}`],
    ['intl, hash (worker, Intl module)', `/calc/${ids.intl}#${hash}`],
  ];
  const only = option('only', '');
  for (const [label, path, chart] of cases) {
    if (only && !only.split(';').includes(label)) continue;
    log(`first outputs: ${label} (${LOADS} loads)`);
    results.first[label] = await firstOutputs(browser, path, chart);
  }
  for (const [label, id] of [
    ['editor, plain', ids.plain],
    ['editor, mathjs', ids.mathjs],
  ]) {
    if (only && !only.split(';').includes(label)) continue;
    log(`first live output: ${label} (${LOADS} warm loads)`);
    results.editor[label] = await editorFirstOutput(browser, `/source/${id}`, ids.author);
  }
  for (const [label, id, delay] of [
    ['plain, typing 0.5 s after the first outputs', ids.plain, 500],
    ['mathjs, typing 0.5 s after the first outputs', ids.mathjs, 500],
    ['mathjs, typing 3 s after the first outputs', ids.mathjs, 3000],
  ]) {
    if (only && !only.split(';').includes(label)) continue;
    log(`typing: ${label} (${LOADS} loads)`);
    results.typing[label] = await typingAfterLoad(browser, id, delay);
  }
  for (const [label, id] of [
    ['plain', ids.plain],
    ['chart', ids.chart],
    ['mathjs', ids.mathjs],
    ['table', ids.table],
  ]) {
    if (only && !only.split(';').includes(label)) continue;
    log(`keystrokes: ${label} (${KEYS} after ${WARMUP_KEYS} to warm up)`);
    results.keys[label] = await keystrokes(browser, id);
  }
  await browser.close();
  for (const [label, path, watch, cookies] of [
    ['visits: mathjs, hash', `/calc/${ids.mathjs}#${hash}`, watchFirstOutput, []],
    ['visits: plain, hash', `/calc/${ids.plain}#${hash}`, watchFirstOutput, []],
    ['visits: intl, hash', `/calc/${ids.intl}#${hash}`, watchFirstOutput, []],
    ['visits: editor, mathjs', `/source/${ids.mathjs}`, watchFirstLiveOutput, ids.author.cookies],
  ]) {
    if (only ? !only.split(';').includes(label) : !flag('visits')) continue;
    log(`first and second visits: ${label} (${LOADS} runs)`);
    results.visits[label] = await visits(`${BASE}${path}`, { runs: LOADS, watch, cookies });
  }

  if (JSON_OUT) {
    console.log(JSON.stringify(results, null, 2));
    return;
  }
  console.log(`Chromium ${results.chromium}, headless, 1280×800.\n`);
  /** A markdown table of `rows` ([label, result]), then a blank line; none when empty. */
  const table = (heading, rows, { unit = 'loads', always = false, last = false } = {}) => {
    if (!rows.length && !always) return;
    console.log(`| ${heading} | median | p90 | min–max | median to next frame | ${unit} |`);
    console.log('|---|---|---|---|---|---|');
    for (const [label, result] of rows) console.log(row(label, result));
    if (!last) console.log('');
  };
  const first = Object.entries(results.first);
  table('navigation → first outputs on /calc/{id}', first, { always: true });
  table(
    'navigation → chart drawn on /calc/{id}',
    first.filter(([, result]) => result.chart).map(([label, result]) => [label, result.chart]),
  );
  table(
    'navigation → first live output in the editor (warm cache)',
    Object.entries(results.editor),
  );
  table('typing on a fresh page: last keydown → its outputs', Object.entries(results.typing));
  table('keystroke → updated outputs', Object.entries(results.keys), {
    unit: 'keystrokes',
    always: !Object.keys(results.visits).length,
    last: !Object.keys(results.visits).length,
  });
  printVisits(results.visits, table);
}

await main();
