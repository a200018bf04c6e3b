import { renderHook } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUi } from '../../stores/ui';
import { pinnedLook, useApplyLook, useSystemTheme } from './pinned-look';

describe('pinnedLook', () => {
  it("takes the embed's ?theme= and ?lang= over the author's pin", () => {
    const search = new URLSearchParams('theme=dark&lang=ru');
    expect(pinnedLook({ theme: 'light', lang: 'en' }, search)).toEqual({
      theme: 'dark',
      locale: 'ru',
    });
  });

  it("takes the author's pin, and nothing for auto or unknown values", () => {
    expect(pinnedLook({ theme: 'light', lang: 'ru' }, null)).toEqual({
      theme: 'light',
      locale: 'ru',
    });
    expect(
      pinnedLook({ theme: 'auto', lang: 'auto' }, new URLSearchParams('theme=purple')),
    ).toEqual({ theme: undefined, locale: undefined });
  });
});

describe('useApplyLook', () => {
  beforeEach(() => {
    localStorage.clear();
    useUi.setState({ theme: 'light', locale: 'en' });
  });

  it("shows the pinned look while mounted and gives the visitor's back, unstored", () => {
    const { unmount } = renderHook(() => useApplyLook({ theme: 'dark', locale: 'ru' }));
    expect(useUi.getState()).toMatchObject({ theme: 'dark', locale: 'ru' });
    expect(localStorage.getItem('calcsmith.theme')).toBeNull();
    unmount();
    expect(useUi.getState()).toMatchObject({ theme: 'light', locale: 'en' });
  });
});

describe('useSystemTheme', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("follows the system's colour scheme as it changes", () => {
    let dark = true;
    const listeners = new Set<() => void>();
    vi.stubGlobal('matchMedia', (query: string) => ({
      get matches() {
        return query === '(prefers-color-scheme: dark)' && dark;
      },
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    }));
    const { result, unmount } = renderHook(() => useSystemTheme());
    expect(result.current).toBe('dark');
    dark = false;
    act(() => listeners.forEach((listener) => listener()));
    expect(result.current).toBe('light');
    unmount();
    expect(listeners.size).toBe(0);
  });
});
