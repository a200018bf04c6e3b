import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../lib/types';
import { useSession } from '../../stores/session';
import { useUi } from '../../stores/ui';
import { json, stubFetch, type FetchCall } from '../../testing/fetch';
import AccountScreen from './account-screen';

const ann: User = {
  name: 'Ann',
  email: 'ann@example.com',
  phone: '',
  address: '',
  zipcode: '',
  city: 'Paris',
  state: '',
  country: 'FR',
  plan: 'free',
  calcs: [],
};

const reload = vi.fn();
const assign = vi.fn();

function show(respond: (call: FetchCall) => Response | Promise<Response>) {
  const server = stubFetch(async (call) =>
    call.path === '/txt/countries.txt'
      ? new Response('FR:France\nDE:Germany\n', { status: 200 })
      : respond(call),
  );
  render(
    <MemoryRouter initialEntries={['/account']}>
      <Routes>
        <Route path="/" element={<p>Home</p>} />
        <Route path="/account" element={<AccountScreen />} />
      </Routes>
    </MemoryRouter>,
  );
  return { ...server, user: userEvent.setup() };
}

beforeEach(() => {
  useSession.setState({ authenticated: true, user: ann, authDialog: null });
  useUi.setState({ locale: 'en', toasts: [] });
  vi.stubGlobal('location', { ...window.location, reload, assign });
});

afterEach(() => {
  reload.mockReset();
  assign.mockReset();
  vi.unstubAllGlobals();
});

describe('AccountScreen', () => {
  it('sends a signed-out visitor home', () => {
    useSession.setState({ authenticated: false, user: null });
    show(() => json(200));
    expect(screen.getByText('Home')).toBeInTheDocument();
  });

  it('waits for the user while it loads', () => {
    useSession.setState({ user: null });
    show(() => json(200));
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Account' })).toBeNull();
  });

  it('saves only the changed settings, then reloads with a toast to come', async () => {
    const { calls, user } = show(() => json(200, { message: 'Settings saved.' }));
    const country = screen.getByLabelText('Country');
    await waitFor(() => expect(country).toHaveValue('FR'));
    await user.clear(screen.getByLabelText('City'));
    await user.type(screen.getByLabelText('City'), 'Berlin');
    await user.selectOptions(country, 'DE');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    const save = calls.find((call) => call.path === '/api/acc/save');
    expect(save).toMatchObject({ method: 'POST', body: { city: 'Berlin', country: 'DE' } });
    expect(sessionStorage.getItem('calcsmith.toast')).toBe('Settings saved.');
  });

  it('asks for the password when the email changes, and sends it with the new email', async () => {
    const { calls, user } = show(() => json(200, { message: 'Settings saved.' }));
    expect(screen.queryByLabelText('Your password')).toBeNull();
    const email = screen.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'ann@example.org');
    const password = screen.getByLabelText('Your password');
    expect(password).toBeRequired();
    expect(password).toHaveAccessibleDescription(/Needed to change the email/);
    await user.type(password, 'current-password');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(calls.find((call) => call.path === '/api/acc/save')?.body).toEqual({
      email: 'ann@example.org',
      oldPassword: 'current-password',
    });
  });

  it('asks no password when only the case of the email changes', async () => {
    const { calls, user } = show(() => json(200, { message: 'Settings saved.' }));
    const email = screen.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'Ann@example.com');
    expect(screen.queryByLabelText('Your password')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(calls.find((call) => call.path === '/api/acc/save')?.body).toEqual({
      email: 'Ann@example.com',
    });
  });

  it('shows the server message of a 400 and does not reload', async () => {
    const { user } = show(() => json(400, { message: 'The current password is wrong.' }));
    await user.type(screen.getByLabelText('Current password'), 'nope-nope');
    await user.type(screen.getByLabelText('New password'), 'new-password');
    await user.type(screen.getByLabelText('New password again'), 'new-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(useUi.getState().toasts.map((t) => t.text)).toEqual([
        'The current password is wrong.',
      ]),
    );
    expect(reload).not.toHaveBeenCalled();
  });

  it('says "Oops, an error." for other failures', async () => {
    const { user } = show(() => json(500));
    await user.type(screen.getByLabelText('Name'), ' B.');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(useUi.getState().toasts.map((t) => t.text)).toEqual(['Oops, an error.']),
    );
  });

  it('sends the old and new password, and checks they were typed the same', async () => {
    const { calls, user } = show(() => json(200, { message: 'Settings saved.' }));
    await user.type(screen.getByLabelText('Current password'), 'old-password');
    await user.type(screen.getByLabelText('New password'), 'new-password');
    await user.type(screen.getByLabelText('New password again'), 'new-passwore');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('The new passwords do not match.')).toBeVisible();
    expect(screen.getByLabelText('New password again')).toHaveFocus();
    await user.clear(screen.getByLabelText('New password again'));
    await user.type(screen.getByLabelText('New password again'), 'new-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(calls.find((call) => call.path === '/api/acc/save')?.body).toEqual({
      oldPassword: 'old-password',
      password: 'new-password',
    });
  });

  it('deletes the account with the current password, then loads / afresh', async () => {
    const { calls, user } = show(() => json(200, { message: 'Deleted.' }));
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    expect(dialog).toHaveTextContent('ann@example.com');
    const password = screen.getByLabelText('Your current password');
    expect(password).toHaveFocus();
    await user.type(password, 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    const deletion = calls.find((call) => call.method === 'DELETE');
    expect(deletion?.path).toBe('/api/account');
    expect(deletion?.body).toEqual({ password: 'correct horse' });
    expect(sessionStorage.getItem('calcsmith.toast')).toBe('Your account has been deleted.');
  });

  it('says on a paid plan that deleting the account ends the subscription now', async () => {
    useSession.setState({ user: { ...ann, plan: 'regular' } });
    const { user } = show((call) =>
      call.path === '/api/billing'
        ? json(200, { plans: [{ id: 'regular', name: 'Regular' }] })
        : json(200),
    );
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    expect(
      await within(dialog).findByText('Your Regular subscription ends now and will not renew.', {
        exact: true,
      }),
    ).toBeVisible();
  });

  it('says it in Russian too', async () => {
    useUi.setState({ locale: 'ru' });
    useSession.setState({ user: { ...ann, plan: 'premium' } });
    const { user } = show(() => json(200, { plans: [{ id: 'premium', name: 'Premium' }] }));
    await user.click(screen.getByRole('button', { name: 'Удалить учётную запись' }));
    expect(
      await screen.findByText('Ваша подписка Premium закончится сразу и не продлится.', {
        exact: true,
      }),
    ).toBeVisible();
  });

  it('says nothing of a subscription on the free plan', async () => {
    const { calls, user } = show(() => json(200, { plans: [] }));
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(screen.getByRole('dialog', { name: 'Delete your account?' })).not.toHaveTextContent(
      'subscription',
    );
    expect(calls.some((call) => call.path === '/api/billing')).toBe(false);
  });

  it('keeps the account and the dialog open on a wrong password, saying so', async () => {
    const { calls, user } = show(() => json(400, { message: 'The current password is wrong.' }));
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    // Without a password nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.type(screen.getByLabelText('Your current password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    expect(
      await within(dialog).findByText('The current password is wrong.', {}, { timeout: 5000 }),
    ).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('Your current password')).toHaveAttribute('aria-invalid', 'true');
    expect(assign).not.toHaveBeenCalled();
  }, 20_000);
});
