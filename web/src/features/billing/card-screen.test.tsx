import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../stores/session';
import { useUi } from '../../stores/ui';
import { json, type FetchCall } from '../../testing/fetch';
import CardScreen from './card-screen';
import { ann, mastercard, regularSub, showAt, visa } from './test-data';

const reload = vi.fn();

function show(respond: (call: FetchCall) => Response = () => json(200, { data: [] })) {
  return showAt('/account/card', <CardScreen />, (call) =>
    call.method === 'GET' && call.path === '/api/account/card'
      ? json(200, { data: [visa, mastercard] })
      : respond(call),
  );
}

const row = async (name: string) => (await screen.findByText(name)).closest('li')!;

beforeEach(() => {
  useSession.setState({ authenticated: true, user: ann, authDialog: null });
  useUi.setState({ locale: 'en', toasts: [] });
  vi.stubGlobal('location', { ...window.location, reload, assign: vi.fn() });
});

afterEach(() => {
  reload.mockReset();
  vi.unstubAllGlobals();
});

describe('CardScreen', () => {
  it('sends a signed-out visitor home', () => {
    useSession.setState({ authenticated: false, user: null });
    show();
    expect(screen.getByText('At /')).toBeInTheDocument();
  });

  it('lists the cards with brand, last 4, expiry and the default badge', async () => {
    show();
    const first = await row('Visa ending in 4242');
    expect(first).toHaveTextContent('Expires 12/2030');
    expect(within(first).getByText('Default')).toBeVisible();
    expect(within(first).queryByRole('button', { name: /Make default/ })).toBeNull();
    const second = await row('Mastercard ending in 4444');
    expect(second).toHaveTextContent('Expires 03/2031');
    expect(within(second).queryByText('Default')).toBeNull();
  });

  it('says when there are no cards', async () => {
    showAt('/account/card', <CardScreen />, () => json(200, { data: [] }));
    expect(await screen.findByText('No cards yet.')).toBeVisible();
  });

  it('makes a card the default, then reloads', async () => {
    const { calls, user } = show();
    const second = await row('Mastercard ending in 4444');
    await user.click(within(second).getByRole('button', { name: /Make default/ }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/api/account/card/pm_mc' });
    expect(sessionStorage.getItem('calcsmith.toast')).toBe('Default card changed.');
  });

  it('edits the expiry with months 1–12 and years 2020–2040', async () => {
    const { calls, user } = show();
    await user.click(
      within(await row('Visa ending in 4242')).getByRole('button', { name: /Edit/ }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Card expiry: Visa ending in 4242' });
    const month = within(dialog).getByLabelText('Month');
    const year = within(dialog).getByLabelText('Year');
    expect(month).toHaveValue('12');
    expect(year).toHaveValue('2030');
    const options = (select: HTMLElement) =>
      within(select)
        .getAllByRole('option')
        .map((option) => Number((option as HTMLOptionElement).value));
    expect(options(month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(options(year)[0]).toBe(2020);
    expect(options(year).at(-1)).toBe(2040);
    expect(options(year)).toHaveLength(21);
    await user.selectOptions(month, '7');
    await user.selectOptions(year, '2033');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/account/card',
      body: { cardId: 'pm_visa', exp_month: 7, exp_year: 2033 },
    });
  });

  it("shows the server's message when a delete is refused, and keeps the card", async () => {
    const message =
      'This card pays for your subscription. Make another card the default before deleting it.';
    const { calls, user } = show(() => json(400, { message }));
    await user.click(
      within(await row('Visa ending in 4242')).getByRole('button', { name: /Delete/ }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete Visa ending in 4242?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete card' }));
    expect(await within(dialog).findByText(message)).toBeVisible();
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/account/card/pm_visa' });
    expect(reload).not.toHaveBeenCalled();
  });

  it('says before deleting that the card pays the plan, and offers no delete of it', async () => {
    const { calls, user } = show((call) =>
      call.method === 'PUT' && call.path === '/api/account/sub'
        ? json(200, { data: regularSub })
        : json(500),
    );
    await user.click(
      within(await row('Visa ending in 4242')).getByRole('button', { name: /Delete/ }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete Visa ending in 4242?' });
    expect(
      await within(dialog).findByText(
        'This card pays for your Regular plan, which renews on December 26, 2026. Make another card the default before deleting it.',
        { exact: true },
      ),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Delete card' })).toBeDisabled();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('says in Russian that the card pays a plan that is ending', async () => {
    useUi.setState({ locale: 'ru' });
    const { user } = show(() => json(200, { data: { ...regularSub, cancelAtPeriodEnd: true } }));
    await user.click(
      within(await row('Visa, последние цифры 4242')).getByRole('button', { name: /Удалить/ }),
    );
    expect(
      await screen.findByText(
        'Этой картой оплачивается ваш тариф Regular до 26 декабря 2026 г.: прежде чем удалить её, сделайте основной другую карту.',
        { exact: true },
      ),
    ).toBeVisible();
  });

  it('deletes a card after confirming, then reloads', async () => {
    const { user } = show(() => json(200, { data: [visa] }));
    await user.click(
      within(await row('Mastercard ending in 4444')).getByRole('button', { name: /Delete/ }),
    );
    await user.click(screen.getByRole('button', { name: 'Delete card' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(sessionStorage.getItem('calcsmith.toast')).toBe('Card deleted.');
  });

  it('lets a card be added only once the user (their customer id) is loaded', async () => {
    useSession.setState({ user: null });
    show();
    await row('Visa ending in 4242');
    expect(screen.getByRole('button', { name: 'Add a card' })).toBeDisabled();
    act(() => useSession.setState({ user: ann }));
    expect(screen.getByRole('button', { name: 'Add a card' })).toBeEnabled();
  });

  it('adds a card through the checkout dialog without a plan', async () => {
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Add a card' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a card' });
    expect(within(dialog).getByRole('button', { name: 'Save card' })).toBeVisible();
    expect(within(dialog).getByLabelText('Card number')).toBeVisible();
  });
});
