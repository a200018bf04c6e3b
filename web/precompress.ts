// A Vite plugin for `vite build`: every file of the build a browser fetches (scripts,
// styles, the engine's wasm modules) gets a brotli (.br) and a gzip (.gz) copy beside it,
// which the server sends to browsers that accept them (server/src/routes/pages/assets.rs). The
// engine's modules reuse the copies scripts/build-wasm made in pkg/, where the default
// module's gzip file is zopfli's: the smallest gzip, which keeps it under 1.3 MB.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** What is worth compressing; index.html is not served as a file (the server fills it in). */
const COMPRESSIBLE = /\.(js|mjs|css|wasm|svg|json|webmanifest|txt)$/;
/** Below this a compressed copy saves less than a round trip's headers. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

function brotli(bytes: Buffer): Buffer {
  return brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/** pkg/'s compressed copies of a wasm module with exactly these bytes, if it made them. */
function packageCopies(pkgDir: string, bytes: Buffer): { gz: Buffer; br: Buffer } | null {
  if (!existsSync(pkgDir)) return null;
  for (const name of readdirSync(pkgDir)) {
    if (!name.endsWith('.wasm')) continue;
    const path = join(pkgDir, name);
    if (!existsSync(`${path}.gz`) || !existsSync(`${path}.br`)) continue;
    if (statSync(path).size !== bytes.length || !readFileSync(path).equals(bytes)) continue;
    return { gz: readFileSync(`${path}.gz`), br: readFileSync(`${path}.br`) };
  }
  return null;
}

export function precompress(pkgDir: string): Plugin {
  let outDir = 'dist';
  return {
    name: 'calcsmith-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const bytes = readFileSync(file);
        if (bytes.length < MIN_BYTES) continue;
        const made = file.endsWith('.wasm') ? packageCopies(pkgDir, bytes) : null;
        writeFileSync(`${file}.gz`, made?.gz ?? gzipSync(bytes, { level: 9 }));
        writeFileSync(`${file}.br`, made?.br ?? brotli(bytes));
      }
    },
  };
}
