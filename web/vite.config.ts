/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build as viteBuild, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './precompress';

// Screens are lazily loaded modules under src/partials/; each is emitted as
// dist/partials/{name}.js so the server can serve it at /partials/{name}.
function chunkFileName(chunk: { facadeModuleId?: string | null }): string {
  return chunk.facadeModuleId?.includes('/src/partials/')
    ? 'partials/[name].js'
    : 'assets/[name]-[hash].js';
}

/**
 * Writes partials/preload.json: for each screen, its module and the modules it imports
 * that the entry does not (the entry's own are already modulepreloaded by index.html).
 * The server names them in a page's HTML (`<link rel="modulepreload">`), so the browser
 * fetches the screen beside the entry bundle rather than after the entry has run.
 *
 * It runs once the files are written and lists only files on disk: a chunk that held
 * nothing but CSS is dropped from the build after its importers were made, while their
 * `imports` still name it (every account screen once named a missing `account-*.js`).
 */
function partialPreloads(): Plugin {
  return {
    name: 'calcsmith-partial-preloads',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const written = (fileName: string) =>
        fileName in bundle && existsSync(join(outDir, fileName));
      const chunks = new Map<string, string[]>();
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') chunks.set(file.fileName, file.imports);
      }
      const withImports = (fileName: string, seen = new Set<string>()): Set<string> => {
        if (!seen.has(fileName)) {
          seen.add(fileName);
          for (const imported of chunks.get(fileName) ?? []) withImports(imported, seen);
        }
        return seen;
      };
      const inEntry = new Set<string>();
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk' && file.isEntry) withImports(file.fileName, inEntry);
      }
      const preloads: Record<string, string[]> = {};
      for (const fileName of chunks.keys()) {
        const screen = /^partials\/(.+)\.js$/.exec(fileName)?.[1];
        if (!screen) continue;
        preloads[screen] = [...withImports(fileName)]
          .filter((file) => !inEntry.has(file) && written(file))
          .map((file) => `/${file}`);
      }
      writeFileSync(
        join(outDir, 'partials/preload.json'),
        `${JSON.stringify(preloads, null, 2)}\n`,
      );
    },
  };
}

/** The entry that starts a published page's worker early (src/lib/engine/engine-start.ts). */
const ENGINE_START = 'engine-start';

/**
 * Writes engine.json: the URLs of the early start script and of the engine's wasm module
 * (its name has a hash), which the server names in a published page's HTML so the browser
 * starts on them at once (server/src/routes/pages/engine_start.rs). It lists only files on
 * disk; the wasm is the worker's, written by the worker's own build, so it is found there.
 */
function engineFiles(): Plugin {
  return {
    name: 'calcsmith-engine-files',
    apply: 'build',
    writeBundle(options) {
      const outDir = options.dir ?? 'dist';
      const start = `js/${ENGINE_START}.js`;
      const assets = existsSync(join(outDir, 'assets')) ? readdirSync(join(outDir, 'assets')) : [];
      const wasm = assets.filter((file) => /^calcsmith_engine_bg-[\w-]+\.wasm$/.test(file));
      const files = {
        start: existsSync(join(outDir, start)) ? `/${start}` : null,
        wasm: wasm.length === 1 ? `/assets/${wasm[0]}` : null,
      };
      writeFileSync(join(outDir, 'engine.json'), `${JSON.stringify(files, null, 2)}\n`);
    },
  };
}

/**
 * Builds dist/embed.js, the host pages' one-line embed (src/lib/embed-host/embed.ts), which
 * the server serves at `/embed.js`: a classic script (other sites load it with a plain
 * `<script src async>`, and it reads `document.currentScript`), so a bundle of its own with
 * nothing shared with the app's modules. Its types, public/embed.d.ts, are copied as they are.
 */
function embedScript(): Plugin {
  let root = '.';
  let outDir = 'dist';
  return {
    name: 'calcsmith-embed-script',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      await viteBuild({
        configFile: false,
        root,
        logLevel: 'warn',
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          target: 'es2020',
          lib: {
            entry: fileURLToPath(new URL('src/lib/embed-host/embed.ts', import.meta.url)),
            formats: ['iife'],
            name: 'CalcsmithEmbed',
            fileName: () => 'embed.js',
          },
        },
      });
    },
  };
}

/** A file the server serves (not part of the build) for the precache, with its revision. */
function serverFile(url: string) {
  const bytes = readFileSync(new URL(`../server/static${url}`, import.meta.url));
  return { url, revision: createHash('sha256').update(bytes).digest('hex').slice(0, 16) };
}

export default defineConfig({
  plugins: [
    react(),
    partialPreloads(),
    engineFiles(),
    embedScript(),
    // The service worker (src/sw.ts → dist/sw.js), for published calculators that work
    // offline. The page registers it itself (lib/offline/service-worker.ts), on
    // `/calc/{id}` only; the dev server has none.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      devOptions: { enabled: false },
      injectManifest: {
        // What a published calculator needs, saved when the worker installs.
        globPatterns: [
          'index.html',
          'assets/**/*.{js,css,wasm}',
          'partials/*.js',
          'js/*.js',
          'icons/*.png',
          'manifest.webmanifest',
        ],
        // The engine's wasm is a few MB.
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        additionalManifestEntries: [
          serverFile('/img/icons/logo.svg'),
          serverFile('/img/icons/menu.svg'),
        ],
      },
    }),
    // Last, so that it also compresses what the plugins above wrote.
    precompress(fileURLToPath(new URL('../pkg', import.meta.url))),
  ],
  build: {
    target: 'es2022',
    // The engine's .wasm must stay a file: the worker streams and compiles it.
    assetsInlineLimit: (file) => (file.endsWith('.wasm') ? false : undefined),
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        [ENGINE_START]: fileURLToPath(new URL('src/lib/engine/engine-start.ts', import.meta.url)),
      },
      output: {
        chunkFileNames: chunkFileName,
        // The early start script at a fixed URL (the server names it in the HTML).
        entryFileNames: (chunk) =>
          chunk.name === ENGINE_START ? `js/${ENGINE_START}.js` : 'assets/[name]-[hash].js',
      },
    },
  },
  worker: {
    format: 'es',
    rolldownOptions: { output: { entryFileNames: 'js/[name].js' } },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/js/lib': 'http://127.0.0.1:8080',
      '/txt': 'http://127.0.0.1:8080',
      '/img': 'http://127.0.0.1:8080',
      // The engine's Intl module, loaded by the worker at run time (intl-loader.ts).
      '/pkg': 'http://127.0.0.1:8080',
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
  },
});
