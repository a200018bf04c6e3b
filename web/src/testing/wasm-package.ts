// The repository's engine package (pkg/, built by scripts/build-wasm) as EngineHost takes
// it, for the tests that run the real wasm module under Vitest.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import init, {
  Engine,
  __wbg_reset_state,
  refusedAllocations,
  setShallowRecursion,
  usesIntl,
} from '../../../pkg/calcsmith_engine.js';
import type { EnginePackage } from '../lib/engine/module-engine';
import { intlEnginePackage } from '../lib/engine/engine-package';
import { IntlData } from '../lib/engine/intl-data';
import { SERVER_INTL_FILES } from '../lib/engine/intl-loader';

/** pkg/: Vitest runs in web/. */
export const pkgDir = join(process.cwd(), '..', 'pkg');

/** The default module, loaded from pkg/. */
export const wasmPackage: EnginePackage = {
  init: () => init({ module_or_path: readFileSync(join(pkgDir, 'calcsmith_engine_bg.wasm')) }),
  reset: __wbg_reset_state,
  createEngine: (locale) => new Engine({ locale }),
  refusedAllocations,
  usesIntl,
  setShallowRecursion,
};

/** The server's `/pkg/` files, read from pkg/ (404 for a file that is not there). */
export async function fetchFromPkg(url: string): Promise<Response> {
  try {
    return new Response(readFileSync(join(pkgDir, url.replace(/^\/pkg\//, ''))));
  } catch {
    return new Response('', { status: 404 });
  }
}

/**
 * The Intl module, loaded from pkg/ as the worker loads it (worker-main.ts): with its core
 * locale data and `locale`'s language, the rest fetched as calculations ask.
 */
export async function intlPackage(locale = 'en'): Promise<EnginePackage> {
  const intl = await import('../../../pkg/calcsmith_engine_intl.js');
  await intl.default({
    module_or_path: readFileSync(join(pkgDir, 'calcsmith_engine_intl_bg.wasm')),
  });
  const data = await IntlData.load(fetchFromPkg, SERVER_INTL_FILES.data, [locale]);
  return intlEnginePackage(intl, data);
}
