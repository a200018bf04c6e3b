// Live mode: the card field is Stripe.js's Card Element, loaded only then; the card goes to
// Stripe (createPaymentMethod) and 3-D Secure is Stripe.js's handleNextAction.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../stores/session';
import { useUi } from '../../stores/ui';
import { json } from '../../testing/fetch';
import { CheckoutDialog } from './checkout-dialog';
import { ann, sandboxBilling, showAt } from './test-data';

const stripe = vi.hoisted(() => {
  const handlers: Record<string, (event: unknown) => void> = {};
  const card = {
    on: vi.fn((name: string, handler: (event: unknown) => void) => {
      handlers[name] = handler;
    }),
    mount: vi.fn(),
    destroy: vi.fn(),
  };
  const instance = {
    elements: vi.fn(() => ({ create: vi.fn(() => card) })),
    createPaymentMethod: vi.fn(),
    handleNextAction: vi.fn(async () => ({})),
  };
  return { handlers, card, instance, loadStripe: vi.fn(async () => instance) };
});

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }));

const live = {
  ...sandboxBilling,
  mode: 'live' as const,
  publishableKey: 'pk_live_x',
  sandboxUrl: null,
};
const assign = vi.fn();

const show = (respond: Parameters<typeof showAt>[2]) =>
  showAt(
    '/pricing',
    <CheckoutDialog billing={live} plan={live.plans[1]} onClose={() => {}} />,
    respond,
    live,
  );

beforeEach(() => {
  useSession.setState({ authenticated: true, user: ann, authDialog: null });
  useUi.setState({ locale: 'en', toasts: [] });
  vi.stubGlobal('location', { ...window.location, assign, reload: vi.fn() });
});

afterEach(() => {
  assign.mockReset();
  vi.unstubAllGlobals();
});

describe('CheckoutDialog (live)', () => {
  it('mounts Stripe.js with the publishable key, shows its card errors, and pays with its payment method', async () => {
    stripe.instance.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_live' } });
    const { calls, user } = show((call) =>
      call.path === '/api/checkout'
        ? json(200, { status: 'requires_action', clientSecret: 'pi_s', intentId: 'pi_1' })
        : json(200, { status: 'succeeded', subscription: null, cards: [] }),
    );
    await waitFor(() => expect(stripe.card.mount).toHaveBeenCalled());
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_live_x');
    expect(screen.queryByText('Sandbox — no real charges')).toBeNull();
    expect(screen.queryByLabelText('Card number')).toBeNull();

    stripe.handlers.change({ error: { message: 'Your card number is incomplete.' } });
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Your card number is incomplete.'),
    );
    stripe.handlers.change({});
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(''));

    await user.click(screen.getByRole('button', { name: 'Pay $49.90' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/pricing_pass'));
    expect(stripe.instance.createPaymentMethod).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'card',
        card: stripe.card,
        billing_details: expect.objectContaining({ name: 'Ann Lee', email: 'ann@example.com' }),
      }),
    );
    expect(stripe.instance.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_s' });
    expect(
      calls.filter((call) => call.path.startsWith('/api/checkout')).map((c) => c.body),
    ).toEqual([
      { customerId: 'cus_ann', plan: 'premium', paymentMethod: 'pm_live' },
      { intentId: 'pi_1' },
    ]);
    expect(calls.some((call) => call.path.startsWith('/stripe-sandbox'))).toBe(false);
  });

  it("shows Stripe's refusal of the card under the field", async () => {
    stripe.instance.createPaymentMethod.mockResolvedValue({
      error: { message: 'Your card has expired.' },
    });
    const { calls, user } = show(() => json(500));
    await waitFor(() => expect(stripe.card.mount).toHaveBeenCalled());
    await user.click(screen.getByRole('button', { name: 'Pay $49.90' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Your card has expired.'),
    );
    expect(calls.some((call) => call.path === '/api/checkout')).toBe(false);
  });
});
