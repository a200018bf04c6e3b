import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../stores/session';
import { testUser } from '../../testing/user';
import { MAX_ERROR_BEACONS, originOf, useVisitBeacons } from './beacons';

const ID = 'aaaaaaaaaaaaaaaa';
let sent: { url: string; body: unknown }[] = [];

beforeEach(() => {
  useSession.setState({ authenticated: false, user: null });
  sent = [];
  vi.stubGlobal('navigator', {
    ...navigator,
    sendBeacon: (url: string, body: string) => {
      sent.push({ url, body: JSON.parse(body) });
      return true;
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useVisitBeacons', () => {
  it('sends the view once, then one engaged visit and each error once', () => {
    const { result, rerender } = renderHook(
      (props: { ready: boolean }) => useVisitBeacons(ID, { ready: props.ready, owns: false }),
      { initialProps: { ready: false } },
    );
    expect(sent).toEqual([]);
    rerender({ ready: true });
    rerender({ ready: true });
    expect(sent).toEqual([{ url: `/api/calc/${ID}/events`, body: { type: 'view' } }]);
    result.current.engaged();
    result.current.engaged();
    result.current.error('Error: boom (line 3)');
    result.current.error('Error: boom (line 3)');
    for (let n = 0; n < 10; n++) result.current.error(`Error ${n}`);
    expect(sent.map((beacon) => beacon.body)).toEqual([
      { type: 'view' },
      { type: 'engaged' },
      { type: 'error', message: 'Error: boom (line 3)' },
      ...Array.from({ length: MAX_ERROR_BEACONS - 1 }, (_, n) => ({
        type: 'error',
        message: `Error ${n}`,
      })),
    ]);
  });

  it('counts a page opened with values in its address as used', () => {
    renderHook(() => useVisitBeacons(ID, { ready: true, owns: false, fromHash: true }));
    expect(sent.map((beacon) => beacon.body)).toEqual([{ type: 'view' }, { type: 'engaged' }]);
  });

  it('sends only the origin of the page the visitor came from', () => {
    vi.spyOn(document, 'referrer', 'get').mockReturnValue(
      'https://www.search.example/results?q=my+salary',
    );
    renderHook(() => useVisitBeacons(ID, { ready: true, owns: false }));
    expect(sent.map((beacon) => beacon.body)).toEqual([
      { type: 'view', referrer: 'https://www.search.example' },
    ]);
  });

  it('sends an embedding page’s origin as the site', () => {
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('http://shop.example:8080/pricing#x');
    renderHook(() => useVisitBeacons(ID, { ready: true, owns: false, embed: true }));
    expect(sent.map((beacon) => beacon.body)).toEqual([
      { type: 'view', site: 'http://shop.example:8080' },
    ]);
  });

  it('sends no referrer that is not a web page', () => {
    expect(originOf('android-app://com.google.android.gm/')).toBeUndefined();
    expect(originOf('')).toBeUndefined();
    expect(originOf('https://a.example/b?c=d')).toBe('https://a.example');
  });

  it('tells an embed’s page as the embedding site', () => {
    renderHook(() => useVisitBeacons(ID, { ready: true, owns: false, embed: true }));
    expect(sent.map((beacon) => beacon.body)).toEqual([{ type: 'view' }]);
    expect(Object.keys(sent[0].body as object)).toEqual(['type']);
  });

  it('waits for a signed-in visitor’s account before sending anything', () => {
    useSession.setState({ authenticated: true, user: null });
    const { rerender } = renderHook(() => useVisitBeacons(ID, { ready: true, owns: false }));
    expect(sent).toEqual([]);
    act(() => useSession.setState({ user: testUser() }));
    rerender();
    expect(sent.map((beacon) => beacon.body)).toEqual([{ type: 'view' }]);
  });

  it('sends nothing for the calculator’s owner', () => {
    const { result } = renderHook(() => useVisitBeacons(ID, { ready: true, owns: true }));
    result.current.engaged();
    result.current.error('Error: boom');
    expect(sent).toEqual([]);
  });
});
