// Every module the web build lists for preloading exists (issue 26): the account and
// pricing pages once named an `account-*.js` the build never wrote, and every visit to
// them fetched a 404. The list is read from the build and each name fetched from the real
// server, then each page's own `<link rel="modulepreload">` tags are fetched too.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { webRoot } from './server';

const preloads: Record<string, string[]> = JSON.parse(
  readFileSync(join(webRoot, 'dist/partials/preload.json'), 'utf8'),
);

test('every module the build lists for preloading is served', async ({ request }) => {
  const names = [...new Set(Object.values(preloads).flat())];
  expect(names.length).toBeGreaterThan(10);
  for (const name of names) {
    const response = await request.get(name);
    expect(response.status(), name).toBe(200);
  }
});

for (const path of [
  '/pricing',
  '/account',
  '/account/sub',
  '/forgot',
  '/',
  '/calc/AnyCalculatorId1',
]) {
  test(`${path} preloads only modules that exist`, async ({ request }) => {
    const html = await (await request.get(path)).text();
    const named = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (match) => match[1],
    );
    for (const name of named) {
      expect((await request.get(name)).status(), `${path} names ${name}`).toBe(200);
    }
  });
}
