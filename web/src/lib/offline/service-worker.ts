// Registers the service worker (src/sw.ts, served at /sw.js) from a published
// calculator's page, and asks it to keep the files the page loaded before it was in
// control. Built apps only: the dev server has no service worker.
import { Workbox } from 'workbox-window';

let registering: Promise<Workbox | null> | null = null;

/** Registers /sw.js once the page has loaded; `null` where there is none (dev, old browsers). */
export function registerServiceWorker(): Promise<Workbox | null> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return Promise.resolve(null);
  registering ??= (async () => {
    const workbox = new Workbox('/sw.js', { scope: '/' });
    await workbox.register();
    return workbox;
  })().catch(() => null);
  return registering;
}

/** Resolves once a service worker controls this page (the first visit: when it claims it). */
function controlled(): Promise<void> {
  if (navigator.serviceWorker.controller) return Promise.resolve();
  return new Promise((resolve) =>
    navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
  );
}

/**
 * Asks the service worker to keep `urls` (the libraries a calculator uses): on the first
 * visit the page fetched them before the service worker was there to see it.
 */
export async function keepFilesOffline(urls: string[]): Promise<void> {
  const workbox = await registerServiceWorker();
  if (!workbox || urls.length === 0) return;
  await controlled();
  await workbox.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: urls } });
}
