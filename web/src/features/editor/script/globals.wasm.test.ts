// The linter's globals (globals.ts) held to the real engine package (pkg/, built by
// scripts/build-wasm): the names a script finds on its global object must be exactly the
// names the linter knows, so the editor never flags `console.log` and never lets `fetch`
// pass. Run in the Intl module, which the worker uses for a script that names `Intl`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import init, { Engine, addIntlCore } from '../../../../../pkg/calcsmith_engine_intl.js';
import { INPUTS_GLOBAL, LIBRARY_GLOBALS, STANDARD_GLOBALS } from './globals';

const pkgDir = join(process.cwd(), '..', 'pkg');

it("knows exactly the engine's globals, the libraries' when they are on", async () => {
  await init({ module_or_path: readFileSync(join(pkgDir, 'calcsmith_engine_intl_bg.wasm')) });
  // Its locale data, as the worker gives it before the first engine (intl-data.ts).
  const parts = JSON.parse(readFileSync(join(pkgDir, 'intl', 'parts.json'), 'utf8'));
  addIntlCore(readFileSync(join(pkgDir, 'intl', 'core.postcard')), parts);
  const engine = new Engine({ locale: 'en' });
  for (const name of ['lodash', 'moment', 'mathjs', 'formulajs', 'decimal'] as const) {
    engine.loadLibrary(name, readFileSync(join(pkgDir, 'lib', `${name}.js`), 'utf8'));
  }
  const names = (libraries: Record<string, boolean>) => {
    const result = engine.evaluate(
      {
        // `Intl` named so the test matches what the worker runs such a script in.
        script: "void Intl; return { names: Object.getOwnPropertyNames(globalThis).join(' ') };",
        libraries,
        metaOutputs: [{ id: 1, name: 'names', type: 'value' }],
      },
      {},
    );
    expect(result.error).toBeNull();
    return String(result.outputs?.names).split(' ').sort();
  };
  // `arguments` is the script function's own, not the global object's.
  const standard = STANDARD_GLOBALS.filter((name) => name !== 'arguments').sort();
  expect(names({})).toEqual(standard);
  expect(
    names({ lodash: true, moment: true, mathjs: true, formulajs: true, decimal: true }),
  ).toEqual([...standard, ...Object.values(LIBRARY_GLOBALS)].sort());
  // `inputs` is the script function's parameter.
  expect(
    engine.evaluate(
      {
        script: 'return { kind: typeof inputs };',
        metaOutputs: [{ id: 1, name: 'kind', type: 'value' }],
      },
      {},
    ).outputs,
  ).toEqual({ kind: 'object' });
  expect(INPUTS_GLOBAL).toBe('inputs');
}, 60_000);
