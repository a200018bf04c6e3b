// The engine package's Intl module (scripts/build-wasm) is built from the same crate as the
// default module, with the `intl` feature: its API is the default module's. Only its types
// are imported (intl-loader.ts): the worker loads the module itself from `/pkg/` at run time.
declare module '@calcsmith/engine/calcsmith_engine_intl.js' {
  export * from '@calcsmith/engine';
  export { default } from '@calcsmith/engine';
}
