// Stale outputs (issue 26, item 10): while a calculation runs, and in debug mode from a
// change until Run, only the values are struck through — a value's text and a table's
// cells — never the output names, table headers, chart title, Download CSV or Copy.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { calcDoc, saveCalculator, screenshot, signUpViaApi } from './helpers';

test.describe.configure({ mode: 'parallel' });

// Slow enough (3 s, under the 5 s limit) to look at the page while it recalculates.
const SLOW = `'use strict';

var until = Date.now() + 3000;
while (Date.now() < until) {}
return { total: inputs.a * 2, rows: [{ n: inputs.a, twice: inputs.a * 2 }, { n: 2, twice: 4 }] };
`;

const doc = (script: string) =>
  calcDoc({
    name: 'Slow doubler',
    script,
    inputs: [{ id: 1, name: 'a', type: 'number' }],
    outputs: [
      { id: 1, name: 'total', type: 'value' },
      {
        id: 2,
        name: 'rows',
        type: 'table',
        metaOutputs: [
          { id: 1, name: 'n', type: 'value' },
          { id: 2, name: 'twice', type: 'value' },
        ],
        chart: { type: 'bar', x: 1, y: [2], show: 'both', title: 'Twice n' },
      },
    ],
    defaults: { '1': 21 },
  });

/**
 * What is drawn struck through among the outputs: each element holding text whose own
 * or inherited decoration (up to the outputs' section) is a line-through, by its text.
 */
async function struck(outputs: Locator): Promise<string[]> {
  return outputs.evaluate((section) => {
    const through = (element: Element | null): boolean => {
      for (let at = element; at && at !== section.parentElement; at = at.parentElement) {
        if (getComputedStyle(at).textDecorationLine.includes('line-through')) return true;
      }
      return false;
    };
    const found: string[] = [];
    for (const element of section.querySelectorAll('dt, th, td, button, figcaption, span')) {
      const own = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      );
      if (own && through(element)) found.push(element.textContent!.trim());
    }
    return found;
  });
}

const NOT_STRUCK = ['total', 'rows', 'n', 'twice', 'Twice n', 'Download CSV', 'Copy'];

async function expectOnlyValuesStruck(page: Page, outputs: Locator, values: string[]) {
  const marked = await struck(outputs);
  expect(marked.sort()).toEqual([...values].sort());
  for (const label of NOT_STRUCK) expect(marked).not.toContain(label);
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible();
}

test('while recalculating only the values are struck through', async ({ page }) => {
  await signUpViaApi(page.request);
  const id = await saveCalculator(page.request, doc(SLOW));
  await page.goto(`/calc/${id}`);
  const outputs = page.locator('.calc-outputs');
  await expect(page.locator('[data-output="total"] dd')).toHaveText('42', { timeout: 15_000 });
  await expect(outputs).not.toHaveAttribute('aria-busy', 'true', { timeout: 15_000 });

  await page.getByLabel('a', { exact: true }).fill('5');
  await expect(outputs.getByRole('status')).toHaveText('Recalculating…');
  await expectOnlyValuesStruck(page, outputs, ['42', '21', '42', '2', '4']);
  await screenshot(page, 'stale-recalculating-1280');
  await expect(page.locator('[data-output="total"] dd')).toHaveText('10', { timeout: 15_000 });
  expect(await struck(outputs)).toEqual([]);
});

test('debug mode marks the values stale after a change, until Run', async ({ page }) => {
  await signUpViaApi(page.request);
  const id = await saveCalculator(
    page.request,
    doc(SLOW.replace('Date.now() + 3000', 'Date.now() + 0')),
  );
  await page.goto(`/source/${id}`);
  await page.getByRole('button', { name: 'Calc mode' }).click();
  const outputs = page.locator('.calc-outputs');
  await expect(page.locator('[data-output="total"] dd')).toHaveText('42');
  const toolbar = page.getByRole('group', { name: 'Editor tools' });
  await toolbar.getByRole('button', { name: 'Debug mode' }).click();
  await expect(page.getByText('Debug mode: results update only when you press Run.')).toBeVisible();
  expect(await struck(outputs)).toEqual([]);

  await page.getByLabel('a', { exact: true }).fill('5');
  await expect(
    page.getByText('Debug mode: the results are out of date. Press Run to update them.'),
  ).toBeVisible();
  await expectOnlyValuesStruck(page, outputs, ['42', '21', '42', '2', '4']);

  await toolbar.getByRole('button', { name: 'Run' }).click();
  await expect(page.locator('[data-output="total"] dd')).toHaveText('10');
  await expect(page.getByText('Debug mode: results update only when you press Run.')).toBeVisible();
  expect(await struck(outputs)).toEqual([]);
});
