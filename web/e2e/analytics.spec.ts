// Analytics (issue 31): a visitor opens a published calculator, uses it and meets an
// error; the author then finds the view, the engaged visit and the error on the
// calculator's Analytics screen (reached from My Calculators), which passes axe in both
// themes. The server writes counted events every half second in this run (server.ts).
import { expect, test, type Page } from '@playwright/test';
import {
  baseUrl,
  calcDoc,
  expectAccessible,
  newAccount,
  output,
  saveCalculator,
  screenshot,
  signUpViaApi,
  switchTheme,
} from './helpers';

/** A person's browser: Playwright's headless user agent is counted as a robot. */
const VISITOR_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

const halver = () =>
  calcDoc({
    name: 'Halver',
    script:
      "'use strict';\n\nif (inputs.a < 0) throw new Error('Negative amounts are not allowed');\n" +
      'return { x: inputs.a / 2 };\n',
    inputs: [{ id: 1, name: 'a', type: 'number' }],
    outputs: [{ id: 1, name: 'x', type: 'value', decimalPlaces: 1 }],
    defaults: { '1': 10 },
  });

/** The funnel's number for a step. */
const funnel = (page: Page, step: 'views' | 'visitors' | 'engaged' | 'submitted') =>
  page.getByTestId(`funnel-${step}`);

test('a visit, its use and its error reach the author’s Analytics screen', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await signUpViaApi(page.request, newAccount('analyst'));
  const id = await saveCalculator(page.request, halver());

  // A visitor, from a search page.
  const visitor = await browser.newContext({ baseURL: baseUrl(), userAgent: VISITOR_AGENT });
  const visit = await visitor.newPage();
  const beacons: string[] = [];
  visit.on('request', (request) => {
    if (request.url().endsWith(`/api/calc/${id}/events`)) beacons.push(request.postData() ?? '');
  });
  await visit.goto(`/calc/${id}`, { referer: 'http://search.example/results?q=halve' });
  await expect(output(visit, 'x')).toHaveText('5.0');
  const a = visit.getByLabel('a', { exact: true });
  await a.fill('9');
  await expect(output(visit, 'x')).toHaveText('4.5');
  await a.fill('-1');
  await expect(visit.getByRole('alert')).toHaveText(
    'Error: Negative amounts are not allowed (line 3)',
  );
  await expect.poll(() => beacons.length).toBe(3);
  expect(beacons.map((body) => JSON.parse(body).type)).toEqual(['view', 'engaged', 'error']);
  // Only the other site's origin is sent, never what the visitor searched for there.
  expect(JSON.parse(beacons[0]).referrer).toBe('http://search.example');
  // Nothing the visitor typed went with them.
  expect(beacons.join('\n')).not.toContain('9');
  await visitor.close();

  // The author's own visit sends nothing.
  const own: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/events')) own.push(request.url());
  });
  await page.goto(`/calc/${id}`);
  await expect(output(page, 'x')).toHaveText('5.0');

  // The editor's "More actions" menu leads there too.
  await page.goto(`/source/${id}`);
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(`/analytics/${id}`);

  // From My Calculators to the calculator's Analytics.
  await page.goto('/user/calculators');
  await page.getByRole('link', { name: 'Analytics Halver' }).click();
  await expect(page).toHaveURL(`/analytics/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Analytics: Halver');
  await expect(async () => {
    await page.reload();
    await expect(funnel(page, 'views')).toHaveText('1', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(funnel(page, 'visitors')).toHaveText('1');
  await expect(funnel(page, 'engaged')).toHaveText('1');
  await expect(funnel(page, 'submitted')).toHaveText('0');
  expect(own).toEqual([]);

  const referrers = page.getByRole('region', { name: 'Where visitors came from' });
  await expect(referrers.getByRole('row', { name: 'search.example 1' })).toBeVisible();
  const devices = page.getByRole('region', { name: 'Devices' });
  await expect(devices.getByRole('row', { name: 'Desktop 1' })).toBeVisible();
  const errors = page.getByRole('region', { name: 'Errors visitors saw' });
  await expect(
    errors.getByRole('cell', {
      name: 'Error: Negative amounts are not allowed (line 3)',
      exact: true,
    }),
  ).toBeVisible();
  await expect(errors.getByRole('row')).toHaveCount(2);

  // The chart's numbers as a table.
  await page.getByText('Show as a table').click();
  const daily = page.getByRole('region', { name: 'Daily' });
  await expect(daily.getByRole('row')).toHaveCount(31);
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(funnel(page, 'views')).toHaveText('1');
  // The table stays open for the new period.
  await expect(daily.getByRole('row')).toHaveCount(8);

  // CSV export.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Halver analytics 7 days.csv');

  for (const theme of ['light', 'dark'] as const) {
    await switchTheme(page, theme);
    await expect(page.locator('.analytics-chart canvas')).toBeVisible();
    await expectAccessible(page, `analytics (${theme})`);
    await screenshot(page, 'analytics');
  }
});
