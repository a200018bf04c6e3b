import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../stores/session';
import { useUi } from '../../stores/ui';
import { json, stubFetch, type FetchCall } from '../../testing/fetch';
import ForgotScreen from './forgot-screen';

function show(path: string, respond: (call: FetchCall) => Response) {
  const server = stubFetch(respond);
  render(
    <MemoryRouter initialEntries={[path]}>
      <ForgotScreen />
    </MemoryRouter>,
  );
  return { ...server, user: userEvent.setup() };
}

beforeEach(() => {
  useSession.setState({ authenticated: false, user: null, authDialog: null });
  useUi.setState({ locale: 'en', toasts: [] });
});

afterEach(() => vi.unstubAllGlobals());

describe('ForgotScreen', () => {
  it('asks for a reset link and confirms it, focusing the confirmation', async () => {
    const { calls, user } = show('/forgot', () => json(200, { message: 'On its way.' }));
    await user.type(screen.getByLabelText('Email'), ' ann@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const heading = await screen.findByRole('heading', { name: 'Check your email' });
    expect(heading).toHaveFocus();
    expect(screen.getByText(/If an account uses ann@example.com/)).toBeVisible();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/forgot',
      body: { email: 'ann@example.com' },
    });
  });

  it('sets a new password with the token, then offers to sign in', async () => {
    const { calls, user } = show('/forgot?token=abc123', () => json(200, { message: 'Changed.' }));
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await user.type(screen.getByLabelText('New password'), 'new-password');
    await user.type(screen.getByLabelText('New password again'), 'new-password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toHaveFocus();
    expect(calls[1]).toMatchObject({
      path: '/api/forgot/reset',
      body: { token: 'abc123', password: 'new-password' },
    });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(useSession.getState().authDialog).toBe('signin');
  });

  it('sends nothing while the two new passwords differ, and says so at the second field', async () => {
    const { calls, user } = show('/forgot?token=abc123', () => json(200, { message: 'Changed.' }));
    await user.type(await screen.findByLabelText('New password'), 'new-password');
    await user.type(screen.getByLabelText('New password again'), 'new-passwort');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    const again = screen.getByLabelText('New password again');
    expect(screen.getByText('The new passwords do not match.')).toBeVisible();
    expect(again).toHaveFocus();
    expect(again).toHaveAttribute('aria-invalid', 'true');
    // Only the link's check went out.
    expect(calls.map((call) => call.path)).toEqual(['/api/forgot/check']);
    // A second submit without a change still takes the user back to the field.
    screen.getByLabelText('New password').focus();
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(again).toHaveFocus();
    await user.type(again, '{Backspace}d');
    expect(screen.queryByText('The new passwords do not match.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeVisible();
    expect(calls[1]).toMatchObject({ body: { token: 'abc123', password: 'new-password' } });
  });

  it('says at once that a link used or expired no longer works, and offers a new one', async () => {
    const { calls } = show('/forgot?token=used', () =>
      json(400, { message: 'This reset link is invalid or has expired.' }),
    );
    expect(
      await screen.findByRole('heading', { name: 'This reset link no longer works' }),
    ).toBeVisible();
    expect(
      screen.getByText(
        'A reset link works once, within an hour of being sent. Request a new one to choose your password.',
      ),
    ).toBeVisible();
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot',
    );
    expect(calls).toEqual([{ method: 'POST', path: '/api/forgot/check', body: { token: 'used' } }]);
  });

  it('says so in Russian too', async () => {
    useUi.setState({ locale: 'ru' });
    show('/forgot?token=used', () => json(400, { message: 'invalid' }));
    expect(
      await screen.findByRole('heading', {
        name: 'Эта ссылка для сброса пароля больше не действует',
      }),
    ).toBeVisible();
  });

  it('shows the form when the link cannot be checked, and the reset says what is wrong', async () => {
    // A server without the check (404), then a link that was spent meanwhile.
    const { user } = show('/forgot?token=used', (call) =>
      call.path === '/api/forgot/check'
        ? json(404, { message: 'Not found.' })
        : json(400, { message: 'This reset link is invalid or has expired.' }),
    );
    await user.type(await screen.findByLabelText('New password'), 'new-password');
    await user.type(screen.getByLabelText('New password again'), 'new-password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reset link is invalid or has expired.',
    );
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot',
    );
  });
});
