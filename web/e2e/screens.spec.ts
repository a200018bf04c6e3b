// Every screen in the light and the dark theme, at 1280 px and at 360 px: axe (WCAG 2.0/2.1
// A and AA) finds no violations, and a screenshot of each is kept in
// test-results/screenshots/<screen>-<width>-<theme>.png.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  baseUrl,
  calcDoc,
  doublerDoc,
  expectAccessible,
  latestMail,
  newAccount,
  output,
  randomId,
  saveCalculator,
  screenshot,
  signUpViaApi,
  type Theme,
} from './helpers';

interface Screen {
  name: string;
  /** Needs the signed-in author. */
  signedIn?: boolean;
  /** Opens the screen and waits until it is fully shown. */
  open(page: Page): Promise<void>;
}

const WIDTHS = [1280, 360];
const THEMES: Theme[] = ['light', 'dark'];

let author: APIRequestContext;
let doubler = '';
/** A password-reset link of the author's, never used (opening it spends nothing). */
let resetLink = '';

const heading = (page: Page, name: string) =>
  expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

const SCREENS: Screen[] = [
  {
    name: 'welcome',
    open: async (page) => {
      await page.goto('/');
      await heading(page, 'Welcome to Calcsmith!');
    },
  },
  {
    name: 'calc',
    open: async (page) => {
      await page.goto(`/calc/${doubler}`);
      await expect(output(page, 'x')).toHaveText('42.00');
    },
  },
  {
    name: 'calc-not-found',
    open: async (page) => {
      await page.goto(`/calc/${randomId()}`);
      await expect(page.getByRole('alert')).toBeVisible();
    },
  },
  {
    name: 'share-dialog',
    open: async (page) => {
      await page.goto(`/calc/${doubler}`);
      await expect(output(page, 'x')).toHaveText('42.00');
      await page
        .getByRole('group', { name: 'Share' })
        .getByRole('button', { name: 'Link' })
        .click();
      await expect(page.getByRole('dialog', { name: 'Share this calculator' })).toBeVisible();
    },
  },
  {
    name: 'embed',
    open: async (page) => {
      await page.goto(`/embed/${doubler}`);
      await expect(output(page, 'x')).toHaveText('42.00');
    },
  },
  {
    name: 'sign-in',
    open: async (page) => {
      await page.goto('/');
      await heading(page, 'Welcome to Calcsmith!');
      await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
    },
  },
  {
    name: 'sign-up',
    open: async (page) => {
      await page.goto('/');
      await heading(page, 'Welcome to Calcsmith!');
      await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'No account yet? Sign up' }).click();
      await expect(page.getByRole('dialog', { name: 'Sign up' })).toBeVisible();
    },
  },
  {
    name: 'source-new',
    open: async (page) => {
      await page.goto('/');
      await heading(page, 'Welcome to Calcsmith!');
      await page
        .getByRole('main')
        .getByRole('button', { name: 'Create a calculator' })
        .first()
        .click();
      await expect(page).toHaveURL(/\/source\//);
      await expect(page.getByRole('tab').first()).toBeVisible();
    },
  },
  {
    name: 'source-saved',
    signedIn: true,
    open: async (page) => {
      await page.goto(`/source/${doubler}`);
      await expect(page.getByRole('tab').first()).toBeVisible();
    },
  },
  {
    name: 'account',
    signedIn: true,
    open: async (page) => {
      await page.goto('/account');
      await heading(page, 'Account');
    },
  },
  {
    name: 'my-calculators',
    signedIn: true,
    open: async (page) => {
      await page.goto('/user/calculators');
      await heading(page, 'My calculators');
      await expect(page.getByText('Doubler').first()).toBeVisible();
    },
  },
  {
    name: 'submissions',
    signedIn: true,
    open: async (page) => {
      await page.goto(`/submissions/${doubler}`);
      await heading(page, 'Submissions: Doubler');
      await expect(page.getByText('No submissions yet.')).toBeVisible();
    },
  },
  {
    name: 'forgot',
    open: async (page) => {
      await page.goto('/forgot');
      await heading(page, 'Forgot your password?');
    },
  },
  {
    name: 'forgot-reset',
    open: async (page) => {
      await page.goto(resetLink);
      await heading(page, 'Choose a new password');
    },
  },
  {
    name: 'forgot-spent',
    open: async (page) => {
      await page.goto('/forgot?token=not-a-real-token');
      await heading(page, 'This reset link no longer works');
    },
  },
  {
    name: 'terms',
    open: async (page) => {
      await page.goto('/terms');
      await heading(page, 'Terms of Service');
    },
  },
  {
    name: 'privacy',
    open: async (page) => {
      await page.goto('/privacy');
      await heading(page, 'Privacy Policy');
    },
  },
];

test.beforeAll(async ({ playwright }) => {
  author = await playwright.request.newContext({ baseURL: baseUrl() });
  const account = await signUpViaApi(author, newAccount('screens'));
  const asked = await author.post('/api/forgot', { data: { email: account.email } });
  expect(asked.status(), `reset link: ${await asked.text()}`).toBe(200);
  await expect.poll(() => latestMail(account.email)).toContain('/forgot?token=');
  resetLink = /(\S+\/forgot\?token=\S+)/.exec(latestMail(account.email))?.[1] ?? '';
  doubler = await saveCalculator(author, doublerDoc());
  await saveCalculator(
    author,
    calcDoc({
      name: 'Tip splitter',
      script: "'use strict';\n\nreturn { each: inputs.bill / 3 };\n",
      inputs: [{ id: 1, name: 'bill', type: 'number' }],
      outputs: [{ id: 1, name: 'each', type: 'value', currencySign: '$', decimalPlaces: 2 }],
      defaults: { '1': 90 },
    }),
  );
});

test.afterAll(async () => {
  await author.dispose();
});

// Two loads, two axe runs and two full-page screenshots per test.
test.describe.configure({ timeout: 90_000 });

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    for (const screen of SCREENS) {
      test(`${screen.name} is accessible at ${WIDTHS.join(' and ')} px`, async ({
        page,
        context,
      }) => {
        if (screen.signedIn) await context.addCookies((await author.storageState()).cookies);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          // Each width opens the screen afresh, as a visitor on that device would.
          await screen.open(page);
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          await expectAccessible(page, `${screen.name} at ${width} px, ${theme}`);
          await screenshot(page, `${screen.name}-${width}`);
        }
      });
    }
  });
}
