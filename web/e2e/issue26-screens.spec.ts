// The screens issue 26 mended, for a person to look at: the published calculator with a
// table, the editor's calc mode with that table, the Tests panel's "What differs" and the
// editor's toolbar (its "More actions" menu open), on a phone (390 × 844) and at 1280 px, in
// English and Russian, light and dark. Each screenshot is attached to the test's report;
// axe checks each screen.
import {
  expect,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import {
  attachScreenshot,
  baseUrl,
  expectAccessible,
  loanTableDoc,
  newAccount,
  saveCalculator,
  signUpViaApi,
  type Theme,
} from './helpers';

test.describe.configure({ mode: 'parallel', timeout: 90_000 });

/** The names a user reads in each language. */
const NAMES = {
  en: {
    calcMode: 'Calc mode',
    toolbar: 'Editor tools',
    tests: 'Tests',
    moreActions: 'More actions',
    test: 'Test Old numbers',
    failed: 'Failed',
    differs: 'What differs',
  },
  ru: {
    calcMode: 'Калькулятор',
    toolbar: 'Инструменты редактора',
    tests: 'Тесты',
    moreActions: 'Другие действия',
    test: 'Тест Old numbers',
    failed: 'Не пройден',
    differs: 'Что отличается',
  },
} as const;

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: '1280', width: 1280, height: 800 },
];

let author: APIRequestContext;
let loan = '';

test.beforeAll(async ({ playwright }) => {
  author = await playwright.request.newContext({ baseURL: baseUrl() });
  await signUpViaApi(author, newAccount('issue26'));
  loan = await saveCalculator(author, loanTableDoc());
});

test.afterAll(async () => {
  await author.dispose();
});

/** The table `schedule`, shown with its header and three rows. */
async function schedule(page: Page): Promise<Locator> {
  const table = page.getByRole('region', { name: 'schedule' }).getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(4);
  return table;
}

for (const theme of ['light', 'dark'] as Theme[]) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    for (const locale of ['en', 'ru'] as const) {
      for (const size of SIZES) {
        test(`issue 26's screens, ${size.name}, ${locale}`, async ({ page, context }, testInfo) => {
          const names = NAMES[locale];
          await context.addCookies((await author.storageState()).cookies);
          await page.addInitScript(
            (lang) => localStorage.setItem('calcsmith.locale', lang),
            locale,
          );
          await page.setViewportSize({ width: size.width, height: size.height });
          const shot = (screen: string, shown: Locator) =>
            attach(page, testInfo, `${screen}-${size.name}-${locale}-${theme}`, shown);

          await page.goto(`/calc/${loan}`);
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          await shot('calc-table', await schedule(page));

          await page.goto(`/source/${loan}`);
          await page.getByRole('button', { name: names.calcMode, exact: true }).click();
          await shot('editor-calc-table', await schedule(page));

          const toolbar = page.getByRole('group', { name: names.toolbar });
          await toolbar.getByRole('button', { name: names.moreActions }).click();
          await expect(page.getByRole('menu')).toBeVisible();
          await shot('editor-toolbar', toolbar);
          await page.keyboard.press('Escape');
          await expect(page.getByRole('menu')).toHaveCount(0);

          // On a phone the Tests panel is in "More actions"; from 1280 px it has its button.
          if (size.width < 1280) {
            await toolbar.getByRole('button', { name: names.moreActions }).click();
            await page
              .getByRole('menuitemcheckbox', { name: new RegExp(`^${names.tests} `) })
              .click();
          } else {
            await toolbar.getByRole('button', { name: new RegExp(`^${names.tests} `) }).click();
          }
          const item = page
            .getByRole('region', { name: names.tests, exact: true })
            .getByRole('listitem', { name: names.test });
          await expect(item.getByText(names.failed, { exact: true })).toBeAttached();
          const diff = item.getByRole('table', { name: names.differs });
          await expect(diff.getByRole('row')).toHaveCount(4);
          await shot('editor-tests-diff', diff);
        });
      }
    }
  });
}

/** Checks the screen with axe and attaches its screenshot, `shown` in view, to the report. */
async function attach(page: Page, testInfo: TestInfo, name: string, shown: Locator) {
  await expectAccessible(page, name);
  await shown.scrollIntoViewIfNeeded();
  await attachScreenshot(page, testInfo, name);
}
