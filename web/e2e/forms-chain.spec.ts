// Issue 30 from the author to the visitor, as one chain: an author builds a three-step
// calculator in the editor (a show-when rule made in the rule builder, a valid-when rule,
// a section and two presets: forms-author-helpers.ts), saves it and opens it published; a
// visitor then completes that very calculator on /calc by mouse and by keyboard alone, and
// in the share dialog's embed snippet on another site, on a 360 × 740 touch screen, by touch
// and by keyboard; axe in both themes, screenshots.
//
// What only this chain checks (forms-visitor.spec.ts works on a calculator made through the
// API): the doc exactly as the editor saves it, with the outputs on the last step only; a
// show-when rule over two inputs on different steps; the outputs' exact values from the
// author's script, a hidden input's kept value not counted; a link that opens on the last
// step with a value its rule refuses; the embed framed from the snippet, its theme the
// visitor's system's.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import {
  baseUrl,
  expectAccessible,
  output,
  screenshot,
  signUpViaApi,
  switchTheme,
  type Theme,
} from './helpers';
import {
  buildFormsCalculator,
  field,
  pressFor,
  progress,
  retype,
  tabTo,
  TOO_YOUNG,
  WAITING,
} from './forms-author-helpers';

test.describe.configure({ mode: 'serial' });

const THEMES: Theme[] = ['light', 'dark'];
let calcId = '';

/** The outputs, as the visitor reads them: [total, monthly]. */
const outputs = (view: Page | FrameLocator) => [output(view, 'total'), output(view, 'monthly')];

async function expectOutputs(view: Page | FrameLocator, total: string, monthly: string) {
  const [shownTotal, shownMonthly] = outputs(view);
  await expect(shownTotal).toHaveText(total);
  await expect(shownMonthly).toHaveText(monthly);
}

test('an author builds the form in the editor, saves it and opens it published', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpViaApi(page.request);
  calcId = await buildFormsCalculator(page);
  await page.getByRole('link', { name: 'View published' }).click();
  await expect(page).toHaveURL(new RegExp(`/calc/${calcId}(#.*)?$`));
  await expect(progress(page)).toHaveText('Step 1 of 3');
});

test('a visitor completes it on /calc by mouse: presets, both rules, Next and Back', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto(`/calc/${calcId}`);
  await expect(progress(page)).toHaveText('Step 1 of 3');
  await expect(page.getByRole('heading', { name: 'About you' })).toBeVisible();
  // The outputs are on the last step only (the editor's default).
  for (const shown of outputs(page)) await expect(shown).toBeHidden();

  await page
    .getByRole('group', { name: 'Presets' })
    .getByRole('button', { name: 'First-time buyer' })
    .click();

  // Valid when: under 18 the author's message is under the field; Next stays on the step.
  await field(page, 'age').fill('16');
  await expect(page.getByText(TOO_YOUNG)).toBeVisible();
  await expect(field(page, 'age')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'age')).toHaveAccessibleDescription(TOO_YOUNG);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(progress(page)).toHaveText('Step 1 of 3');
  await expect(field(page, 'age')).toBeFocused();
  await field(page, 'age').fill('40');
  await expect(page.getByText(TOO_YOUNG)).toHaveCount(0);
  await page.getByRole('checkbox', { name: /coBorrower/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(progress(page)).toHaveText('Step 2 of 3');
  await expect(page.getByRole('heading', { name: 'Money' })).toBeFocused();

  // Show when: a co-borrower (step 1) and an income under 50,000 (the preset's 30,000).
  await expect(field(page, 'income')).toHaveValue('30000');
  const section = page.getByRole('heading', { name: 'Co-borrower', exact: true });
  await expect(section).toBeVisible();
  await expect(page.locator('.calc-group-description em')).toHaveText('with');
  await field(page, 'coIncome').fill('12000');
  await field(page, 'income').fill('60000');
  await expect(field(page, 'coIncome')).toHaveCount(0);
  await expect(section).toHaveCount(0);
  await field(page, 'income').fill('30000');
  await expect(field(page, 'coIncome')).toHaveValue('12000');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(progress(page)).toHaveText('Step 3 of 3');
  await expect(page.getByRole('heading', { name: 'Term' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
  // (30,000 + 12,000) × 20 years, and a twelfth of 42,000.
  await expectOutputs(page, '840,000', '3,500.00');

  // Back: an income of 60,000 hides the co-borrower's, which then counts for nothing.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Money' })).toBeFocused();
  await field(page, 'income').fill('60000');
  await expect(field(page, 'coIncome')).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();
  await expectOutputs(page, '1,200,000', '5,000.00');

  await page
    .getByRole('group', { name: 'Presets' })
    .getByRole('button', { name: 'Typical family' })
    .click();
  await expect(progress(page)).toHaveText('Step 3 of 3');
  await expectOutputs(page, '800,000', '3,333.33');

  for (const theme of THEMES) {
    await switchTheme(page, theme);
    await expectAccessible(page, `the author's form on /calc, last step (${theme})`);
    await screenshot(page, 'forms-chain-calc-1280');
  }
});

test('a link opening on the last step with an age the rule refuses leads to the field', async ({
  page,
}) => {
  const link = encodeURIComponent(JSON.stringify({ '1': 16, step: 'st3' }));
  await page.goto(`/calc/${calcId}#${link}`);
  await expect(progress(page)).toHaveText('Step 3 of 3');
  // The outputs wait, and say why; the field at fault is on step 1, one click away.
  await expect(page.getByText(WAITING)).toBeVisible();
  for (const shown of outputs(page)) await expect(shown).toHaveText('Not calculated');
  for (const theme of THEMES) {
    await switchTheme(page, theme);
    await expectAccessible(page, `outputs waiting for a field on step 1 (${theme})`);
    await screenshot(page, 'forms-chain-waiting-1280');
  }
  await page.getByRole('button', { name: 'Go to step 1' }).click();
  await expect(progress(page)).toHaveText('Step 1 of 3');
  await expect(field(page, 'age')).toBeFocused();
  await expect(field(page, 'age')).toHaveAccessibleDescription(TOO_YOUNG);
  await field(page, 'age').fill('19');
  for (const step of ['Step 2 of 3', 'Step 3 of 3']) {
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(progress(page)).toHaveText(step);
  }
  await expect(page.getByText(WAITING)).toHaveCount(0);
  await expectOutputs(page, '800,000', '3,333.33');
});

test('a visitor completes it on /calc by keyboard alone', async ({ page }) => {
  await page.goto(`/calc/${calcId}`);
  await expect(progress(page)).toHaveText('Step 1 of 3');
  const heading = (name: string) => page.getByRole('heading', { name });
  await tabTo(page, field(page, 'age'));
  await retype(page, '17');
  await page.keyboard.press('Enter');
  await expect(field(page, 'age')).toHaveAccessibleDescription(TOO_YOUNG);
  await expect(progress(page)).toHaveText('Step 1 of 3');
  await expect(field(page, 'age')).toBeFocused();
  await retype(page, '45');
  const coBorrower = page.getByRole('checkbox', { name: /coBorrower/ });
  await pressFor(page, coBorrower);
  await page.keyboard.press('Space');
  await expect(coBorrower).toBeChecked();
  // Enter in the step's last field is Next; the focus goes to the new step's heading.
  await pressFor(page, heading('Money'), 'Enter');

  // The income, the section's summary (it opens and closes it), the co-borrower's income.
  await pressFor(page, field(page, 'income'));
  await retype(page, '20000');
  await pressFor(page, page.locator('summary', { hasText: 'Co-borrower' }));
  await pressFor(page, field(page, 'coIncome'));
  await retype(page, '15000');
  await pressFor(page, heading('Term'), 'Enter');
  await expect(progress(page)).toHaveText('Step 3 of 3');
  await pressFor(page, field(page, 'years'));
  await retype(page, '10');
  await expectOutputs(page, '350,000', '2,916.67');

  // Back, then a preset (above the steps) by keyboard.
  await pressFor(page, page.getByRole('button', { name: 'Back' }));
  await pressFor(page, heading('Money'), 'Enter');
  await pressFor(page, page.getByRole('button', { name: 'Reset to defaults' }), 'Shift+Tab');
  await pressFor(page, page.getByRole('button', { name: 'First-time buyer' }), 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(field(page, 'income')).toHaveValue('30000');
  await expect(field(page, 'coIncome')).toHaveCount(0);
  await tabTo(page, field(page, 'income'));
  await pressFor(page, heading('Term'), 'Enter');
  await expectOutputs(page, '600,000', '2,500.00');
});

test('in the embed snippet on another site, on a phone, by touch and by keyboard', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const phone = await browser.newContext({
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    locale: 'en-US',
  });
  const site = createServer();
  try {
    const page = await phone.newPage();
    // The snippet as the share dialog gives it to anyone who opens the calculator.
    await page.goto(`${baseUrl()}/calc/${calcId}`);
    await page.getByRole('group', { name: 'Share' }).getByRole('button', { name: 'Link' }).tap();
    const snippet = await page.getByLabel(/Embed on your site/).inputValue();
    // Another site (localhost is another site than the server's 127.0.0.1) pasting it.
    site.on('request', (_, response) => {
      response.setHeader('content-type', 'text/html');
      response.end(
        '<!doctype html><html lang="en"><head><title>Loans</title></head>' +
          `<body><h1>Our loans</h1>${snippet}</body></html>`,
      );
    });
    await new Promise<void>((listening) => site.listen(0, '127.0.0.1', listening));
    const host = `http://localhost:${(site.address() as AddressInfo).port}/loans.html`;
    await page.goto(host);
    const frame = page.frameLocator(`#calcsmith-${calcId}`);

    // By touch.
    await expect(progress(frame)).toHaveText('Step 1 of 3');
    await frame.getByRole('button', { name: 'First-time buyer' }).tap();
    await field(frame, 'age').fill('16');
    await expect(field(frame, 'age')).toHaveAccessibleDescription(TOO_YOUNG);
    await frame.getByRole('button', { name: 'Next' }).tap();
    await expect(progress(frame)).toHaveText('Step 1 of 3');
    await field(frame, 'age').fill('30');
    await frame.getByRole('checkbox', { name: /coBorrower/ }).tap();
    await frame.getByRole('button', { name: 'Next' }).tap();
    await expect(frame.getByRole('heading', { name: 'Money' })).toBeFocused();
    await field(frame, 'coIncome').fill('5000');
    await frame.getByRole('button', { name: 'Next' }).tap();
    await expect(progress(frame)).toHaveText('Step 3 of 3');
    await expectOutputs(frame, '700,000', '2,916.67');

    // The visitor's system theme is the embed's; axe looks inside the frame too.
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      await expect(frame.locator('html')).toHaveAttribute('data-theme', theme);
      await expectAccessible(page, `the author's form embedded at 360 px (${theme})`);
      await screenshot(page, 'forms-chain-embed-360', theme);
    }

    // By keyboard alone, from the host page into the frame.
    await page.reload();
    await tabTo(page, field(frame, 'age'));
    await retype(page, '12');
    await page.keyboard.press('Enter');
    await expect(field(frame, 'age')).toHaveAccessibleDescription(TOO_YOUNG);
    await retype(page, '50');
    await pressFor(page, frame.getByRole('heading', { name: 'Money' }), 'Enter');
    await pressFor(page, field(frame, 'income'));
    await pressFor(page, frame.getByRole('heading', { name: 'Term' }), 'Enter');
    await expectOutputs(frame, '800,000', '3,333.33');
  } finally {
    await phone.close();
    site.close();
  }
});
