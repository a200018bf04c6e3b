// A new deployment reaches visitors who have the old one's service worker (issue 14): the
// next online visit to a published calculator shows the new build, the new service worker
// takes over, and the copy kept for offline use is the new build's, never the old one's
// forever. The test serves a copy of the web build from a server of its own and deploys a
// "new build" into it: index.html marked, and sw.js listing it with a new revision, as a
// rebuild would.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  doublerDoc,
  newAccount,
  output,
  saveCalculator,
  screenshot,
  signUpViaApi,
  waitUntilKeptOffline,
} from './helpers';
import { startServer, webRoot } from './server';

const MARK = 'calcsmith-deployment';

/** Writes `text` to `path`, dropping compressed copies of the old text the server would prefer. */
function writeServed(path: string, text: string) {
  writeFileSync(path, text);
  for (const copy of [`${path}.gz`, `${path}.br`]) rmSync(copy, { force: true });
}

/** Deploys a build named `name` into `webDir`: its app shell says so, its service worker
 * lists the shell with a revision of its own. */
function deploy(webDir: string, name: string) {
  const shell = join(webDir, 'index.html');
  const html = readFileSync(shell, 'utf8');
  expect(html).toContain('<head>');
  writeFileSync(shell, html.replace('<head>', `<head><meta name="${MARK}" content="${name}">`));

  const worker = join(webDir, 'sw.js');
  const source = readFileSync(worker, 'utf8');
  const revised = source.replace(SHELL_ENTRY, (entry) =>
    entry.replace(/("?revision"?\s*:\s*")[^"]*"/, `$1${name}"`),
  );
  expect(revised, 'sw.js lists index.html with a revision').not.toBe(source);
  writeServed(worker, revised);
}

/** index.html's entry in the precache list that the build writes into sw.js. */
const SHELL_ENTRY = /\{[^{}]*"?url"?\s*:\s*"(?:\/)?index\.html"[^{}]*\}/;

/** The deployment named in the app shell the service worker keeps (null: none kept). */
function keptShell(page: Page): Promise<string | null> {
  return page.evaluate(async (mark) => {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (new URL(request.url).pathname !== '/index.html') continue;
        const html = await (await cache.match(request))!.text();
        return (
          new DOMParser()
            .parseFromString(html, 'text/html')
            .querySelector(`meta[name="${mark}"]`)
            ?.getAttribute('content') ?? 'first'
        );
      }
    }
    return null;
  }, MARK);
}

test('a new deployment takes over on the next online visit, offline too', async ({
  browser,
  playwright,
}, testInfo) => {
  const webDir = testInfo.outputPath('web');
  cpSync(join(webRoot, 'dist'), webDir, { recursive: true });
  const server = await startServer({ dataDir: testInfo.outputPath('server'), webDir });
  const context = await browser.newContext({ baseURL: server.baseUrl });
  try {
    const author = await playwright.request.newContext({ baseURL: server.baseUrl });
    await signUpViaApi(author, newAccount('deploy'));
    const id = await saveCalculator(author, doublerDoc('Deployed doubler'));

    const page = await context.newPage();
    await page.goto(`/calc/${id}`);
    await expect(output(page, 'x')).toHaveText('42.00');
    await waitUntilKeptOffline(page, id);
    expect(await keptShell(page)).toBe('first');

    deploy(webDir, 'second');
    // The next online visit gets the new build from the network, and its service worker
    // replaces the old one, keeping the new app shell.
    await page.goto(`/calc/${id}`);
    await expect(page.locator(`meta[name="${MARK}"]`)).toHaveAttribute('content', 'second');
    await expect.poll(() => keptShell(page), { timeout: 20_000 }).toBe('second');

    await context.setOffline(true);
    await page.reload();
    await expect(page.locator(`meta[name="${MARK}"]`)).toHaveAttribute('content', 'second');
    await expect(output(page, 'x')).toHaveText('42.00');
    await page.getByLabel('a', { exact: true }).fill('5');
    await expect(output(page, 'x')).toHaveText('10.00');
    await screenshot(page, 'offline-after-deployment');
  } finally {
    await context.close();
    await server.stop();
  }
});
