import type { PreloadedData } from './types';

/** Reads `<script id="calcsmith-preload">`; a page without it counts as signed out. */
export function readPreloadedData(doc: Document = document): PreloadedData {
  const text = doc.getElementById('calcsmith-preload')?.textContent;
  if (!text) return { authenticated: false, user: null };
  try {
    const data = JSON.parse(text) as Partial<PreloadedData>;
    return {
      authenticated: data.authenticated === true,
      user: data.user ?? null,
      calc: data.calc && typeof data.calc._id === 'string' ? data.calc : undefined,
    };
  } catch {
    return { authenticated: false, user: null };
  }
}

/**
 * Does the page carry the server's data? The offline app shell (the service worker's saved
 * `index.html`) has none, so its "signed out" only means nobody could ask the server.
 */
export function hasPreloadedData(doc: Document = document): boolean {
  return Boolean(doc.getElementById('calcsmith-preload')?.textContent);
}
