/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { precompress } from './precompress';

// Screens are lazily loaded modules under src/partials/; each is emitted as
// dist/partials/{name}.js so the server can serve it at /partials/{name}.
function chunkFileName(chunk: { facadeModuleId?: string | null }): string {
  return chunk.facadeModuleId?.includes('/src/partials/')
    ? 'partials/[name].js'
    : 'assets/[name]-[hash].js';
}

export default defineConfig({
  plugins: [react(), precompress(fileURLToPath(new URL('../pkg', import.meta.url)))],
  build: {
    target: 'es2022',
    // The engine's .wasm must stay a file: the worker streams and compiles it.
    assetsInlineLimit: (file) => (file.endsWith('.wasm') ? false : undefined),
    rolldownOptions: {
      output: { chunkFileNames: chunkFileName },
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
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
  },
});
