import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../stores/session';
import { useUi } from '../../stores/ui';
import { json, type FetchCall } from '../../testing/fetch';
import type { Subscription } from './billing';
import SubScreen from './sub-screen';
import { ann, regularSub, showAt } from './test-data';

const reload = vi.fn();

function show(sub: Subscription | null, respond: (call: FetchCall) => Response = () => json(404)) {
  return showAt('/account/sub', <SubScreen />, (call) =>
    call.method === 'PUT' && call.path === '/api/account/sub'
      ? json(200, { data: sub })
      : respond(call),
  );
}

beforeEach(() => {
  useSession.setState({ authenticated: true, user: { ...ann, plan: 'regular' }, authDialog: null });
  useUi.setState({ locale: 'en', toasts: [] });
  vi.stubGlobal('location', { ...window.location, reload, assign: vi.fn() });
});

afterEach(() => {
  reload.mockReset();
  vi.unstubAllGlobals();
});

describe('SubScreen', () => {
  it('sends a signed-out visitor home', () => {
    useSession.setState({ authenticated: false, user: null });
    show(null);
    expect(screen.getByText('At /')).toBeInTheDocument();
  });

  it('shows the plan, status, price, period end and default card, and links the account pages', async () => {
    show(regularSub);
    const facts = await screen.findByRole('region', { name: 'Subscription' });
    expect(within(facts).getByText('Regular')).toBeVisible();
    expect(facts).toHaveTextContent('StatusActive');
    expect(facts).toHaveTextContent('$9.90 / month');
    expect(facts).toHaveTextContent('Renews onDecember 26, 2026');
    expect(facts).toHaveTextContent('Visa ending in 4242 · 12/2030');
    const nav = screen.getByRole('navigation', { name: 'Account pages' });
    expect(within(nav).getByRole('link', { name: 'Subscription' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Cards' })).toHaveAttribute(
      'href',
      '/account/card',
    );
    expect(within(nav).getByRole('link', { name: 'Invoices' })).toHaveAttribute(
      'href',
      '/account/invoice',
    );
  });

  it('offers the plans when there is no subscription', async () => {
    show(null);
    expect(
      await screen.findByText('You have no subscription: you are on the free plan.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/pricing');
  });

  it('cancels at period end after confirming, then reloads saying until when', async () => {
    const { calls, user } = show(regularSub, () =>
      json(200, { data: { ...regularSub, cancelAtPeriodEnd: true } }),
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel your subscription?' });
    expect(dialog).toHaveTextContent('Your Regular plan stays until December 26, 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/account/sub/sub_1' });
    expect(sessionStorage.getItem('calcsmith.toast')).toBe(
      'Your plan stays until December 26, 2026.',
    );
  });

  it('keeps the subscription when the dialog is left with "Keep it"', async () => {
    const { calls, user } = show(regularSub);
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('says until when a cancelled plan stays, and undoes the cancellation', async () => {
    const { calls, user } = show({ ...regularSub, cancelAtPeriodEnd: true }, () =>
      json(200, { data: regularSub }),
    );
    expect(await screen.findByText('Your plan stays until December 26, 2026.')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Subscription' })).toHaveTextContent(
      'Ends onDecember 26, 2026',
    );
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Undo the cancellation' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/api/account/sub/sub_1/resume' });
  });

  it('shows the amount due now before switching plans', async () => {
    const { calls, user } = show(regularSub, (call) =>
      call.path.endsWith('/preview')
        ? json(200, { amountDue: 3412, currency: 'usd' })
        : json(200, { data: { ...regularSub, plan: 'premium' } }),
    );
    await user.click(await screen.findByRole('button', { name: 'Switch to Premium' }));
    const dialog = screen.getByRole('dialog', { name: 'Switch to Premium?' });
    expect(await within(dialog).findByText('Due now: $34.12')).toBeVisible();
    expect(calls.find((call) => call.path.endsWith('/preview'))?.body).toEqual({ plan: 'premium' });
    await user.click(within(dialog).getByRole('button', { name: 'Switch plan' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/account/sub/sub_1/plan',
      body: { plan: 'premium' },
    });
    expect(sessionStorage.getItem('calcsmith.toast')).toBe('Your plan is now Premium.');
  });

  it('offers the switch while a cancellation is pending: resumes, then switches', async () => {
    const { calls, user } = show({ ...regularSub, cancelAtPeriodEnd: true }, (call) =>
      call.path.endsWith('/preview')
        ? json(200, { amountDue: 3412, currency: 'usd' })
        : json(200, { data: { ...regularSub, plan: 'premium' } }),
    );
    await user.click(await screen.findByRole('button', { name: 'Switch to Premium' }));
    const dialog = screen.getByRole('dialog', { name: 'Switch to Premium?' });
    expect(
      within(dialog).getByText(
        'Switching to Premium also keeps your subscription: it will renew on December 26, 2026 instead of ending.',
        { exact: true },
      ),
    ).toBeVisible();
    await within(dialog).findByText('Due now: $34.12');
    await user.click(within(dialog).getByRole('button', { name: 'Switch plan' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(calls.slice(-2)).toMatchObject([
      { method: 'POST', path: '/api/account/sub/sub_1/resume' },
      { method: 'POST', path: '/api/account/sub/sub_1/plan', body: { plan: 'premium' } },
    ]);
  });

  it('says in Russian that the switch keeps a cancelled subscription', async () => {
    useUi.setState({ locale: 'ru' });
    const { user } = show({ ...regularSub, cancelAtPeriodEnd: true }, () =>
      json(200, { amountDue: 3412, currency: 'usd' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Перейти на Premium' }));
    expect(
      screen.getByText(
        'Переход на Premium сохраняет и подписку: она продлится 26 декабря 2026 г., а не закончится.',
        { exact: true },
      ),
    ).toBeVisible();
  });

  it('shows a refused plan switch in the dialog, without reloading', async () => {
    const { user } = show(regularSub, (call) =>
      call.path.endsWith('/preview')
        ? json(200, { amountDue: 3412, currency: 'usd' })
        : json(402, { message: 'Your card has insufficient funds.', code: 'card_declined' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Switch to Premium' }));
    const dialog = screen.getByRole('dialog', { name: 'Switch to Premium?' });
    await within(dialog).findByText('Due now: $34.12');
    await user.click(within(dialog).getByRole('button', { name: 'Switch plan' }));
    expect(await within(dialog).findByText('Your card has insufficient funds.')).toBeVisible();
    expect(reload).not.toHaveBeenCalled();
  });

  it('asks to update the card when a payment is past due', async () => {
    show({ ...regularSub, status: 'past_due' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your last payment failed. Please update your card.');
    expect(within(alert).getByRole('link', { name: 'Update your card' })).toHaveAttribute(
      'href',
      '/account/card',
    );
  });

  it('says an ended subscription left the user on the free plan, with no actions', async () => {
    show({ ...regularSub, status: 'canceled' });
    expect(
      await screen.findByText(/This subscription has ended: you are on the free plan./),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Switch to/ })).toBeNull();
  });

  it('is in Russian when the interface is', async () => {
    useUi.setState({ locale: 'ru' });
    show(regularSub);
    expect(await screen.findByRole('heading', { name: 'Подписка' })).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Отменить подписку' })).toBeVisible();
    expect(screen.getByText(/26 декабря 2026/)).toBeVisible();
  });
});
