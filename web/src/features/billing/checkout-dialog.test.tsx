import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../stores/session';
import { useUi } from '../../stores/ui';
import { json, type FetchCall } from '../../testing/fetch';
import { CheckoutDialog } from './checkout-dialog';
import { ann, sandboxBilling, showAt, visa } from './test-data';
import type { BillingInfo, Plan } from './billing';

const reload = vi.fn();
const assign = vi.fn();
const onClose = vi.fn();
const regular = sandboxBilling.plans[0];

const show = (
  respond: (call: FetchCall) => Response | Promise<Response>,
  plan: Plan | null = regular,
  billing: BillingInfo = sandboxBilling,
) =>
  showAt('/pricing', <CheckoutDialog billing={billing} plan={plan} onClose={onClose} />, respond);

/** Sandbox answers for a card number, as Stripe words them. */
function sandbox(call: FetchCall): Response | null {
  if (call.path === '/stripe-sandbox/v1/payment_methods') {
    const number = (call.body as Record<string, string>)['card[number]'];
    if (number === '4242424242424241') {
      return json(402, {
        error: {
          type: 'card_error',
          code: 'incorrect_number',
          message: 'Your card number is incorrect.',
        },
      });
    }
    return json(200, { id: `pm_${number.slice(-4)}`, object: 'payment_method' });
  }
  if (call.path === '/stripe-sandbox/sandbox/authenticate') return json(200, { status: 'ok' });
  return null;
}

async function typeCard(user: ReturnType<typeof show>['user'], number: string) {
  const dialog = screen.getByRole('dialog');
  await user.type(within(dialog).getByLabelText('Card number'), number);
  await user.type(within(dialog).getByLabelText('Expiry (MM/YY)'), '12/34');
  await user.type(within(dialog).getByLabelText('CVC'), '123');
}

const cardError = () => screen.getByRole('alert');

beforeEach(() => {
  useSession.setState({ authenticated: true, user: ann, authDialog: null });
  useUi.setState({ locale: 'en', toasts: [] });
  vi.stubGlobal('location', { ...window.location, reload, assign });
});

afterEach(() => {
  reload.mockReset();
  assign.mockReset();
  onClose.mockReset();
  vi.unstubAllGlobals();
});

describe('CheckoutDialog (sandbox)', () => {
  it('prefills the billing details from the account settings and labels the sandbox', async () => {
    show(() => json(404));
    const dialog = screen.getByRole('dialog', { name: 'Subscribe to Regular' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Ann Lee');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('ann@example.com');
    expect(within(dialog).getByLabelText('Phone')).toHaveValue('+33 1 23 45 67 89');
    expect(within(dialog).getByLabelText('Address')).toHaveValue('1 Rue de Rivoli');
    expect(within(dialog).getByLabelText('Zip code')).toHaveValue('75001');
    expect(within(dialog).getByLabelText('City')).toHaveValue('Paris');
    await waitFor(() => expect(within(dialog).getByLabelText('Country')).toHaveValue('FR'));
    expect(within(dialog).getByText('Sandbox — no real charges')).toBeVisible();
  });

  it('sends the card to the sandbox with the publishable key, then subscribes and goes to /pricing_pass', async () => {
    const { calls, user } = show(
      (call) =>
        sandbox(call) ?? json(200, { status: 'succeeded', subscription: null, cards: [visa] }),
    );
    await typeCard(user, '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Pay $9.90' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/pricing_pass'));
    const method = calls.find((call) => call.path === '/stripe-sandbox/v1/payment_methods');
    expect(method?.body).toMatchObject({
      key: 'pk_test_sandbox_1',
      type: 'card',
      'card[number]': '4242424242424242',
      'card[exp_month]': '12',
      'card[exp_year]': '2034',
      'card[cvc]': '123',
      'billing_details[name]': 'Ann Lee',
      'billing_details[address][city]': 'Paris',
      'billing_details[address][country]': 'FR',
    });
    expect(calls.find((call) => call.path === '/api/checkout')?.body).toEqual({
      customerId: 'cus_ann',
      plan: 'regular',
      paymentMethod: 'pm_4242',
    });
  });

  it("shows the provider's message under the card field when the card is declined, and stays open", async () => {
    const { user } = show(
      (call) =>
        sandbox(call) ??
        json(402, {
          message: 'Your card was declined.',
          code: 'card_declined',
          declineCode: 'generic_decline',
        }),
    );
    await typeCard(user, '4000 0000 0000 0002');
    const number = screen.getByLabelText('Card number');
    await user.click(screen.getByRole('button', { name: 'Pay $9.90' }));
    await waitFor(() => expect(cardError()).toHaveTextContent('Your card was declined.'));
    expect(number).toHaveAccessibleDescription('Your card was declined.');
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pay $9.90' })).toBeEnabled();
  });

  it('shows the sandbox refusing a card number under the card field, without calling the server', async () => {
    const { calls, user } = show((call) => sandbox(call) ?? json(500));
    await typeCard(user, '4242 4242 4242 4241');
    await user.click(screen.getByRole('button', { name: 'Pay $9.90' }));
    await waitFor(() => expect(cardError()).toHaveTextContent('Your card number is incorrect.'));
    expect(calls.some((call) => call.path === '/api/checkout')).toBe(false);
  });

  it('asks to authenticate a 3-D Secure payment; Complete finishes the checkout', async () => {
    const { calls, user } = show((call) => {
      if (call.path === '/api/checkout') {
        return json(200, {
          status: 'requires_action',
          clientSecret: 'pi_1_secret_x',
          intentId: 'pi_1',
        });
      }
      if (call.path === '/api/checkout/complete') {
        return json(200, { status: 'succeeded', subscription: null, cards: [] });
      }
      return sandbox(call) ?? json(404);
    });
    await typeCard(user, '4000 0025 0000 3155');
    await user.click(screen.getByRole('button', { name: 'Pay $9.90' }));
    const auth = await screen.findByRole('dialog', { name: 'Authenticate this payment' });
    expect(within(auth).getByText('Sandbox — no real charges')).toBeVisible();
    await user.click(within(auth).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/pricing_pass'));
    expect(
      calls.find((call) => call.path === '/stripe-sandbox/sandbox/authenticate')?.body,
    ).toEqual({
      key: 'pk_test_sandbox_1',
      client_secret: 'pi_1_secret_x',
      outcome: 'complete',
    });
    expect(calls.find((call) => call.path === '/api/checkout/complete')?.body).toEqual({
      intentId: 'pi_1',
    });
  });

  it('goes to /pricing_fail with the reason when the authentication fails', async () => {
    const reason = 'We are unable to authenticate your payment method.';
    const { calls, user } = show((call) => {
      if (call.path === '/api/checkout') {
        return json(200, {
          status: 'requires_action',
          clientSecret: 'pi_2_secret',
          intentId: 'pi_2',
        });
      }
      if (call.path === '/api/checkout/complete') {
        return json(402, { message: reason, code: 'payment_intent_authentication_failure' });
      }
      return sandbox(call) ?? json(404);
    });
    await typeCard(user, '4000 0025 0000 3155');
    await user.click(screen.getByRole('button', { name: 'Pay $9.90' }));
    await user.click(await screen.findByRole('button', { name: 'Fail' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(`/pricing_fail?reason=${encodeURIComponent(reason)}`),
    );
    expect(
      (
        calls.find((call) => call.path === '/stripe-sandbox/sandbox/authenticate')?.body as Record<
          string,
          string
        >
      ).outcome,
    ).toBe('fail');
  });

  it("shows the server's message in a toast when it refuses the checkout (already subscribed)", async () => {
    const message = 'You already have a subscription: switch plans on your subscription page.';
    const { user } = show((call) => sandbox(call) ?? json(400, { message }));
    await typeCard(user, '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Pay $9.90' }));
    await waitFor(() => expect(useUi.getState().toasts.map((t) => t.text)).toEqual([message]));
    expect(assign).not.toHaveBeenCalled();
  });

  it('adds a card without a plan, then reloads with a toast to come', async () => {
    const { calls, user } = show(
      (call) =>
        sandbox(call) ?? json(200, { status: 'succeeded', subscription: null, cards: [visa] }),
      null,
    );
    expect(screen.getByRole('dialog', { name: 'Add a card' })).toBeVisible();
    await typeCard(user, '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(calls.find((call) => call.path === '/api/checkout')?.body).toEqual({
      customerId: 'cus_ann',
      paymentMethod: 'pm_4242',
    });
    expect(sessionStorage.getItem('calcsmith.toast')).toBe('Card added.');
  });

  it('closes on Cancel', async () => {
    const { user } = show(() => json(404));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});
