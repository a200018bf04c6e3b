// A first, second and third visit (issue 34, part 4), as a visitor's browser has them: a
// profile on disk, so the HTTP cache, Chromium's cache of compiled wasm and the service
// worker are kept between visits. Each run is a new profile: the page, then `settle` ms
// with the page open (the worker's first calculation tiers the engine's code up, and V8
// writes the compiled module to the cache a few seconds after that), the browser closed
// and started again on the same profile, and so on. Every other run blocks the service
// worker, so the wasm comes from the HTTP cache each time (with it, from the second visit
// on it comes from the service worker's Cache Storage, which keeps its own compiled code).
// After each visit it notes the size on disk of both code caches (`Code Cache/wasm`, and
// Cache Storage, which holds the compiled code beside the response) and, from the worker,
// when it started and when its files came. Used by browser.mjs (labels "visits: …").
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM, median } from './common.mjs';

const VISITS = ['first', 'second', 'third'];

/** KB on disk of the profile's wasm code cache and of its Cache Storage. */
function cacheSizes(dir) {
  const size = (path) => {
    try {
      return Number(execFileSync('du', ['-sk', path]).toString().split('\t')[0]);
    } catch {
      return 0;
    }
  };
  return {
    'Code Cache/wasm': size(join(dir, 'Default', 'Code Cache', 'wasm')),
    'Cache Storage': size(join(dir, 'Default', 'Service Worker', 'CacheStorage')),
  };
}

/** A file's name without its build hash, so loads of different builds compare. */
const fileName = (path) =>
  path.startsWith('/assets/calcsmith_engine_bg-') ? '/assets/calcsmith_engine_bg.wasm' : path;

/**
 * One visit of `url` in `context`: navigation → the first output (`watch` notes it as
 * `window.__firstOutput`), and, on the page's clock, when the worker started and when each
 * file it fetched was asked for and came (`cached` when nothing crossed the network).
 */
async function visit(context, url) {
  const page = await context.newPage();
  const workers = [];
  page.on('worker', (worker) => workers.push(worker));
  await page.goto(url);
  const seen = await (
    await page.waitForFunction(() => window.__firstOutput, null, { timeout: 60_000 })
  ).jsonValue();
  const origin = await page.evaluate(() => performance.timeOrigin);
  const marks = { 'first output': seen.dom };
  const page_files = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((r) => [new URL(r.name).pathname, r.startTime, r.responseEnd]),
  );
  for (const [name, start, end] of page_files) {
    if (name.endsWith('.wasm') || name.startsWith('/js/')) {
      marks[`page: ${fileName(name)} asked`] = start;
      marks[`page: ${fileName(name)} came`] = end;
    }
  }
  for (const worker of workers) {
    try {
      const seenThere = await worker.evaluate(() => ({
        origin: performance.timeOrigin,
        files: performance
          .getEntriesByType('resource')
          .map((r) => [new URL(r.name).pathname, r.startTime, r.responseEnd]),
      }));
      const shift = seenThere.origin - origin;
      marks['worker started'] = shift;
      for (const [name, start, end] of seenThere.files) {
        marks[`worker: ${fileName(name)} asked`] = start + shift;
        marks[`worker: ${fileName(name)} came`] = end + shift;
      }
    } catch {
      // A worker that was stopped meanwhile.
    }
  }
  return { page, first: seen.dom, frame: seen.frame, marks };
}

const summary = (values) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return {
    median: median(sorted),
    p90: sorted[Math.min(sorted.length - 1, Math.ceil(0.9 * sorted.length) - 1)],
    min: sorted[0],
    max: sorted.at(-1),
    n: sorted.length,
  };
};

/**
 * `runs` runs of three visits of `url` (see the top of the file); `watch` runs in every
 * page before the app, `cookies` are added to each profile (the author's, for the editor).
 */
export async function visits(url, { runs, settle = 6000, watch, cookies = [] }) {
  const launch = async (dir, serviceWorkers) => {
    const context = await chromium.launchPersistentContext(dir, {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 1280, height: 800 },
      serviceWorkers,
    });
    if (cookies.length) await context.addCookies(cookies);
    await context.addInitScript(watch);
    return context;
  };
  const loads = {};
  for (let run = 0; run < runs; run++) {
    const blocked = run % 2 === 1;
    const dir = await mkdtemp(join(tmpdir(), 'calcsmith-visits-'));
    try {
      for (const [index, kind] of VISITS.entries()) {
        const context = await launch(dir, blocked ? 'block' : 'allow');
        const seen = await visit(context, url);
        if (index < VISITS.length - 1) await seen.page.waitForTimeout(settle);
        await context.close();
        const label = `${kind} visit${blocked ? ', service worker blocked' : ''}`;
        (loads[label] ??= []).push({ ...seen, caches: cacheSizes(dir) });
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  const result = {};
  for (const [label, seen] of Object.entries(loads)) {
    const names = [...new Set(seen.flatMap((load) => Object.keys(load.marks)))];
    result[label] = {
      dom: summary(seen.map((load) => load.first)),
      frame: summary(seen.map((load) => load.frame)),
      marks: Object.fromEntries(
        names
          .map((name) => [name, median(seen.map((load) => load.marks[name] ?? NaN))])
          .sort((a, b) => a[1] - b[1]),
      ),
      caches: seen.map((load) => load.caches),
    };
  }
  return result;
}

/** The tables of the first and second visits: times, code cache counts, the worker's files. */
export function printVisits(all, table) {
  const rows = Object.entries(all).flatMap(([label, kinds]) =>
    Object.entries(kinds).map(([kind, result]) => [
      `${label.replace('visits: ', '')}, ${kind}`,
      result,
    ]),
  );
  if (!rows.length) return;
  table('navigation → first outputs, profile on disk, browser restarted between visits', rows);
  console.log('| visit | after it, on disk: Code Cache/wasm / Cache Storage (each run) |');
  console.log('|---|---|');
  for (const [label, result] of rows) {
    const counts = result.caches.map(
      (sizes) => `${sizes['Code Cache/wasm']} KB / ${sizes['Cache Storage']} KB`,
    );
    console.log(`| ${label} | ${counts.join('; ')} |`);
  }
  for (const [label, result] of rows) {
    console.log(`\n| ${label}: median of ${result.dom.n} | ms after navigation |`);
    console.log('|---|---|');
    for (const [mark, at] of Object.entries(result.marks))
      console.log(`| ${mark} | ${at.toFixed(1)} |`);
  }
}
