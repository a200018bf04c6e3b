// Where a first visit's time goes on /calc/{id}, against a running server: medians, over
// fresh browser contexts (nothing cached), of the page's own timings: the HTML, each file
// (request start and response end), DOMContentLoaded, first paint and the first output.
//   node bench/first-load-probe.mjs --base http://127.0.0.1:18090 --id CALC_ID [--loads 10]
import { chromium } from '@playwright/test';
import { CHROMIUM, median, option, watchFirstOutput } from './common.mjs';

const BASE = option('base', 'http://127.0.0.1:8080');
const ID = option('id', '');
const LOADS = Number(option('loads', 10));

const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
const loads = [];
for (let run = 0; run < LOADS; run++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(watchFirstOutput);
  const page = await context.newPage();
  await page.goto(`${BASE}/calc/${ID}`);
  await page.waitForFunction(() => window.__firstOutput);
  loads.push(
    await page.evaluate(() => {
      const [nav] = performance.getEntriesByType('navigation');
      const paint = performance.getEntriesByName('first-paint')[0];
      return {
        marks: {
          'HTML received': nav.responseEnd,
          DOMContentLoaded: nav.domContentLoadedEventEnd,
          'first paint': paint?.startTime ?? NaN,
          'first output': window.__firstOutput.dom,
        },
        files: performance
          .getEntriesByType('resource')
          .map((r) => [new URL(r.name).pathname, r.startTime, r.responseEnd]),
      };
    }),
  );
  await context.close();
}
await browser.close();

console.log(
  `| /calc/{id}, first visit (median of ${LOADS} loads) | requested (ms) | received (ms) |`,
);
console.log('|---|---|---|');
const names = [...new Set(loads.flatMap((load) => load.files.map(([name]) => name)))];
const rows = names.map((name) => {
  const seen = loads.map((load) => load.files.find(([file]) => file === name)).filter(Boolean);
  return [name, median(seen.map((f) => f[1])), median(seen.map((f) => f[2]))];
});
for (const mark of Object.keys(loads[0].marks)) {
  rows.push([`**${mark}**`, NaN, median(loads.map((load) => load.marks[mark]))]);
}
const cell = (ms) => (Number.isFinite(ms) ? ms.toFixed(1) : '');
for (const [name, start, end] of rows.sort((a, b) => a[2] - b[2])) {
  console.log(`| ${name} | ${cell(start)} | ${cell(end)} |`);
}
