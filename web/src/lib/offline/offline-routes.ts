// Which requests the service worker (src/sw.ts) answers, and how. Pure, so the rules are
// tested without a service worker; docs/web.md, "Offline published calculators", says why.
import { INTL_GLUE_URL, INTL_WASM_URL, SERVER_INTL_FILES } from '../engine/intl-loader';

/** How the service worker answers a request it takes. */
export type OfflineRoute =
  /**
   * A published calculator's page: the server's page (with the calculator and the
   * sign-in state in it) when online; offline, the app shell saved with the build.
   */
  | 'calc-page'
  /**
   * A file without a hash in its name (a screen's module, the calculation worker, an
   * icon): the network first, so an online page never mixes two deployments; the copy
   * saved with the build when offline.
   */
  | 'current-file'
  /** A file with a hash in its name: it never changes, so the saved copy first. */
  | 'hashed-file'
  /** A library a calculator loads (lodash, moment, mathjs): the saved copy, refreshed. */
  | 'library'
  /**
   * The engine's Intl module and its locale data, which the worker loads from the
   * server's `/pkg/` (not part of the build): the network first, saved each time for use
   * without a network.
   */
  | 'intl-module';

/** What the service worker knows about a request. */
export interface RequestFacts {
  method: string;
  mode: RequestMode;
}

/** `/calc/{id}`: the only page that works offline (ids as `CalcId::parse` takes them). */
const CALC_PAGE = /^\/calc\/[0-9A-Za-z]{16}$/;

/** The files of the build and of the server without a hash in their names. */
const CURRENT_FILE =
  /^\/(partials\/[\w-]+(\.js)?|js\/[\w-]+\.js|img\/.+|icons\/.+|manifest\.webmanifest)$/;

/**
 * How the service worker answers `url`, or `null` for "not at all" (the browser goes to
 * the network as if there were no service worker). Nothing under `/api/` is ever taken:
 * accounts, billing, sources and the lists of calculators never reach a cache, and the
 * page keeps published calculators' data itself (`saved-calcs.ts`). Nor is any page but
 * a published calculator's, so a signed-in page is never kept either.
 */
export function offlineRoute(url: URL, request: RequestFacts, origin: string): OfflineRoute | null {
  if (request.method !== 'GET' || url.origin !== origin) return null;
  const path = url.pathname;
  if (request.mode === 'navigate') return CALC_PAGE.test(path) ? 'calc-page' : null;
  if (path.startsWith('/api/')) return null;
  if (path.startsWith('/assets/')) return 'hashed-file';
  if (path.startsWith('/js/lib/')) return 'library';
  if (path === INTL_GLUE_URL || path === INTL_WASM_URL) return 'intl-module';
  if (path.startsWith(SERVER_INTL_FILES.data)) return 'intl-module';
  if (CURRENT_FILE.test(path)) return 'current-file';
  return null;
}

/**
 * The key of `path` in the build's precache: the app imports a screen as
 * `/partials/{name}.js`, the server also answers `/partials/{name}`.
 */
export function precacheKey(path: string): string {
  return /^\/partials\/[\w-]+$/.test(path) ? `${path}.js` : path;
}
