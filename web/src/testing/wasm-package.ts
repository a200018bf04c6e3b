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
