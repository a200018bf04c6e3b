// Where a keystroke's time goes on /calc/{id}, against a running server: for each
// keystroke in the `qty` input, the times (ms after the keydown event) of the page posting
// the calculation, the worker receiving it and posting its result, the page receiving
// that result, the output's text changing, and the frames around it. Page and worker
// times are on one clock (`performance.timeOrigin + performance.now()`).
//   node bench/keystroke-probe.mjs --base http://127.0.0.1:18090 --id CALC_ID
//     [--keys 30] [--gap 200] (ms between keystrokes: a person typing fast is ~100–200)
import { chromium } from '@playwright/test';
import { CHROMIUM, median, option } from './common.mjs';

const BASE = option('base', 'http://127.0.0.1:8080');
const ID = option('id', '');
const KEYS = Number(option('keys', 30));
const GAP = Number(option('gap', 200));

/** Runs before the app: notes the keydowns, the frames and the messages to and from the worker. */
function watchPage() {
  const now = () => performance.timeOrigin + performance.now();
  window.__marks = [];
  const mark = (name) => window.__marks.push([name, now()]);
  const Original = window.Worker;
  window.Worker = class extends Original {
    constructor(...rest) {
      super(...rest);
      this.addEventListener('message', (event) => {
        if (event.data?.type === 'result') mark('page receives the result');
      });
    }
    postMessage(message, ...rest) {
      if (message?.type === 'evaluate') mark('page posts the calculation');
      return super.postMessage(message, ...rest);
    }
  };
  document.addEventListener(
    'keydown',
    () => {
      mark('keydown');
      requestAnimationFrame(() => mark('first frame after the keydown starts'));
    },
    true,
  );
  let last = null;
  new MutationObserver(() => {
    const text = document.querySelector('[data-output="total"] dd .output-text')?.textContent;
    if (text === undefined || text === last) return;
    last = text;
    mark('output text changed');
    requestAnimationFrame(() => mark('the frame after the change starts'));
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/** In the worker: when a calculation arrives and when its result is posted. */
function watchWorker() {
  const now = () => performance.timeOrigin + performance.now();
  self.__marks = [];
  const handler = self.onmessage;
  self.onmessage = (event) => {
    if (event.data?.type === 'evaluate') self.__marks.push(['worker receives it', now()]);
    handler(event);
  };
  const post = self.postMessage.bind(self);
  self.postMessage = (message, ...rest) => {
    if (message?.type === 'result') self.__marks.push(['worker posts the result', now()]);
    return post(message, ...rest);
  };
}

const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
await context.addInitScript(watchPage);
const page = await context.newPage();
await page.goto(`${BASE}/calc/${ID}`);
await page.waitForSelector('[data-output="total"] dd .output-text:not(.placeholder)');
await page.waitForTimeout(1500);
const worker = page.workers()[0];
await worker.evaluate(watchWorker);
await page.evaluate(() => {
  const label = [...document.querySelectorAll('label')].find((l) => l.textContent === 'qty');
  document.getElementById(label.htmlFor).focus();
});
await page.keyboard.press('End');
await page.waitForTimeout(GAP);
await page.evaluate(() => (window.__marks.length = 0));
for (let count = 0; count < KEYS; count++) {
  await page.keyboard.press(count % 2 === 0 ? String(1 + (count % 9)) : 'Backspace');
  await page.waitForTimeout(GAP);
}
const marks = [
  ...(await page.evaluate(() => window.__marks)),
  ...(await worker.evaluate(() => self.__marks)),
].sort((a, b) => a[1] - b[1]);
await browser.close();

// Each mark's first occurrence after each keydown.
const after = new Map();
let keydown = null;
let seen = new Set();
for (const [name, time] of marks) {
  if (name === 'keydown') {
    keydown = time;
    seen = new Set();
    continue;
  }
  if (keydown === null || seen.has(name)) continue;
  seen.add(name);
  after.set(name, [...(after.get(name) ?? []), time - keydown]);
}
console.log(`| ms after keydown (median of ${KEYS} keystrokes, ${GAP} ms apart) | ms |`);
console.log('|---|---|');
const rows = [...after.entries()].map(([name, times]) => [name, median(times)]);
for (const [name, ms] of rows.sort((a, b) => a[1] - b[1])) {
  console.log(`| ${name} | ${ms.toFixed(1)} |`);
}
