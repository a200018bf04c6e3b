// Published calculators saved on this device, so that `/calc/{id}` opens with no network.
// The page keeps them itself (Cache Storage, one entry per calculator): it knows what the
// service worker cannot, whether a calculator is public. A private one is never saved,
// and signing out forgets them all.
import type { PublishedCalc } from '../types';

/** The Cache Storage cache that holds them. */
export const SAVED_CALCS_CACHE = 'calcsmith-calcs';

/** A published calculator as the page shows it, with what tells whether it may be kept. */
export type CalcToSave = PublishedCalc & {
  _id: string;
  /** From the page's preloaded data: only its owner sees a private calculator. */
  private?: boolean;
};

/** A saved copy: the calculator and when it was saved (ISO 8601). */
export interface SavedCalc {
  calc: PublishedCalc & { _id: string };
  savedAt: string;
}

/**
 * May this calculator be kept on the device? Only one known to be public: the page says
 * so (`private: false`), or a visitor who is not signed in could load it (only the owner
 * sees a private one). Never one whose script is private: only the server calculates it.
 */
export function mayKeepOffline(calc: CalcToSave, signedIn: boolean): boolean {
  if (calc.doc.privateScript === true) return false;
  return calc.private === false || (calc.private === undefined && !signedIn);
}

const keyOf = (id: string) => `/api/calc/${encodeURIComponent(id)}`;

/** Cache Storage, where the browser has it (secure origins; not jsdom). */
function storage(): CacheStorage | null {
  return typeof caches === 'undefined' ? null : caches;
}

/** Saves a calculator for offline use, or forgets it if it may not be kept. */
export async function saveCalc(calc: CalcToSave, signedIn: boolean, now = new Date()) {
  const cacheStorage = storage();
  if (!cacheStorage) return;
  if (!mayKeepOffline(calc, signedIn)) return forgetCalc(calc._id);
  const { doc, doc_style, error, result, _id } = calc;
  const saved: SavedCalc = {
    calc: { doc, doc_style, error, result, _id },
    savedAt: now.toISOString(),
  };
  const cache = await cacheStorage.open(SAVED_CALCS_CACHE);
  await cache.put(
    keyOf(calc._id),
    new Response(JSON.stringify(saved), { headers: { 'Content-Type': 'application/json' } }),
  );
}

/** The saved copy of a calculator, if there is one. */
export async function savedCalc(id: string): Promise<SavedCalc | null> {
  const cacheStorage = storage();
  if (!cacheStorage) return null;
  const response = await cacheStorage.match(keyOf(id), { cacheName: SAVED_CALCS_CACHE });
  if (!response) return null;
  try {
    const saved = (await response.json()) as SavedCalc;
    return saved.calc?._id === id ? saved : null;
  } catch {
    return null;
  }
}

/** Forgets one calculator (deleted, or no longer public). */
export async function forgetCalc(id: string): Promise<void> {
  const cacheStorage = storage();
  if (!cacheStorage || !(await cacheStorage.has(SAVED_CALCS_CACHE))) return;
  const cache = await cacheStorage.open(SAVED_CALCS_CACHE);
  await cache.delete(keyOf(id));
}

/** Forgets every saved calculator (on sign-out: the next person of the device sees none). */
export async function forgetAllCalcs(): Promise<void> {
  await storage()?.delete(SAVED_CALCS_CACHE);
}
