// Billing against the real server and the Stripe sandbox it mounts (issue 11, docs/billing.md):
// pricing → checkout with 4242… → /pricing_pass → /account/sub → a private calculator is now
// allowed → cancel → undo; with a cancellation pending, Switch to Premium (which keeps the
// subscription) and what deleting the paying card or the account would do, said first;
// a declined card; 3-D Secure; cards added, made default and
// deleted; an invoice downloaded; the signed-out toast; every billing screen checked with axe
// and kept as screenshots (test-results/screenshots/billing-*.png), light and dark, 1280 and
// 360 px.
import { readFileSync } from 'node:fs';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import {
  calcDoc,
  expectAccessible,
  newAccount,
  saveCalculator,
  screenshot,
  signUpViaApi,
  switchTheme,
  type Theme,
} from './helpers';

const SANDBOX = 'Sandbox — no real charges';
const DECLINED = 'Your card was declined.';
const NOW_PRIVATE = 'The calculator is now private: only you can open it.';

/** Signs a fresh account up and puts its session into the page's context. */
async function signedIn(context: BrowserContext, label: string) {
  return signUpViaApi(context.request, newAccount(label));
}

/** Types a test card into the checkout dialog's sandbox card field. */
async function typeCard(dialog: Locator, number: string) {
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
}

async function openCheckout(page: Page, plan: 'Regular' | 'Premium'): Promise<Locator> {
  await page.goto('/pricing');
  await page.getByRole('button', { name: `Subscribe to ${plan}` }).click();
  const dialog = page.getByRole('dialog', { name: `Subscribe to ${plan}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The checkout's message under the card field. */
const cardError = (dialog: Locator) => dialog.getByRole('alert');

test('a signed-out visitor is asked to sign in before subscribing', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
  await expect(page.getByText(SANDBOX)).toBeVisible();
  await page.getByRole('button', { name: 'Subscribe to Regular' }).click();
  await expect(
    page.getByText('Please sign in or sign up before subscribing to a plan!', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  await screenshot(page, 'billing-pricing-signed-out');
});

test('subscribe to Regular, use it, cancel and undo; the invoice downloads', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signedIn(context, 'buyer');
  const calc = await saveCalculator(
    context.request,
    calcDoc({ name: 'Secret sums', script: "'use strict';\n\nreturn {};\n" }),
  );

  const dialog = await openCheckout(page, 'Regular');
  await expect(dialog.getByText(SANDBOX)).toBeVisible();
  await typeCard(dialog, '4242 4242 4242 4242');
  await screenshot(page, 'billing-checkout');
  await dialog.getByRole('button', { name: 'Pay $9.90' }).click();

  await expect(page).toHaveURL(/\/pricing_pass$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await screenshot(page, 'billing-pricing-pass');
  // Spec §9: on to the subscription after 5000 ms.
  await expect(page).toHaveURL(/\/account\/sub$/, { timeout: 10_000 });
  const sub = page.getByRole('region', { name: 'Subscription' });
  await expect(sub.locator('.sub-plan')).toHaveText('Regular');
  await expect(sub).toContainText('Active');
  await expect(sub).toContainText('$9.90 / month');
  await expect(sub).toContainText('Visa ending in 4242');

  // The plan allows private calculators now.
  await page.goto('/user/calculators');
  await page.getByRole('switch', { name: 'Private: Secret sums' }).click();
  await expect(page.getByText(NOW_PRIVATE, { exact: true })).toBeVisible();
  expect(calc).toBeTruthy();

  // Cancel at period end, then undo.
  await page.goto('/account/sub');
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel your subscription?' });
  await screenshot(page, 'billing-sub-cancel');
  await cancel.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByText(/^Your plan stays until .+\.$/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Undo the cancellation' })).toBeVisible();
  await screenshot(page, 'billing-sub-cancelled');
  await page.getByRole('button', { name: 'Undo the cancellation' }).click();
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Subscription' })).toContainText('Renews on');

  // The amount due now is shown before switching.
  await page.getByRole('button', { name: 'Switch to Premium' }).click();
  const change = page.getByRole('dialog', { name: 'Switch to Premium?' });
  await expect(change.getByText(/^Due now: \$\d+\.\d\d$/)).toBeVisible();
  await screenshot(page, 'billing-sub-switch');
  await change.getByRole('button', { name: 'Cancel' }).click();

  // The invoice of the payment, as a PDF.
  await page.goto('/account/invoice');
  const row = page.getByRole('row').filter({ hasText: '$9.90' }).first();
  await expect(row).toContainText('Paid');
  await screenshot(page, 'billing-invoices');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('link', { name: /^Download invoice / }).click(),
  ]);
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
});

test('a declined card is shown under the card field; a failed 3-D Secure check goes to /pricing_fail', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signedIn(context, 'declined');
  const dialog = await openCheckout(page, 'Premium');
  await typeCard(dialog, '4000 0000 0000 0002');
  await dialog.getByRole('button', { name: 'Pay $49.90' }).click();
  await expect(cardError(dialog)).toHaveText(DECLINED);
  await expect(dialog.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/pricing$/);
  await screenshot(page, 'billing-checkout-declined');

  await typeCard(dialog, '4000 0025 0000 3155');
  await dialog.getByRole('button', { name: 'Pay $49.90' }).click();
  const auth = page.getByRole('dialog', { name: 'Authenticate this payment' });
  await expect(auth).toBeVisible();
  await expect(auth.getByText(SANDBOX)).toBeVisible();
  await expectAccessible(page, '3-D Secure dialog');
  await screenshot(page, 'billing-3ds');
  await auth.getByRole('button', { name: 'Fail' }).click();
  await expect(page).toHaveURL(/\/pricing_fail\?reason=/, { timeout: 20_000 });
  await expect(page.getByText(/^Reason: .+/)).toBeVisible();
  await screenshot(page, 'billing-pricing-fail');
});

test('3-D Secure completed subscribes', async ({ page, context }) => {
  test.setTimeout(90_000);
  await signedIn(context, 'secure');
  const dialog = await openCheckout(page, 'Regular');
  await typeCard(dialog, '4000 0025 0000 3155');
  await dialog.getByRole('button', { name: 'Pay $9.90' }).click();
  await page
    .getByRole('dialog', { name: 'Authenticate this payment' })
    .getByRole('button', { name: 'Complete' })
    .click();
  await expect(page).toHaveURL(/\/pricing_pass$/, { timeout: 20_000 });
  await page.goto('/account/sub');
  await expect(page.getByRole('region', { name: 'Subscription' }).locator('.sub-plan')).toHaveText(
    'Regular',
  );
});

test('with a cancellation pending, Switch to Premium keeps the subscription; deleting its card or the account says what happens', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const account = await signedIn(context, 'switcher');
  const dialog = await openCheckout(page, 'Regular');
  await typeCard(dialog, '4242 4242 4242 4242');
  await dialog.getByRole('button', { name: 'Pay $9.90' }).click();
  await expect(page).toHaveURL(/\/pricing_pass$/, { timeout: 20_000 });

  await page.goto('/account/sub');
  const sub = page.getByRole('region', { name: 'Subscription' });
  await expect(sub.locator('.sub-plan')).toHaveText('Regular');
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await page
    .getByRole('dialog', { name: 'Cancel your subscription?' })
    .getByRole('button', { name: 'Cancel subscription' })
    .click();
  await expect(page.getByRole('button', { name: 'Undo the cancellation' })).toBeVisible();
  const end = (await sub.locator('dt:text-is("Ends on") + dd').textContent()) ?? '';
  expect(end).not.toBe('');

  // The switch is offered here too, and says it undoes the cancellation.
  await page.getByRole('button', { name: 'Switch to Premium' }).click();
  const change = page.getByRole('dialog', { name: 'Switch to Premium?' });
  await expect(
    change.getByText(
      `Switching to Premium also keeps your subscription: it will renew on ${end} instead of ending.`,
      { exact: true },
    ),
  ).toBeVisible();
  await expect(change.getByText(/^Due now: \$\d+\.\d\d$/)).toBeVisible();
  await screenshot(page, 'billing-sub-switch-cancelled');
  await change.getByRole('button', { name: 'Switch plan' }).click();
  await expect(page.getByText('Your plan is now Premium.', { exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(sub.locator('.sub-plan')).toHaveText('Premium');
  await expect(sub.locator('dt:text-is("Renews on") + dd')).toHaveText(end);
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();

  // The card that pays the plan: the dialog says so before anything happens.
  await page.goto('/account/card');
  const card = page.getByRole('listitem').filter({ hasText: 'Visa ending in 4242' });
  await card.getByRole('button', { name: /^Delete/ }).click();
  const remove = page.getByRole('dialog', { name: /^Delete Visa ending in 4242/ });
  await expect(
    remove.getByText(
      `This card pays for your Premium plan, which renews on ${end}. Make another card the default before deleting it.`,
      { exact: true },
    ),
  ).toBeVisible();
  await expect(remove.getByRole('button', { name: 'Delete card' })).toBeDisabled();
  await screenshot(page, 'billing-card-delete-paying');
  await remove.getByRole('button', { name: 'Cancel' }).click();

  // Deleting the account ends the subscription at once: said before the password is asked.
  await page.goto('/account');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const deletion = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(
    deletion.getByText('Your Premium subscription ends now and will not renew.', { exact: true }),
  ).toBeVisible();
  await screenshot(page, 'billing-account-delete-subscribed');
  expect(account.email).toBeTruthy();
});

test('cards: add two (one with 3-D Secure), make the second default, delete the first', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signedIn(context, 'cards');
  await page.goto('/account/card');
  await expect(page.getByText('No cards yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add a card' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add a card' });
  await typeCard(dialog, '4242 4242 4242 4242');
  await dialog.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Card added.', { exact: true })).toBeVisible({ timeout: 20_000 });
  const first = page.getByRole('listitem').filter({ hasText: 'Visa ending in 4242' });
  await expect(first).toContainText('Default');

  await page.getByRole('button', { name: 'Add a card' }).click();
  dialog = page.getByRole('dialog', { name: 'Add a card' });
  await typeCard(dialog, '4000 0025 0000 3155');
  await dialog.getByRole('button', { name: 'Save card' }).click();
  await page
    .getByRole('dialog', { name: 'Authenticate this payment' })
    .getByRole('button', { name: 'Complete' })
    .click();
  const second = page.getByRole('listitem').filter({ hasText: 'ending in 3155' });
  await expect(second).toBeVisible({ timeout: 20_000 });
  await screenshot(page, 'billing-cards');

  await second.getByRole('button', { name: /^Make default/ }).click();
  await expect(page.getByText('Default card changed.', { exact: true })).toBeVisible();
  await expect(second).toContainText('Default');
  await expect(first).not.toContainText('Default');

  await first.getByRole('button', { name: /^Edit expiry/ }).click();
  const edit = page.getByRole('dialog', { name: /^Card expiry/ });
  await edit.getByLabel('Month').selectOption('7');
  await edit.getByLabel('Year').selectOption('2035');
  await screenshot(page, 'billing-card-expiry');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(first).toContainText('07/2035');

  await first.getByRole('button', { name: /^Delete/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete card' }).click();
  await expect(page.getByText('Card deleted.', { exact: true })).toBeVisible();
  await expect(first).toHaveCount(0);
  await expect(second).toBeVisible();
});

test.describe('billing screens, light and dark, 1280 and 360 px', () => {
  const SCREENS: { name: string; open(page: Page): Promise<void> }[] = [
    {
      name: 'pricing',
      open: async (page) => {
        await page.goto('/pricing');
        await expect(page.getByRole('button', { name: 'Subscribe to Premium' })).toBeVisible();
      },
    },
    {
      name: 'checkout',
      open: async (page) => {
        await page.goto('/pricing');
        await page.getByRole('button', { name: 'Subscribe to Premium' }).click();
        await expect(page.getByRole('dialog', { name: 'Subscribe to Premium' })).toBeVisible();
      },
    },
    {
      name: 'account-sub-none',
      open: async (page) => {
        await page.goto('/account/sub');
        await expect(page.getByRole('link', { name: 'See the plans' })).toBeVisible();
      },
    },
    {
      name: 'account-card-none',
      open: async (page) => {
        await page.goto('/account/card');
        await expect(page.getByText('No cards yet.')).toBeVisible();
      },
    },
    {
      name: 'account-invoice-none',
      open: async (page) => {
        await page.goto('/account/invoice');
        await expect(page.getByText('No invoices yet.')).toBeVisible();
      },
    },
    {
      name: 'pricing-fail',
      open: async (page) => {
        await page.goto(`/pricing_fail?reason=${encodeURIComponent(DECLINED)}`);
        await expect(page.getByText(`Reason: ${DECLINED}`)).toBeVisible();
      },
    },
  ];

  for (const theme of ['light', 'dark'] as Theme[]) {
    test(`are accessible in the ${theme} theme`, async ({ page, context }) => {
      test.setTimeout(120_000);
      await signedIn(context, `look${theme}`);
      await page.goto('/pricing');
      await switchTheme(page, theme);
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        for (const screen of SCREENS) {
          await screen.open(page);
          await expectAccessible(page, `${screen.name} at ${width} px, ${theme}`);
          await screenshot(page, `billing-${screen.name}-${width}`);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect
            .soft(overflow, `${screen.name} scrolls sideways at ${width} px`)
            .toBeLessThanOrEqual(0);
        }
      }
    });
  }
});
