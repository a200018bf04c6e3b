// formula.js, decimal.js and a rounding rule, end to end (issue 28, part 5): an author turns
// both libraries on in Settings, writes a script with formula.js's PMT and a decimal.js sum,
// sets "Half to even" and a step of 0.05 in the outputs' settings, saves; a visitor on the
// published page sees the exact values — the server's stored result first, then the page's
// own worker (which loads both libraries) after an input changes.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { calcDoc, newAccount, output, saveCalculator, signUpViaApi } from './helpers';

test.describe.configure({ mode: 'parallel' });

const SCRIPT = `'use strict';

const monthly = inputs.rate / 100 / 12;
const payment = -formulajs.PMT(monthly, inputs.years * 12, inputs.principal);
const parts = ['0.1', '2.2', '0.325'];
const fees = parts.reduce((sum, part) => sum.plus(part), new Decimal(0));
const feesAsDouble = parts.reduce((sum, part) => sum + Number(part), 0);
return { payment, fees, feesAsDouble };
`;

// The values, from Node 20 running the same packages (@formulajs/formulajs 4.6.1 and
// decimal.js 10.6.0, the versions in package-lock.json) on the same script:
//   formulajs.PMT(0.06 / 12, 360, 200000)   = -1199.1010503055138 → $1,199.10 to 0.05
//   formulajs.PMT(0.045 / 12, 180, 250000)  = -1912.483222033658  → $1,912.50 to 0.05
//   new Decimal(0).plus('0.1').plus('2.2').plus('0.325').toFixed() = '2.625', a tie
//     between 2.60 and 2.65: half to even gives $2.60 (half away from zero would give $2.65);
//   0.1 + 2.2 + 0.325 = 2.6250000000000004 as doubles, past the tie: $2.65.
const FIRST = { payment: '$1,199.10', fees: '$2.60', feesAsDouble: '$2.65' };
const SECOND = { payment: '$1,912.50', fees: '$2.60', feesAsDouble: '$2.65' };

const outputCard = (page: Page, name: string) =>
  page.getByRole('group', { name: `Output ${name}`, exact: true });

/** Dollars with 2 decimals, half to even, to a multiple of 0.05, set in the output's card. */
async function setCashRounding(card: Locator) {
  await card.getByLabel('Currency sign', { exact: true }).fill('$');
  await card.getByLabel('Decimal places', { exact: true }).fill('2');
  await card.getByLabel('Rounding', { exact: true }).selectOption({
    label: 'Half to even (banker’s)',
  });
  await card.getByLabel('Round to a multiple of', { exact: true }).fill('0.05');
}

async function expectShown(page: Page, values: Record<string, string>) {
  for (const [name, text] of Object.entries(values)) {
    await expect(output(page, name)).toHaveText(text, { timeout: 15_000 });
  }
}

test('PMT and a Decimal sum, rounded half to even to 0.05, show exactly on the published page', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signUpViaApi(page.request, newAccount('libraries'));
  // The inputs and plain outputs exist; everything the issue is about is done in the editor.
  const id = await saveCalculator(
    page.request,
    calcDoc({
      name: 'Loan and fees',
      script: "'use strict';\n\nreturn {};\n",
      inputs: [
        { id: 1, name: 'principal', type: 'number' },
        { id: 2, name: 'rate', type: 'number' },
        { id: 3, name: 'years', type: 'number' },
      ],
      outputs: [
        { id: 1, name: 'payment', type: 'value' },
        { id: 2, name: 'fees', type: 'value' },
        { id: 3, name: 'feesAsDouble', type: 'value' },
      ],
      defaults: { '1': 200000, '2': 6, '3': 30 },
    }),
  );
  await page.goto(`/source/${id}`);
  await expect(page.getByRole('tab', { name: 'Inputs & outputs' })).toBeVisible();

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const settings = page.getByRole('region', { name: 'Settings', exact: true });
  await settings.getByRole('checkbox', { name: 'formula.js (Excel functions)' }).check();
  await settings.getByRole('checkbox', { name: 'decimal.js (exact decimals)' }).check();
  await settings.getByRole('button', { name: 'Close Settings' }).click();

  for (const name of Object.keys(FIRST)) await setCashRounding(outputCard(page, name));

  await page.getByRole('tab', { name: 'Script' }).click();
  const editor = page.getByRole('textbox', { name: 'Script' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(SCRIPT);
  await expect(editor).toContainText('return { payment, fees, feesAsDouble };');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible({ timeout: 15_000 });
  const stored = (await (await page.request.get(`/api/source/${id}`)).json()).doc;
  expect(stored.libraries).toMatchObject({ formulajs: true, decimal: true });
  expect(stored.metaOutputs[0]).toMatchObject({
    name: 'payment',
    currencySign: '$',
    decimalPlaces: 2,
    roundingMode: 'halfEven',
    roundingStep: 0.05,
  });

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/calc/${id}`);
  await expectShown(visitor, FIRST);
  // Calculated by the visitor's own worker, with both libraries loaded there.
  await visitor.getByLabel('principal', { exact: true }).fill('250000');
  await visitor.getByLabel('rate', { exact: true }).fill('4.5');
  await visitor.getByLabel('years', { exact: true }).fill('15');
  await expectShown(visitor, SECOND);
  await visitorContext.close();
});
