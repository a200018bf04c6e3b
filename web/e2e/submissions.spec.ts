// Submissions (issue 29): the author sets the form up in the editor's Settings; a visitor
// submits it on /calc by keyboard and inside an /embed frame on another site, and is
// thanked with the server's numbers; the author finds them from My Calculators (with the
// unread count), reads the details, downloads the CSV, filters, deletes, and sees the
// submissions the free plan holds back. Axe in both themes on each screen.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  baseUrl,
  calcDoc,
  expectAccessible,
  newAccount,
  output,
  saveCalculator,
  signUpViaApi,
  switchTheme,
  type Theme,
} from './helpers';
import { CONSENT, quoteDoc, setMonthCount, submitViaApi } from './submissions-helpers';

/** A person's browser: Playwright's headless user agent is counted as a robot. */
const VISITOR_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

const THEMES: Theme[] = ['light', 'dark'];

test('the author sets up the form in Settings, checked before saving', async ({ page }) => {
  await signUpViaApi(page.request, newAccount('setup'));
  const id = await saveCalculator(
    page.request,
    calcDoc({
      name: 'Setup quote',
      script: "'use strict';\n\nreturn { total: inputs.a * 2 };\n",
      inputs: [{ id: 1, name: 'a', type: 'number' }],
      outputs: [{ id: 1, name: 'total', type: 'value', decimalPlaces: 2 }],
      defaults: { '1': 5 },
    }),
  );
  await page.goto(`/source/${id}`);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const settings = page.getByRole('region', { name: 'Settings', exact: true });
  const section = settings.getByRole('region', { name: 'Submissions' });
  await section.getByRole('checkbox', { name: 'Collect submissions' }).check();
  // New forms ask for an e-mail (required) and a name.
  await expect(section.getByLabel('E-mail', { exact: true })).toHaveValue('required');
  await expect(section.getByLabel('Name', { exact: true })).toHaveValue('optional');
  await section.getByLabel('Phone', { exact: true }).selectOption('optional');
  await section.getByLabel('Consent checkbox').selectOption('required');
  const consentText = section.getByLabel('Consent text');
  await expect(consentText).toHaveAccessibleDescription('The consent checkbox needs its text.');
  await consentText.fill(CONSENT);
  await expect(consentText).not.toHaveAttribute('aria-invalid');
  await section.getByLabel('Privacy policy link').fill('https://example.com/privacy');
  await section.getByLabel('Button label').fill('Get my quote');
  const thankYou = section.getByLabel('Thank-you message');
  await thankYou.fill('Your quote: {totl}');
  await expect(thankYou).toHaveAccessibleDescription(
    'Shown after sending. {outputName} quotes an output as the page shows it, e.g. Your quote: {total} ' +
      'No value output is named {totl}: shown as written.',
  );
  await thankYou.fill('Your quote: {total}');
  // Previewed with the editor's own result.
  await expect(section.getByText(/^With the values tried now: /)).toHaveText(
    'With the values tried now: Your quote: 10.00',
  );
  const redirect = section.getByLabel('Then go to (optional)');
  await redirect.fill('ftp://example.com/thanks');
  await expect(redirect).toHaveAccessibleDescription(
    'An http or https address; the visitor goes there instead of the thank-you. Enter an http or https address.',
  );
  await redirect.fill('');
  await section.getByLabel('Keep submissions for').selectOption('90');
  await expect(section.getByLabel('E-mail me', { exact: true })).toHaveValue('each');
  await expect(
    section.getByRole('checkbox', { name: 'Offer “E-mail me my results”' }),
  ).not.toBeChecked();
  for (const theme of THEMES) {
    await switchTheme(page, theme);
    await expectAccessible(page, `editor submissions settings (${theme})`, '#editor-panel');
  }

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();
  const source = await (await page.request.get(`/api/source/${id}`)).json();
  expect(source.doc.submissions).toEqual({
    enabled: true,
    fields: [
      { name: 'name' },
      { name: 'email', required: true },
      { name: 'phone' },
      { name: 'consent', required: true },
    ],
    consentText: CONSENT,
    privacyUrl: 'https://example.com/privacy',
    buttonLabel: 'Get my quote',
    thankYou: 'Your quote: {total}',
    retentionDays: 90,
  });
});

test('a visitor submits on /calc by keyboard; the author reads it, unread first', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signUpViaApi(page.request, newAccount('quotes'));
  const id = await saveCalculator(page.request, quoteDoc('Keyboard quote'));

  const visitor = await browser.newContext({ baseURL: baseUrl(), userAgent: VISITOR_AGENT });
  const visit = await visitor.newPage();
  const beacons: string[] = [];
  visit.on('request', (request) => {
    if (request.url().endsWith(`/api/calc/${id}/events`)) beacons.push(request.postData() ?? '');
  });
  await visit.goto(`/calc/${id}`);
  await visit.getByLabel('a', { exact: true }).fill('6');
  await expect(output(visit, 'total')).toHaveText('12.00');
  const form = visit.getByRole('form', { name: 'Send us your details' });
  for (const theme of THEMES) {
    await switchTheme(visit, theme);
    await expectAccessible(visit, `published form (${theme})`);
  }
  // Sent empty: each error at its field, the first one focused.
  await form.getByRole('button', { name: 'Get my quote' }).click();
  const email = form.getByRole('textbox', { name: 'E-mail (required)' });
  await expect(email).toBeFocused();
  await expect(email).toHaveAccessibleDescription('E-mail is required.');
  const consent = form.getByRole('checkbox', { name: `${CONSENT} (required)` });
  await expect(consent).toHaveAccessibleDescription('Please tick this box to send the form.');
  await expectAccessible(visit, 'published form with errors');
  // By keyboard from there: a malformed address, then a good one, the box, and Enter.
  await visit.keyboard.type('ada@example');
  await visit.keyboard.press('Enter');
  await expect(email).toHaveAccessibleDescription('Please enter a valid email address.');
  await visit.keyboard.type('.com');
  await visit.keyboard.press('Tab');
  await expect(consent).toBeFocused();
  await visit.keyboard.press('Space');
  await visit.keyboard.press('Shift+Tab');
  await visit.keyboard.press('Enter');
  const thanks = visit.getByRole('status').filter({ hasText: 'Your quote' });
  await expect(thanks).toHaveText('Your quote: 12.00');
  await expect(thanks).toBeFocused();
  await expect.poll(() => beacons.some((b) => JSON.parse(b).type === 'submit')).toBe(true);
  await visitor.close();

  // The author: My Calculators counts it unread.
  await page.goto('/user/calculators');
  const link = page.getByRole('link', { name: /^Submissions Keyboard quote/ });
  await expect(link.getByTestId('unread-count')).toHaveText('1 unread');
  for (const theme of THEMES) {
    await switchTheme(page, theme);
    await expectAccessible(page, `my calculators with unread (${theme})`);
  }
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Submissions: Keyboard quote');
  const table = page.getByRole('table');
  const row = table.getByRole('row').nth(1);
  await expect(row.getByRole('cell').nth(1)).toHaveText('ada@example.com');
  await expect(row.getByText('New', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: /^Details of the submission of / }).click();
  const details = table.locator('.submission-details');
  await expect(details.getByText('Version 1', { exact: false })).toBeVisible();
  await expect(details.locator('dt:text-is("a") + dd')).toHaveText('6');
  await expect(details.locator('dt:text-is("total") + dd')).toHaveText('12.00');
  await expect(details.locator('dt:text-is("Consent") + dd')).toHaveText(`Ticked: “${CONSENT}”`);
  await expect(details.getByText(`127.0.0.1/calc/${id}`, { exact: true })).toBeVisible();
  for (const theme of THEMES) {
    await switchTheme(page, theme);
    await expectAccessible(page, `submissions screen (${theme})`);
  }

  // The page was read: My Calculators no longer counts it.
  await page.goto('/user/calculators');
  await expect(
    page.getByRole('link', { name: /^Submissions Keyboard quote/ }).getByTestId('unread-count'),
  ).toHaveCount(0);
});

test('a visitor submits inside an embed on another site; the site is kept', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await signUpViaApi(page.request, newAccount('embeds'));
  const id = await saveCalculator(page.request, quoteDoc('Embedded quote'));
  // Another site (localhost is another site than the server's 127.0.0.1) framing the embed.
  const hostPage =
    '<!doctype html><html lang="en"><head><title>Shop</title></head><body><h1>A shop</h1>' +
    `<iframe id="calc" title="Quote" referrerpolicy="unsafe-url" src="${baseUrl()}/embed/${id}"` +
    ' style="width:100%;height:900px;border:0"></iframe></body></html>';
  const site = createServer((_, response) => {
    response.setHeader('content-type', 'text/html');
    response.end(hostPage);
  });
  await new Promise<void>((listening) => site.listen(0, '127.0.0.1', listening));
  const { port } = site.address() as AddressInfo;
  const visitor = await browser.newContext({ userAgent: VISITOR_AGENT });
  try {
    const visit = await visitor.newPage();
    await visit.goto(`http://localhost:${port}/shop/quote.html`);
    const frame = visit.frameLocator('#calc');
    await frame.getByLabel('a', { exact: true }).fill('7');
    await expect(frame.locator('[data-output="total"] dd')).toHaveText('14.00');
    await frame.getByRole('textbox', { name: 'Name' }).fill('Grace Hopper');
    await frame.getByRole('textbox', { name: 'E-mail (required)' }).fill('grace@example.com');
    await frame.getByRole('checkbox', { name: `${CONSENT} (required)` }).check();
    await frame.getByRole('button', { name: 'Get my quote' }).click();
    await expect(frame.getByRole('status').filter({ hasText: 'Your quote' })).toHaveText(
      'Your quote: 14.00',
    );
  } finally {
    await visitor.close();
    site.close();
  }

  // The embed on its own, in both themes, passes axe with the form.
  for (const theme of THEMES) {
    await page.goto(`/embed/${id}?theme=${theme}`);
    await expect(page.getByRole('button', { name: 'Get my quote' })).toBeVisible();
    await expectAccessible(page, `embed form (${theme})`);
  }

  await page.goto(`/submissions/${id}`);
  const row = page.getByRole('table').getByRole('row').nth(1);
  await expect(row.getByRole('cell').nth(0)).toHaveText('Grace Hopper');
  await row.getByRole('button', { name: /^Details/ }).click();
  await expect(page.getByText('localhost/shop/quote.html', { exact: true })).toBeVisible();
});

test('the CSV, search, dates, deleting, and what the free plan holds back', async ({
  page,
  playwright,
}) => {
  test.setTimeout(90_000);
  const author = await signUpViaApi(page.request, newAccount('owner'));
  const id = await saveCalculator(page.request, quoteDoc('Owned quote'));
  const visitor = await playwright.request.newContext({ baseURL: baseUrl() });
  await submitViaApi(visitor, id, 1, { name: 'Ada Lovelace', email: 'ada@example.com' });
  await submitViaApi(visitor, id, 2, { name: '=HYPERLINK("x")', email: 'bob@example.com' });

  await page.goto(`/submissions/${id}`);
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3);
  // Newest first.
  await expect(rows.nth(1).getByRole('cell').nth(1)).toHaveText('bob@example.com');

  // The CSV file, as the server writes it, formulas neutralised.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe(
    '\uFEFFid,created_at,version,page,name,email,phone,company,message,consent,consent_text,a,total',
  );
  expect(lines[1]).toMatch(
    new RegExp(
      '^\\w+,\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z,1,,"\'=HYPERLINK\\(""x""\\)",bob@example\\.com,,,,true,' +
        `${CONSENT},2,4\\.00$`,
    ),
  );
  expect(lines[2]).toMatch(
    new RegExp(`^\\w+,[^,]+,1,,Ada Lovelace,ada@example\\.com,,,,true,${CONSENT},1,2\\.00$`),
  );

  // Search by name or e-mail.
  await page.getByRole('searchbox', { name: 'Search name or e-mail' }).fill('LOVELACE');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1).getByRole('cell').nth(1)).toHaveText('ada@example.com');
  // Days: from tomorrow finds nothing.
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await page.getByRole('button', { name: 'Clear' }).click();
  await page.getByLabel('From').fill(tomorrow);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByText('No submission matches.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(rows).toHaveCount(3);

  // Delete one, with confirmation.
  await rows
    .nth(1)
    .getByRole('button', { name: /^Delete the submission of / })
    .click();
  const confirmOne = page.getByRole('dialog', { name: 'Delete this submission?' });
  await confirmOne.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted.', { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(2);

  // Past the free plan's 100 this month: held back, with the way to upgrade.
  setMonthCount(author.email, 100);
  await submitViaApi(visitor, id, 3, { email: 'late@example.com' });
  await page.reload();
  const notice = page.getByText(/^Held back: /);
  await expect(notice).toHaveText(
    'Held back: 1. Your plan shows 100 submissions a month; the rest are kept, not lost. Upgrade to read them. See the plans',
  );
  await expect(notice.getByRole('link', { name: 'See the plans' })).toHaveAttribute(
    'href',
    '/pricing',
  );
  await expect(rows).toHaveCount(2);
  for (const theme of THEMES) {
    await switchTheme(page, theme);
    await expectAccessible(page, `submissions held back (${theme})`);
  }

  // Delete all, held back too.
  await page.getByRole('button', { name: 'Delete all' }).click();
  const confirmAll = page.getByRole('dialog', { name: 'Delete all submissions?' });
  await expect(confirmAll).toContainText(
    'Every submission of this calculator is deleted, held-back ones too. This cannot be undone.',
  );
  await confirmAll.getByRole('button', { name: 'Delete all' }).click();
  await expect(page.getByText('Deleted 2 submissions.')).toBeVisible();
  await expect(page.getByText('No submissions yet.')).toBeVisible();
  await expect(page.getByText(/^Held back: /)).toHaveCount(0);
  await visitor.dispose();
});

test('the pricing page lists submissions and webhook endpoints', async ({ page }) => {
  await page.goto('/pricing');
  const plan = (name: string) =>
    page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(plan('Regular')).toContainText('1,000 submissions a month');
  await expect(plan('Regular')).toContainText('5 webhook endpoints');
  await expect(plan('Premium')).toContainText('unlimited submissions');
  await expect(plan('Premium')).toContainText('20 webhook endpoints');
  await expect(page.getByText(/^Free: /)).toHaveText(
    'Free: save up to 5 calculators, public calculators only, 100 submissions a month, 1 webhook endpoint.',
  );
});
