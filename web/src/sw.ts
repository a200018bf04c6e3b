/// <reference lib="webworker" />
// The service worker, built by vite-plugin-pwa to dist/sw.js and served at /sw.js. It makes
// a published calculator that was opened once work with no network: the build's files are
// saved when it installs (the precache, listed by the build with their revisions), the
// libraries a calculator uses when its page asks, the engine's Intl module when a
// calculator's worker loads it, and `/calc/{id}` falls back to the saved
// app shell, where the page finds the calculator it saved itself (lib/offline/saved-calcs.ts).
// Which requests it takes is lib/offline/offline-routes.ts; the rest never reach it.
import { clientsClaim, type RouteHandlerCallback } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precache,
  type PrecacheEntry,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { offlineRoute, precacheKey, type OfflineRoute } from './lib/offline/offline-routes';

declare let self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
};

// A new deployment takes over as soon as it is installed: online, pages and the files
// without a hash come from the network anyway, so no open page is left half old, half new;
// the precache of the old deployment is dropped.
self.skipWaiting();
clientsClaim();
precache(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Hashed files the precache does not list (any its globs leave out). */
const hashedFiles = new CacheFirst({
  cacheName: 'calcsmith-hashed-files',
  plugins: [new ExpirationPlugin({ maxEntries: 60, purgeOnQuotaError: true })],
});
const libraries = new StaleWhileRevalidate({ cacheName: 'calcsmith-libraries' });
/**
 * The Intl module's glue and wasm (`/pkg/`, several MB of ICU data), saved the first time a
 * calculator's worker loads them. Their names have no hash and the server rebuilds them in
 * place, so a saved copy is used only without a network: online, the server's answer is
 * always used (a 304 when unchanged: it is served `no-cache`) and replaces the saved one,
 * so the glue and the wasm never come from two builds, as stale-while-revalidate could
 * mix them (the one refreshed, the other not). Its 503 while it is still being built is
 * passed on (the worker waits) and never saved: only 200s are.
 */
const intlModule = new NetworkFirst({ cacheName: 'calcsmith-intl-module' });

/** The network's answer, or the precache's copy of `key` when there is no network. */
async function networkOrPrecache(request: Request, key: string): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const saved = await matchPrecache(key);
    if (saved) return saved;
    throw error;
  }
}

const handlers: Record<OfflineRoute, RouteHandlerCallback> = {
  'calc-page': ({ request }) => networkOrPrecache(request as Request, '/index.html'),
  'current-file': ({ request, url }) =>
    networkOrPrecache(request as Request, precacheKey(url.pathname)),
  'hashed-file': async (options) =>
    (await matchPrecache(options.url.pathname)) ?? hashedFiles.handle(options),
  library: (options) => libraries.handle(options),
  'intl-module': (options) => intlModule.handle(options),
};

for (const [route, handler] of Object.entries(handlers)) {
  registerRoute(
    ({ url, request }) => offlineRoute(url, request, self.location.origin) === route,
    handler,
  );
}
