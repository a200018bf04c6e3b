// What a published calculator's page asks the service worker to keep for offline use.
import { INTL_GLUE_URL, INTL_WASM_URL, SERVER_INTL_FILES } from '../engine/intl-loader';
import { LIBRARIES } from '../engine/protocol';
import type { CalcDoc } from '../types';
import { keepFilesOffline } from './service-worker';

/** The library files a calculator loads (`/js/lib/{name}.js`, as the worker fetches them). */
export function libraryUrls(doc: CalcDoc): string[] {
  return LIBRARIES.filter((name) => doc.libraries?.[name]).map((name) => `/js/lib/${name}.js`);
}

/**
 * Registers the service worker and has it keep the libraries `doc` uses. Nothing is
 * waited for: a page without a service worker works as before, only not offline.
 */
export function keepCalculatorOffline(doc: CalcDoc): void {
  keepFilesOffline(libraryUrls(doc)).catch(() => {});
}

/**
 * Has the service worker keep the engine's Intl module, which the page's worker loaded,
 * with its core locale data and the languages of the app (a calculator's other languages
 * are kept as the worker fetches them): on a first visit the worker loaded them before
 * the service worker was there to see it.
 */
export function keepIntlModuleOffline(): void {
  const data = ['parts.json', 'core.postcard', 'en.postcard', 'ru.postcard'].map(
    (file) => `${SERVER_INTL_FILES.data}${file}`,
  );
  keepFilesOffline([INTL_GLUE_URL, INTL_WASM_URL, ...data]).catch(() => {});
}
