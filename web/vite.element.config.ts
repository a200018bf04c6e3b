// The build of @calcsmith/element (element/README.md): `npx vite build -c vite.element.config.ts`
// writes ../element/dist/. The same calculator components as the app, with react and react-dom
// aliased to preact/compat in this build only (one renderer's code, a fifth of React's size),
// two entries — the element and its worker — and beside them the engine package's files as
// @calcsmith/engine has them (the glue and wasm, the libraries, the Intl module and its
// locale data), so the
// folder works from any static host with no Calcsmith server.
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const at = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const PKG = at('../pkg');
const OUT = at('../element/dist');

/** The engine package's files the worker loads at run time, copied as they are. */
const ENGINE_FILES = [
  'calcsmith_engine.js',
  'calcsmith_engine_bg.wasm',
  'calcsmith_engine_intl.js',
  'calcsmith_engine_intl_bg.wasm',
];

/**
 * Copies the engine's files into the package, and drops the CSS files the build emits for
 * the components' `import '….css'`: the element has the same CSS inlined (element-style.ts).
 */
function packageFiles(): Plugin {
  return {
    name: 'calcsmith-element-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const name of Object.keys(bundle)) if (name.endsWith('.css')) delete bundle[name];
    },
    writeBundle() {
      for (const file of ENGINE_FILES) {
        if (!existsSync(join(PKG, file))) {
          // The Intl module is optional (scripts/build-wasm --only=default skips it).
          if (file.includes('_intl')) continue;
          throw new Error(`pkg/${file} is missing: run scripts/build-wasm first`);
        }
        copyFileSync(join(PKG, file), join(OUT, file));
      }
      mkdirSync(join(OUT, 'lib'), { recursive: true });
      for (const file of readdirSync(join(PKG, 'lib'))) {
        if (file.endsWith('.js')) copyFileSync(join(PKG, 'lib', file), join(OUT, 'lib', file));
      }
      // The Intl module's locale data, beside it (when it is built).
      if (existsSync(join(PKG, 'intl'))) {
        mkdirSync(join(OUT, 'intl'), { recursive: true });
        for (const file of readdirSync(join(PKG, 'intl'))) {
          if (/\.(postcard|json)$/.test(file))
            copyFileSync(join(PKG, 'intl', file), join(OUT, 'intl', file));
        }
      }
    },
  };
}

/**
 * Each element starts its own worker: the app's page worker, and the second copy of the
 * engine Vite would bundle for its `new Worker(new URL(…))`, are left out by resolving
 * lib/engine/worker-factory.ts to src/element/page-worker-factory.ts.
 */
function noPageWorker(): Plugin {
  const real = at('src/lib/engine/worker-factory.ts');
  const stand = at('src/element/page-worker-factory.ts');
  return {
    name: 'calcsmith-element-no-page-worker',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || importer === stand || !source.endsWith('/worker-factory')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === real ? stand : null;
    },
  };
}

const preact = (find: string, replacement: string) => ({
  find: new RegExp(`^${find}$`),
  replacement,
});

export default defineConfig({
  plugins: [noPageWorker(), react(), packageFiles()],
  base: './',
  publicDir: false,
  resolve: {
    alias: [
      preact('react', 'preact/compat'),
      preact('react-dom', 'preact/compat'),
      preact('react-dom/client', 'preact/compat/client'),
      preact('react/jsx-runtime', 'preact/jsx-runtime'),
      preact('react/jsx-dev-runtime', 'preact/jsx-runtime'),
    ],
  },
  build: {
    outDir: OUT,
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      input: {
        'calcsmith-element': at('src/element/index.ts'),
        worker: at('src/element/engine-worker.ts'),
      },
      preserveEntrySignatures: 'exports-only',
      // The engine's glue stays its own file beside the worker, as the engine package has it.
      external: ['@calcsmith/engine/calcsmith_engine.js'],
      output: {
        paths: { '@calcsmith/engine/calcsmith_engine.js': './calcsmith_engine.js' },
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
});
