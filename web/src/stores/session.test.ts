import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, authGate } from '../lib/api';
import { json, stubFetch, type FetchCall } from '../testing/fetch';
import { testUser } from '../testing/user';
import { showToastAfterReload, signInFailure, useSession } from './session';
import { useUi } from './ui';

const user = testUser();
const reload = vi.fn();

const toastTexts = () => useUi.getState().toasts.map((toast) => toast.text);

/** The server: `/api/login` and `/api/account` answer as signed in; other paths 401 until then. */
function server(overrides: (call: FetchCall) => Response | undefined = () => undefined) {
  let signedIn = false;
  return stubFetch((call) => {
    const answer = overrides(call);
    if (answer) return answer;
    if (call.path === '/api/login' || call.path === '/api/signup') {
      signedIn = true;
      return json(200, { ok: true });
    }
    if (call.path === '/api/account') return signedIn ? json(200, user) : json(401);
    return signedIn ? json(200, { retried: call.path }) : json(401);
  });
}

beforeEach(() => {
  useSession.setState({ user: null, authenticated: false, authDialog: null, noSession: false });
  useUi.setState({ toasts: [] });
  vi.stubGlobal('location', { ...window.location, reload });
});

afterEach(() => {
  authGate.cancel('test over');
  reload.mockReset();
  vi.unstubAllGlobals();
});

describe('signIn', () => {
  it('posts the email and password to /api/login, then loads the user with PUT /api/account', async () => {
    const { calls } = server();
    useSession.getState().openAuthDialog();
    await useSession.getState().signIn('ann@example.com', 'secret');
    expect(calls.map((c) => [c.method, c.path])).toEqual([
      ['POST', '/api/login'],
      ['PUT', '/api/account'],
    ]);
    expect(calls[0].body).toEqual({ email: 'ann@example.com', password: 'secret' });
    expect(useSession.getState()).toMatchObject({ user, authenticated: true, authDialog: null });
  });

  it('retries the held requests, toasts Signed in. and does not reload', async () => {
    server();
    const held = api.get('/api/source/abc');
    await vi.waitFor(() => expect(useSession.getState().authDialog).toBe('signin'));
    expect(authGate.waiting).toBe(1);

    await useSession.getState().signIn('ann@example.com', 'secret');

    await expect(held).resolves.toEqual({ retried: '/api/source/abc' });
    expect(toastTexts()).toEqual(['Signed in.']);
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('calcsmith.toast')).toBeNull();
  });

  it('with nothing held and no user before, reloads and keeps the toast for after the reload', async () => {
    server();
    await useSession.getState().signIn('ann@example.com', 'secret');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(toastTexts()).toEqual([]);
    expect(sessionStorage.getItem('calcsmith.toast')).toBe('Signed in.');
  });

  it('with a user already loaded and nothing held, toasts without a reload', async () => {
    server();
    useSession.setState({ user, authenticated: true });
    await useSession.getState().signIn('ann@example.com', 'secret');
    expect(reload).not.toHaveBeenCalled();
    expect(toastTexts()).toEqual(['Signed in.']);
  });

  it('leaves the dialog open when the sign-in fails, with the server text', async () => {
    const { calls } = server((call) =>
      call.path === '/api/login' ? json(400, { message: 'Wrong email or password.' }) : undefined,
    );
    useSession.getState().openAuthDialog('signin');
    const error = await useSession
      .getState()
      .signIn('ann@example.com', 'nope')
      .catch((e: unknown) => e);
    expect(signInFailure(error)).toBe('Wrong email or password.');
    expect(useSession.getState().authDialog).toBe('signin');
    expect(useSession.getState().user).toBeNull();
    expect(calls.map((c) => c.path)).toEqual(['/api/login']);
    expect(reload).not.toHaveBeenCalled();
  });

  it('a 401 from /api/login is not held: the dialog shows its text', async () => {
    server((call) =>
      call.path === '/api/login' ? json(401, { message: 'Wrong email or password.' }) : undefined,
    );
    const error = await useSession
      .getState()
      .signIn('ann@example.com', 'nope')
      .catch((e: unknown) => e);
    expect(authGate.waiting).toBe(0);
    expect(signInFailure(error)).toBe('Wrong email or password.');
  });

  it('a server failure shows Oops, an error.', async () => {
    server((call) => (call.path === '/api/login' ? json(500, { message: 'panic' }) : undefined));
    const error = await useSession
      .getState()
      .signIn('ann@example.com', 'secret')
      .catch((e: unknown) => e);
    expect(signInFailure(error)).toBe('Oops, an error.');
  });
});

describe('signUp', () => {
  it('posts the fields with the captcha payload to /api/signup, then loads the user', async () => {
    const { calls } = server();
    await useSession.getState().signUp({
      email: 'ann@example.com',
      password: 'secret',
      name: 'Ann',
      captchaResponse: 'solved-payload',
    });
    expect(calls.map((c) => [c.method, c.path])).toEqual([
      ['POST', '/api/signup'],
      ['PUT', '/api/account'],
    ]);
    expect(calls[0].body).toEqual({
      email: 'ann@example.com',
      password: 'secret',
      name: 'Ann',
      captchaResponse: 'solved-payload',
    });
    expect(useSession.getState().user).toEqual(user);
  });
});

describe('closeAuthDialog', () => {
  it('closes the dialog and rejects the held requests with the reason', async () => {
    server();
    const held = api.post('/api/source/abc', { doc: {} });
    await vi.waitFor(() => expect(useSession.getState().authDialog).toBe('signin'));

    useSession.getState().closeAuthDialog();

    const error = await held.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'cancelled', message: 'Sign-in was cancelled.' });
    expect(useSession.getState().authDialog).toBeNull();
    expect(authGate.waiting).toBe(0);
  });
});

describe('showToastAfterReload', () => {
  it('shows the stored toast once', () => {
    sessionStorage.setItem('calcsmith.toast', 'Signed in.');
    showToastAfterReload();
    showToastAfterReload();
    expect(toastTexts()).toEqual(['Signed in.']);
    expect(sessionStorage.getItem('calcsmith.toast')).toBeNull();
  });

  it('shows nothing when no toast was stored', () => {
    showToastAfterReload();
    expect(toastTexts()).toEqual([]);
  });
});

describe('signInFailure', () => {
  it("gives the server's text for a refused sign-in and Oops, an error. otherwise", () => {
    expect(signInFailure(new ApiError('bad_request', 'Email already in use.', 400))).toBe(
      'Email already in use.',
    );
    expect(signInFailure(new ApiError('network', 'Oops, an error.'))).toBe('Oops, an error.');
    expect(signInFailure(new ApiError('server', 'trace', 500))).toBe('Oops, an error.');
    expect(signInFailure(new Error('boom'))).toBe('Oops, an error.');
  });
});

describe('loadUser', () => {
  it('loads the user with PUT /api/account without holding on a 401', async () => {
    const { calls } = stubFetch(() => json(200, user));
    await expect(useSession.getState().loadUser()).resolves.toEqual(user);
    expect(calls).toEqual([{ method: 'PUT', path: '/api/account', body: undefined }]);
    expect(useSession.getState()).toMatchObject({ user, authenticated: true });

    stubFetch(() => json(401));
    await expect(useSession.getState().loadUser()).rejects.toMatchObject({ code: 'unauthorized' });
    expect(authGate.waiting).toBe(0);
  });
});

describe('noSession (issue 25)', () => {
  it('is set by a held 401 and cleared by the sign-in it asks for', async () => {
    useSession.setState({ user, authenticated: true });
    server();
    const held = api.get('/api/user/calculators');
    await vi.waitFor(() => expect(useSession.getState().authDialog).toBe('signin'));
    expect(useSession.getState().noSession).toBe(true);
    await useSession.getState().signIn('ann@example.com', 'secret');
    await held;
    expect(useSession.getState().noSession).toBe(false);
  });

  it('is set when the start’s account check answers 401, not when the network fails', async () => {
    useSession.setState({ authenticated: true });
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(useSession.getState().loadUser()).rejects.toMatchObject({ code: 'network' });
    expect(useSession.getState().noSession).toBe(false);
    stubFetch(() => json(401));
    await expect(useSession.getState().loadUser()).rejects.toMatchObject({ code: 'unauthorized' });
    expect(useSession.getState().noSession).toBe(true);
  });
});
