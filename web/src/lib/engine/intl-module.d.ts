// The engine package's Intl module (scripts/build-wasm) is built from the same crate as the
// default module, with the `intl` feature: its API is the default module's, plus the
// functions that give it its locale data. Only its types are imported (intl-loader.ts): the worker loads the module itself from `/pkg/` at run time.
declare module '@calcsmith/engine/calcsmith_engine_intl.js' {
  export * from '@calcsmith/engine';
  export { default } from '@calcsmith/engine';
  /** Its locale data (engine/src/faces/wasm/intl_data.rs; web/src/lib/engine/intl-data.ts). */
  export function addIntlCore(core: Uint8Array, languages: string[]): void;
  export function addIntlData(language: string, blob: Uint8Array): void;
  export function missingIntlData(): string[];
}
