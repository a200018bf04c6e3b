import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../lib/types';
import { changedSettings, reloadWithToast, settingsOf } from './settings';

/** No phone: a missing setting. */
const user: Partial<User> = {
  name: 'Ada',
  email: 'ada@example.com',
  address: '1 Main St',
  zipcode: '12345',
  city: 'Springfield',
  state: '',
  country: 'US',
};

describe('settings', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('start from the user, with empty strings for missing values', () => {
    const start = settingsOf(user, 'US');
    expect(start.phone).toBe('');
    expect(start.name).toBe('Ada');
    expect(start.country).toBe('US');
  });

  it('send only what changed, trimmed', () => {
    const start = settingsOf(user, 'US');
    const now = { ...start, name: '  Ada Lovelace ', city: 'Springfield ', country: 'GB' };
    expect(changedSettings(start, now)).toEqual({ name: 'Ada Lovelace', country: 'GB' });
  });

  it('can clear a field', () => {
    const start = settingsOf(user, 'US');
    expect(changedSettings(start, { ...start, address: '' })).toEqual({ address: '' });
  });

  it('leave a toast for after the reload', () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    reloadWithToast('Settings saved.');
    expect(sessionStorage.getItem('calcsmith.toast')).toBe('Settings saved.');
    expect(reload).toHaveBeenCalled();
  });
});
