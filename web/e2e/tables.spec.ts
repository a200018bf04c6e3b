// Table cells on a phone (issue 26, item 1): a number, an amount or a date never breaks
// over two lines, a header breaks only between words, and a table wider than the page
// scrolls in its own box with a shadow at the edge that has more — on /calc, in the
// editor's calc mode and in the Tests panel's "What differs".
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  expectAccessible,
  loanTableDoc,
  saveCalculator,
  screenshot,
  signUpViaApi,
} from './helpers';

test.describe.configure({ mode: 'parallel' });

interface Wrapped {
  cell: string;
  lines: number;
}

/**
 * The cells of `table` that break where they must not: a number's or date's cell (by its
 * column) on more than one line, and any word of a header or text cell over two lines.
 */
async function badBreaks(table: Locator, wholeColumns: number[]): Promise<Wrapped[]> {
  return table.evaluate((element, whole) => {
    const lines = (range: Range) =>
      new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)))
        .size;
    const bad: { cell: string; lines: number }[] = [];
    for (const row of element.querySelectorAll('tr')) {
      [...row.querySelectorAll('th, td')].forEach((cell, index) => {
        const text = cell.textContent ?? '';
        if (!text.trim()) return;
        const range = document.createRange();
        if (cell.tagName === 'TD' && whole.includes(index)) {
          range.selectNodeContents(cell);
          const count = lines(range);
          if (count !== 1) bad.push({ cell: text, lines: count });
          return;
        }
        // Words: split at ordinary spaces only (a no-break space holds a value together).
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const word of (node.textContent ?? '').matchAll(/[^ \t\n]+/g)) {
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            const count = lines(range);
            if (count !== 1) bad.push({ cell: `${text} (${word[0]})`, lines: count });
          }
        }
      });
    }
    return bad;
  }, wholeColumns);
}

/** The box a table scrolls in: it scrolls, and shows a shadow at the edge with more. */
async function expectScrollsWithCue(region: Locator) {
  const box = region.locator('xpath=..');
  const metrics = () =>
    region.evaluate((element) => ({
      hidden: element.scrollWidth - element.clientWidth,
      start: getComputedStyle(element.parentElement!, '::before').opacity,
      end: getComputedStyle(element.parentElement!, '::after').opacity,
    }));
  expect((await metrics()).hidden).toBeGreaterThan(20);
  await expect(box).toHaveAttribute('data-more-end', '');
  await expect(box).not.toHaveAttribute('data-more-start');
  await expect.poll(async () => (await metrics()).end).toBe('1');
  await region.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  await expect(box).toHaveAttribute('data-more-start', '');
  await expect(box).not.toHaveAttribute('data-more-end');
  await expect.poll(async () => (await metrics()).start).toBe('1');
  await expect.poll(async () => (await metrics()).end).toBe('0');
  await region.evaluate((element) => element.scrollTo({ left: 0 }));
}

async function publish(page: Page): Promise<string> {
  await signUpViaApi(page.request);
  return saveCalculator(page.request, loanTableDoc());
}

for (const width of [360, 1280]) {
  test(`/calc at ${width} px: whole numbers and dates, headers broken between words`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const id = await publish(page);
    await page.goto(`/calc/${id}`);
    const region = page.getByRole('region', { name: 'schedule' });
    const table = region.getByRole('table');
    await expect(table.getByRole('cell', { name: 'Jan 31, 2026' })).toBeVisible();
    await expect(table.getByRole('row').nth(1)).toContainText('$3,333.33');
    expect(await badBreaks(table, [0, 1, 2, 3])).toEqual([]);
    if (width === 360) await expectScrollsWithCue(region);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await expectAccessible(page, `calc, a wide table, ${width} px`);
    await screenshot(page, `table-calc-${width}`);
  });
}

test("the editor's calc mode and the Tests panel's diff on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const id = await publish(page);
  await page.goto(`/source/${id}`);
  await page.getByRole('button', { name: 'Calc mode' }).click();
  const region = page.getByRole('region', { name: 'schedule' });
  const table = region.getByRole('table');
  await expect(table.getByRole('cell', { name: 'Mar 31, 2026' })).toBeVisible();
  expect(await badBreaks(table, [0, 1, 2, 3])).toEqual([]);
  await expectScrollsWithCue(region);
  await screenshot(page, 'table-editor-calc-360');

  const toolbar = page.getByRole('group', { name: 'Editor tools' });
  // On a phone the Tests panel is toggled from "More actions".
  await toolbar.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitemcheckbox', { name: /^Tests / }).click();
  const panel = page.getByRole('region', { name: 'Tests', exact: true });
  const item = panel.getByRole('listitem', { name: 'Test Old numbers' });
  await expect(item.getByText('Failed')).toBeAttached();
  const diff = item.getByRole('table', { name: 'What differs' });
  await expect(diff.getByRole('row')).toHaveCount(4);
  expect((await diff.getByRole('row').allTextContents()).sort()).toEqual([
    'OutputRowColumnExpectedActual',
    'schedule1Expected remaining balance12345678.998765432.1',
    'schedule1Interest paid7654321.9871234567.891',
    'total1234567890.1233333333.3333333335',
  ]);
  // Row, expected and actual are numbers here; output and column are text.
  expect(await badBreaks(diff, [1, 3, 4])).toEqual([]);
  // The diff scrolls in its box, inside the panel; the page itself never scrolls sideways.
  const diffBox = item.getByRole('region', { name: 'What differs' });
  await expectScrollsWithCue(diffBox);
  const right = await diffBox.evaluate((element) => element.getBoundingClientRect().right);
  expect(right).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page, 'editor, a failing test on a phone', '#editor-panel');
  await screenshot(page, 'table-tests-diff-360');
});
