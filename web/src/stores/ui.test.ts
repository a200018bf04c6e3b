import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast, useUi, TOAST_MS } from './ui';

afterEach(() => {
  vi.useRealTimers();
  useUi.setState({ toasts: [] });
});

describe('toasts', () => {
  it('show for 3000 ms', () => {
    vi.useFakeTimers();
    expect(TOAST_MS).toBe(3000);
    toast('Saved.');
    vi.advanceTimersByTime(1000);
    toast('Copied to the clipboard.');
    expect(useUi.getState().toasts.map((t) => t.text)).toEqual([
      'Saved.',
      'Copied to the clipboard.',
    ]);

    vi.advanceTimersByTime(1999);
    expect(useUi.getState().toasts.map((t) => t.text)).toEqual([
      'Saved.',
      'Copied to the clipboard.',
    ]);
    vi.advanceTimersByTime(1);
    expect(useUi.getState().toasts.map((t) => t.text)).toEqual(['Copied to the clipboard.']);
    vi.advanceTimersByTime(1000);
    expect(useUi.getState().toasts).toEqual([]);
  });

  it('can be dismissed early', () => {
    toast('One');
    const [only] = useUi.getState().toasts;
    useUi.getState().dismissToast(only.id);
    expect(useUi.getState().toasts).toEqual([]);
  });
});

describe('theme and locale', () => {
  it('are remembered in localStorage and read back on the next visit', async () => {
    useUi.getState().setTheme('dark');
    useUi.getState().setLocale('ru');
    expect(localStorage.getItem('calcsmith.theme')).toBe('dark');
    expect(localStorage.getItem('calcsmith.locale')).toBe('ru');

    vi.resetModules();
    const fresh = await import('./ui');
    expect(fresh.useUi.getState()).toMatchObject({ theme: 'dark', locale: 'ru' });
  });

  it('default to English and ignore a stored value that is not allowed', async () => {
    localStorage.setItem('calcsmith.locale', 'de');
    localStorage.setItem('calcsmith.theme', 'purple');
    vi.resetModules();
    const fresh = await import('./ui');
    expect(fresh.useUi.getState().locale).toBe('en');
    expect(['light', 'dark']).toContain(fresh.useUi.getState().theme);
  });

  it('follow the system dark preference when nothing is stored', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('dark') }));
    vi.resetModules();
    const fresh = await import('./ui');
    expect(fresh.useUi.getState().theme).toBe('dark');
    vi.unstubAllGlobals();
  });
});
