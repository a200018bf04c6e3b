// Who is signed in (spec §6) and the sign-in dialog that held requests wait for (spec §4).
import { create } from 'zustand';
import { api, authGate, ApiError, OOPS } from '../lib/api';
import { reloadPage } from '../lib/navigation';
import { hasPreloadedData, readPreloadedData } from '../lib/preload';
import type { Body } from '../lib/api/wire';
import type { User } from '../lib/types';
import { toast } from './ui';

export type AuthMode = 'signin' | 'signup';

/** The toast after a sign-in (spec §4). */
export const SIGNED_IN = 'Signed in.';
const TOAST_AFTER_RELOAD = 'calcsmith.toast';

interface SessionState {
  /** From the page data: someone is signed in. */
  authenticated: boolean;
  user: User | null;
  /**
   * Known that nobody is signed in: the server's page data says so, or the server has
   * answered 401 since (signed out in another tab, a password change, expiry). A sign-in
   * clears it. While it holds, nothing of an account is kept on the device (issue 25).
   */
  noSession: boolean;
  authDialog: AuthMode | null;
  loadUser(): Promise<User | null>;
  openAuthDialog(mode?: AuthMode): void;
  /** Closes the dialog; held requests are rejected unless a sign-in succeeded. */
  closeAuthDialog(): void;
  signIn(email: string, password: string): Promise<void>;
  signUp(fields: Body<'/api/signup', 'post'>): Promise<void>;
  /** Updates the user in place after a change that did not need a reload. */
  setUser(user: User | null): void;
}

/**
 * Does this page start knowing that nobody is signed in? Not in the offline app shell
 * (no page data), nor in a frame: an embed on another site may be sent no cookies while it
 * still shares this site's storage, so its "signed out" says nothing of the session.
 */
function startsWithNoSession(): boolean {
  const framed = typeof window !== 'undefined' && window.self !== window.top;
  return !framed && hasPreloadedData() && !readPreloadedData().authenticated;
}

export const useSession = create<SessionState>((set, get) => ({
  authenticated: readPreloadedData().authenticated,
  user: null,
  noSession: startsWithNoSession(),
  authDialog: null,
  async loadUser() {
    try {
      const user = await api.put<User>('/api/account', undefined, { skipAuthHold: true });
      set({ user, authenticated: true, noSession: false });
      return user;
    } catch (error) {
      // The page said signed in, but the session ended before this asked.
      if (error instanceof ApiError && error.code === 'unauthorized') set({ noSession: true });
      throw error;
    }
  },
  openAuthDialog(mode = 'signin') {
    set({ authDialog: mode });
  },
  closeAuthDialog() {
    set({ authDialog: null });
    authGate.cancel('Sign-in was cancelled.');
  },
  async signIn(email, password) {
    const body: Body<'/api/login', 'post'> = { email, password };
    await api.post('/api/login', body, { skipAuthHold: true });
    await afterSignIn(get, set);
  },
  async signUp(fields) {
    await api.post('/api/signup', fields, { skipAuthHold: true });
    await afterSignIn(get, set);
  },
  setUser(user) {
    set(user ? { user, authenticated: true, noSession: false } : { user, authenticated: false });
  },
}));

async function afterSignIn(
  get: () => SessionState,
  set: (partial: Partial<SessionState>) => void,
): Promise<void> {
  const hadUser = get().user !== null;
  const user = await api.put<User>('/api/account', undefined, { skipAuthHold: true });
  set({ user, authenticated: true, noSession: false, authDialog: null });
  if (authGate.waiting > 0) {
    // Someone was waiting for this sign-in (a save, say): carry on without a reload.
    authGate.release();
    toast(SIGNED_IN);
  } else if (!hadUser) {
    // Spec §4: with no user loaded before, the page reloads and then says so.
    sessionStorage.setItem(TOAST_AFTER_RELOAD, SIGNED_IN);
    reloadPage();
  } else {
    toast(SIGNED_IN);
  }
}

/** Shows the toast a reload was asked to show. */
export function showToastAfterReload(): void {
  const text = sessionStorage.getItem(TOAST_AFTER_RELOAD);
  if (text) {
    sessionStorage.removeItem(TOAST_AFTER_RELOAD);
    toast(text);
  }
}

/** A failed sign-in or sign-up: the server's text or the generic one (spec §8). */
export function signInFailure(error: unknown): string {
  return error instanceof ApiError && error.code !== 'server' && error.code !== 'network'
    ? error.message
    : OOPS;
}

// A request answered 401: nobody is signed in any more, whatever the page thought.
authGate.onUnauthorized = () => {
  useSession.setState({ noSession: true });
  useSession.getState().openAuthDialog('signin');
};
