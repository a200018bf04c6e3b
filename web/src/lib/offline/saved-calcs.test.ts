import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeCaches } from '../../testing/fake-caches';
import type { PublishedCalc } from '../types';
import {
  SAVED_CALCS_CACHE,
  forgetAllCalcs,
  forgetCalc,
  mayKeepOffline,
  saveCalc,
  savedCalc,
  type CalcToSave,
} from './saved-calcs';

const ID = 'AbCdEfGh12345678';
const published: PublishedCalc = {
  doc: { name: 'Doubler', script: 'return {x: inputs.a * 2};', metaInputs: [], metaOutputs: [] },
  doc_style: {},
  error: null,
};
const calc = (extra: Partial<CalcToSave> = {}): CalcToSave => ({ ...published, _id: ID, ...extra });

let caches: ReturnType<typeof fakeCaches>;

beforeEach(() => {
  caches = fakeCaches();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('mayKeepOffline', () => {
  it('keeps a calculator the page says is public, for anyone', () => {
    expect(mayKeepOffline(calc({ private: false }), false)).toBe(true);
    expect(mayKeepOffline(calc({ private: false }), true)).toBe(true);
  });

  it('never keeps a private one, not even for its signed-in owner', () => {
    expect(mayKeepOffline(calc({ private: true }), true)).toBe(false);
    expect(mayKeepOffline(calc({ private: true }), false)).toBe(false);
  });

  it('never keeps a public calculator whose script is private: only the server calculates it', async () => {
    const privateScript: CalcToSave = {
      ...calc({ private: false }),
      doc: { name: 'Margin', privateScript: true, metaInputs: [], metaOutputs: [] },
    };
    expect(mayKeepOffline(privateScript, false)).toBe(false);
    await saveCalc(calc({ private: false }), false);
    await saveCalc(privateScript, false);
    expect(await savedCalc(ID)).toBeNull();
  });

  it("without the page's word, keeps only what a signed-out visitor could load", () => {
    expect(mayKeepOffline(calc(), false)).toBe(true);
    expect(mayKeepOffline(calc(), true)).toBe(false);
  });
});

describe('saved calculators', () => {
  it('saves a public calculator and gives it back with the time it was saved', async () => {
    await saveCalc(calc({ private: false }), true, new Date('2026-11-27T08:30:00Z'));
    expect(await savedCalc(ID)).toEqual({
      calc: { ...published, _id: ID },
      savedAt: '2026-11-27T08:30:00.000Z',
    });
    expect(await savedCalc('ZZZZZZZZZZZZZZZZ')).toBeNull();
  });

  it('does not save a private calculator, and forgets an earlier copy of it', async () => {
    await saveCalc(calc({ private: false }), false);
    await saveCalc(calc({ private: true }), true);
    expect(await savedCalc(ID)).toBeNull();
    expect([...(caches.get(SAVED_CALCS_CACHE)?.entries.keys() ?? [])]).toEqual([]);
  });

  it('forgets one calculator, or all of them (sign-out)', async () => {
    const other = 'ZyXwVuTs98765432';
    await saveCalc(calc(), false);
    await saveCalc({ ...calc(), _id: other }, false);
    await forgetCalc(ID);
    expect(await savedCalc(ID)).toBeNull();
    expect(await savedCalc(other)).not.toBeNull();
    await forgetAllCalcs();
    expect(await savedCalc(other)).toBeNull();
    expect(caches.has(SAVED_CALCS_CACHE)).toBe(false);
  });

  it('does nothing where the browser has no Cache Storage', async () => {
    vi.unstubAllGlobals();
    expect(typeof globalThis.caches).toBe('undefined');
    await saveCalc(calc(), false);
    expect(await savedCalc(ID)).toBeNull();
    await forgetAllCalcs();
  });
});
