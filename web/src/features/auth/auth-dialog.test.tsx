import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authGate } from '../../lib/api';
import { useSession } from '../../stores/session';
import { useUi } from '../../stores/ui';
import { json, stubFetch, type FetchCall } from '../../testing/fetch';
import AuthDialog from './auth-dialog';

// The real widget solves a proof of work from /api/captcha; here a button stands for it.
vi.mock('./captcha', () => ({
  Captcha: ({ onSolved }: { onSolved(payload: string | null): void }) => (
    <button type="button" onClick={() => onSolved('solved-captcha')}>
      Solve the captcha
    </button>
  ),
}));

const reload = vi.fn();

function open(mode: 'signin' | 'signup', answer: (call: FetchCall) => Response) {
  const server = stubFetch(answer);
  useSession.setState({ authDialog: mode });
  render(
    <MemoryRouter>
      <AuthDialog />
    </MemoryRouter>,
  );
  return { ...server, user: userEvent.setup() };
}

const ok = (call: FetchCall) =>
  call.path === '/api/account'
    ? json(200, { name: 'Ann', email: 'ann@example.com', calcs: [] })
    : json(200, { ok: true });

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'ann@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret-password');
}

beforeEach(() => {
  useSession.setState({ user: null, authenticated: false, authDialog: null });
  useUi.setState({ locale: 'en', toasts: [] });
  vi.stubGlobal('location', { ...window.location, reload });
});

afterEach(() => {
  authGate.cancel('test over');
  reload.mockReset();
  vi.unstubAllGlobals();
});

describe('AuthDialog', () => {
  it('focuses the email field on opening', () => {
    open('signin', ok);
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('signs in with the email and password', async () => {
    const { user, calls } = open('signin', ok);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(useSession.getState().user?.name).toBe('Ann'));
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/login',
      body: { email: 'ann@example.com', password: 'secret-password' },
    });
    expect(useSession.getState().authDialog).toBeNull();
  });

  it("shows the server's message when the sign-in fails, and stays open", async () => {
    const { user } = open('signin', () => json(401, { message: 'Wrong email or password.' }));
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email or password.');
    expect(useSession.getState().authDialog).toBe('signin');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('shows Oops, an error. when the server fails', async () => {
    const { user } = open('signin', () => json(500, { message: 'stack trace' }));
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Oops, an error\.$/);
  });

  it('toggles between sign-in and sign-up', async () => {
    const { user } = open('signin', ok);
    expect(screen.queryByLabelText('Name')).toBeNull();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot',
    );

    await user.click(screen.getByRole('button', { name: 'No account yet? Sign up' }));
    expect(screen.getByRole('dialog', { name: 'Sign up' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Solve the captcha' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Have an account? Sign in' }));
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Name')).toBeNull();
  });

  it('refuses a sign-up without a solved captcha and posts nothing', async () => {
    const { user, fetch } = open('signup', ok);
    await fill(user);
    await user.type(screen.getByLabelText('Name'), 'Ann');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/^Please resolve the captcha and submit!$/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('signs up with the captcha payload once it is solved', async () => {
    const { user, calls } = open('signup', ok);
    await fill(user);
    await user.type(screen.getByLabelText('Name'), 'Ann');
    await user.click(screen.getByRole('button', { name: 'Solve the captcha' }));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/api/signup', '/api/account']));
    expect(calls[0].body).toEqual({
      email: 'ann@example.com',
      password: 'secret-password',
      name: 'Ann',
      captchaResponse: 'solved-captcha',
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for a new captcha after a failed sign-up', async () => {
    const { user, calls } = open('signup', () => json(400, { message: 'Email already in use.' }));
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Solve the captcha' }));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email already in use.');

    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please resolve the captcha and submit!');
    expect(calls).toHaveLength(1);
  });

  it('Cancel closes the dialog and rejects the held requests', async () => {
    const { user } = open('signin', ok);
    const held = new Promise((resolve, reject) =>
      authGate.hold({ retry: () => resolve(null), reject }),
    );
    const outcome = held.catch((error: unknown) => error);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(useSession.getState().authDialog).toBeNull();
    expect(await outcome).toMatchObject({ code: 'cancelled', message: 'Sign-in was cancelled.' });
  });

  it('Escape closes the dialog', () => {
    open('signin', ok);
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(useSession.getState().authDialog).toBeNull();
  });

  it('closes on a click outside it, not on a click inside', () => {
    open('signin', ok);
    const dialog = screen.getByRole('dialog');
    vi.spyOn(dialog, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 100, y: 100, width: 400, height: 300 }),
    );
    fireEvent.mouseDown(screen.getByLabelText('Email'), { clientX: 200, clientY: 200 });
    fireEvent.mouseDown(dialog, { clientX: 200, clientY: 200 }); // its own padding
    expect(useSession.getState().authDialog).toBe('signin');

    fireEvent.mouseDown(dialog, { clientX: 20, clientY: 20 }); // the backdrop
    expect(useSession.getState().authDialog).toBeNull();
  });

  it('keeps a sign-up form with typed input open on a click outside it', async () => {
    const { user } = open('signup', ok);
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Name'), 'Ann');
    const dialog = screen.getByRole('dialog');
    vi.spyOn(dialog, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 100, y: 100, width: 400, height: 300 }),
    );
    fireEvent.mouseDown(dialog, { clientX: 20, clientY: 20 }); // the backdrop
    expect(useSession.getState().authDialog).toBe('signup');
    expect(screen.getByLabelText('Email')).toHaveValue('ann@example.com');
    expect(screen.getByLabelText('Name')).toHaveValue('Ann');
  });

  it('tells the password rule on sign-up before any attempt', () => {
    open('signup', ok);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 8 characters.');
  });

  it('clears the captcha message once the captcha is solved', async () => {
    const { user } = open('signup', ok);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please resolve the captcha and submit!');
    await user.click(screen.getByRole('button', { name: 'Solve the captcha' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
