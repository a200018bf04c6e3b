import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useUi } from '../../stores/ui';
import { pinnedLook, useApplyLook } from './pinned-look';

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
