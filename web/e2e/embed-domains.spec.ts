// The sites allowed to embed a calculator (issue 32): the author lists them in the editor's
// Settings (an entry that is not a site is named under the field, and the save's refusal
// says the same); a page on a second loopback port that the list names frames the
// calculator, and Chromium blocks the frame of one whose list does not name it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import {
  baseUrl,
  calcDoc,
  expectAccessible,
  newAccount,
  output,
  saveCalculator,
  signUpViaApi,
  switchTheme,
} from './helpers';

const FIELD = 'Sites that may embed this calculator';
const LISTED =
  'Only these sites may embed it. One site a line, e.g. example.com, *.example.com or http://127.0.0.1:5174.';
const NOT_A_SITE =
  '"exa mple.com" is not a site (write example.com, *.example.com or http://127.0.0.1:5174)';

const tripler = (name: string) =>
  calcDoc({
    name,
    script: "'use strict';\n\nreturn { x: inputs.a * 3 };\n",
    inputs: [{ id: 1, name: 'a', type: 'number' }],
    outputs: [{ id: 1, name: 'x', type: 'value', decimalPlaces: 2 }],
    defaults: { '1': 7 },
  });

/**
 * A shop's page on a loopback port of its own: `/?calc=ID` frames `BASE/embed/ID`. Ids are
 * checked so the page cannot be made to say anything else.
 */
async function hostSite(): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    const id = new URL(request.url ?? '/', 'http://host').searchParams.get('calc') ?? '';
    if (!/^[0-9A-Za-z]{16}$/.test(id)) {
      response.statusCode = 404;
      response.end();
      return;
    }
    response.setHeader('content-type', 'text/html');
    response.end(
      '<!doctype html><html lang="en"><head><title>Shop</title></head><body><h1>A shop</h1>' +
        `<iframe id="calc" title="Calculator" src="${baseUrl()}/embed/${id}"` +
        ' style="width:100%;height:600px;border:0"></iframe></body></html>',
    );
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, server };
}

/** The console's lines of `page` from now on. */
function consoleOf(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (message) => lines.push(message.text()));
  return lines;
}

test('only the sites the author lists in Settings can frame the calculator', async ({
  page,
  browser,
}) => {
  const { origin, server } = await hostSite();
  expect(origin).not.toBe(new URL(baseUrl()).origin);
  try {
    await signUpViaApi(page.request, newAccount('domains'));
    const listed = await saveCalculator(page.request, tripler('Listed'));
    const elsewhere = await saveCalculator(page.request, {
      ...tripler('Elsewhere'),
      embedDomains: ['https://shop.example.com'],
    } as ReturnType<typeof calcDoc>);

    // Before any list the shop's page frames it, as every page could.
    const visitor = await browser.newContext();
    const before = await visitor.newPage();
    await before.goto(`${origin}/?calc=${listed}`);
    await expect(output(before.frameLocator('#calc'), 'x')).toHaveText('21.00');
    await before.close();

    await page.goto(`/source/${listed}`);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const settings = page.getByRole('region', { name: 'Settings', exact: true });
    const field = settings.getByRole('textbox', { name: FIELD });
    await expect(field).toHaveAccessibleDescription(
      'Empty: every site may embed it. One site a line, e.g. example.com, *.example.com or http://127.0.0.1:5174.',
    );
    await field.fill('exa mple.com');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(`${LISTED} ${NOT_A_SITE}`);
    for (const theme of ['light', 'dark'] as const) {
      await switchTheme(page, theme);
      await expectAccessible(page, `editor embed sites (${theme})`, '#editor-panel');
    }
    // A save anyway is refused in the same words.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const refusal = page.getByRole('dialog', { name: 'Error' });
    await expect(refusal).toContainText(`The calculator is not valid: embedDomains: ${NOT_A_SITE}`);
    await refusal.getByRole('button', { name: 'Close' }).first().click();

    await field.fill(`https://shop.example.com\n${origin}`);
    await expect(field).not.toHaveAttribute('aria-invalid');
    await expect(field).toHaveAccessibleDescription(LISTED);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('All changes saved')).toBeVisible();
    const source = await (await page.request.get(`/api/source/${listed}`)).json();
    expect(source.doc.embedDomains).toEqual(['https://shop.example.com', origin]);

    // The listed shop frames it and uses it.
    const shop = await visitor.newPage();
    await shop.goto(`${origin}/?calc=${listed}`);
    const frame = shop.frameLocator('#calc');
    await expect(output(frame, 'x')).toHaveText('21.00');
    await frame.getByLabel('a', { exact: true }).fill('5');
    await expect(output(frame, 'x')).toHaveText('15.00');

    // A calculator that lists only another site: Chromium refuses to show it in the frame.
    const blocked = await visitor.newPage();
    const lines = consoleOf(blocked);
    await blocked.goto(`${origin}/?calc=${elsewhere}`);
    await expect
      .poll(() => lines.some((line) => /frame-ancestors https:\/\/shop\.example\.com/.test(line)))
      .toBe(true);
    await expect(blocked.getByRole('heading', { name: 'A shop' })).toBeVisible();
    await expect(blocked.frameLocator('#calc').locator('[data-output]')).toHaveCount(0);
    // Opened on its own (not framed), it works for anyone.
    await blocked.goto(`${baseUrl()}/embed/${elsewhere}`);
    await expect(output(blocked, 'x')).toHaveText('21.00');
    await visitor.close();
  } finally {
    server.close();
  }
});
