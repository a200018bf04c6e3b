import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../stores/session';
import { useUi } from '../../stores/ui';
import { flush, json } from '../../testing/fetch';
import { forgetBilling } from './billing';
import PricingScreen from './pricing-screen';
import { ann, sandboxBilling, showAt } from './test-data';

const show = () => showAt('/pricing', <PricingScreen />, () => json(404));

beforeEach(() => {
  forgetBilling();
  useSession.setState({ authenticated: true, user: ann, authDialog: null });
  useUi.setState({ locale: 'en', toasts: [] });
});

afterEach(() => vi.unstubAllGlobals());

describe('PricingScreen', () => {
  it("shows both plans with the server's prices and limits, in sandbox mode labelled", async () => {
    show();
    const regular = (await screen.findByRole('heading', { name: 'Regular' })).closest('li')!;
    expect(regular).toHaveTextContent('$9.90 / month');
    expect(regular).toHaveTextContent('save up to 50 calculators');
    expect(regular).toHaveTextContent('private calculators');
    expect(regular).toHaveTextContent('1,000 submissions a month');
    expect(regular).toHaveTextContent('5 webhook endpoints');
    const premium = screen.getByRole('heading', { name: 'Premium' }).closest('li')!;
    expect(premium).toHaveTextContent('$49.90 / month');
    expect(premium).toHaveTextContent('unlimited calculators');
    expect(premium).toHaveTextContent('unlimited submissions');
    expect(premium).toHaveTextContent('20 webhook endpoints');
    expect(
      screen.getByText(
        'Free: save up to 5 calculators, public calculators only, 100 submissions a month, 1 webhook endpoint.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Sandbox — no real charges')).toBeVisible();
  });

  it('shows no sandbox label in live mode', async () => {
    showAt('/pricing', <PricingScreen />, () => json(404), {
      ...sandboxBilling,
      mode: 'live',
      sandboxUrl: null,
    });
    await screen.findByRole('heading', { name: 'Regular' });
    expect(screen.queryByText('Sandbox — no real charges')).toBeNull();
  });

  it('marks the current plan and sends a subscriber to their subscription', async () => {
    useSession.setState({ user: { ...ann, plan: 'premium' } });
    show();
    const premium = (await screen.findByRole('heading', { name: 'Premium' })).closest('li')!;
    expect(within(premium).getByText('Your plan')).toBeVisible();
    expect(within(premium).getByRole('link', { name: 'Manage your subscription' })).toHaveAttribute(
      'href',
      '/account/sub',
    );
    const regular = screen.getByRole('heading', { name: 'Regular' }).closest('li')!;
    expect(within(regular).queryByText('Your plan')).toBeNull();
    expect(within(regular).getByRole('link', { name: 'Switch to Regular' })).toBeVisible();
  });

  it('waits for the signed-in user before showing the plans', async () => {
    useSession.setState({ user: null });
    show();
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(flush);
    expect(screen.queryByRole('button', { name: /Subscribe/ })).toBeNull();
    act(() => useSession.setState({ user: ann }));
    expect(await screen.findByRole('button', { name: 'Subscribe to Regular' })).toBeVisible();
  });

  it('asks a signed-out visitor to sign in before subscribing', async () => {
    useSession.setState({ authenticated: false, user: null });
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Subscribe to Regular' }));
    expect(useUi.getState().toasts.map((t) => t.text)).toEqual([
      'Please sign in or sign up before subscribing to a plan!',
    ]);
    expect(useSession.getState().authDialog).toBe('signin');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the checkout for the chosen plan', async () => {
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Subscribe to Premium' }));
    const dialog = screen.getByRole('dialog', { name: 'Subscribe to Premium' });
    expect(within(dialog).getByRole('button', { name: 'Pay $49.90' })).toBeVisible();
  });

  it('is in Russian when the interface is', async () => {
    useUi.setState({ locale: 'ru' });
    show();
    expect(await screen.findByRole('heading', { name: 'Тарифы' })).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Подписаться на Regular' })).toBeVisible();
    expect(screen.getByText('Песочница — без реальных списаний')).toBeVisible();
  });

  it('says so when the plans cannot be loaded', async () => {
    showAt('/pricing', <PricingScreen />, () => json(404), null);
    expect(
      await screen.findByText('This could not be loaded. Please try again later.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /Subscribe/ })).toBeNull();
  });
});
