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
