// Loads the engine package's Intl module at run time, from the server's copy of pkg/
// (`/pkg/`; `@calcsmith/element`'s worker: its package's folder), not from the build: the web app is built before the Intl module is (a first
// `scripts/run` builds it while the server already serves), so Vite never bundles it. While
// the server is still building it, it answers 503 with `Retry-After`: the load waits and
// asks again, saying so each time, rather than failing. Apart from the worker (worker.ts)
// so tests can drive it with a stand-in fetch and glue.
import type * as IntlGlue from '@calcsmith/engine/calcsmith_engine_intl.js';

/** The Intl module's glue and wasm, as the server serves pkg/ (and the service worker keeps them). */
export const INTL_GLUE_URL = '/pkg/calcsmith_engine_intl.js';
export const INTL_WASM_URL = '/pkg/calcsmith_engine_intl_bg.wasm';

/** Why a calculation with Intl cannot be made: the module is missing or the network failed. */
export const INTL_FAILED_MESSAGE = 'The Intl module could not be loaded.';

/** How long to wait before asking again when the server's 503 names no time. */
const DEFAULT_RETRY_MS = 5000;

/**
 * Where the Intl module's glue, wasm and locale data are (the server's `/pkg/`, or a
 * package's folder); `data` is a folder's URL ending in `/` (intl-data.ts).
 */
export interface IntlFiles {
  glue: string;
  wasm: string;
  data: string;
}

/** The server's copy of pkg/. */
export const SERVER_INTL_FILES: IntlFiles = {
  glue: INTL_GLUE_URL,
  wasm: INTL_WASM_URL,
  data: '/pkg/intl/',
};

/** What the loader needs from its surroundings (the worker's own, or a test's). */
export interface IntlLoaderDeps {
  fetch(url: string): Promise<Response>;
  /** Imports the glue module at `url`. */
  importGlue(url: string): Promise<typeof IntlGlue>;
  sleep(ms: number): Promise<void>;
}

/** The worker's own: the glue is imported from the server at run time, unbundled. */
export const browserDeps: IntlLoaderDeps = {
  fetch: (url) => fetch(url),
  importGlue: (url) => import(/* @vite-ignore */ url) as Promise<typeof IntlGlue>,
  sleep: (ms) => new Promise((wake) => setTimeout(wake, ms)),
};

/** `Retry-After` in milliseconds (seconds only; the server sends 5), else the default. */
function retryAfterMs(header: string | null): number {
  const seconds = Number(header?.trim() || Number.NaN);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : DEFAULT_RETRY_MS;
}

/**
 * A file of the Intl module (its wasm, its locale data), once the server has it: while it
 * answers 503 (still building), `onWaiting` is told and the request is made again after `Retry-After`.
 */
export async function fetchWhenBuilt(
  deps: IntlLoaderDeps,
  onWaiting: () => void,
  url: string,
): Promise<Response> {
  for (;;) {
    const response = await deps.fetch(url);
    if (response.status !== 503) return response;
    onWaiting();
    await deps.sleep(retryAfterMs(response.headers.get('Retry-After')));
  }
}

/**
 * Loads and instantiates the Intl module: its wasm first (waiting while it is built: the
 * server builds the glue and the wasm together, so once the wasm is there so is the glue),
 * then the glue, given the wasm's response. Any other failure is `INTL_FAILED_MESSAGE`.
 */
export async function loadIntlModule(
  deps: IntlLoaderDeps,
  onWaiting: () => void,
  files: IntlFiles = SERVER_INTL_FILES,
): Promise<typeof IntlGlue> {
  try {
    const wasm = await fetchWhenBuilt(deps, onWaiting, files.wasm);
    if (!wasm.ok) throw new Error(`${files.wasm}: ${wasm.status}`);
    const glue = await deps.importGlue(files.glue);
    await glue.default({ module_or_path: wasm });
    return glue;
  } catch {
    throw new Error(INTL_FAILED_MESSAGE);
  }
}
