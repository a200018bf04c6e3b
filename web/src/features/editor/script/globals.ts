// The names a script can use without declaring them. Kept free of CodeMirror: the
// formula helper and the cheatsheet (main chunk) share it with the lazily loaded editor.

/**
 * The globals the engine gives every script — boa's standard built-ins, the engine's
 * `console` (engine/src/host/console.rs) and `Intl` (the browser's worker switches to the
 * Intl module for a script that names it) — plus `arguments`, since the script is a
 * function body. globals.wasm.test.ts holds this list to the engine's
 * `Object.getOwnPropertyNames(globalThis)`. Host objects (`fetch`, `document`, `process`, …)
 * are not here: the engine has none.
 */
export const STANDARD_GLOBALS: readonly string[] = [
  'AggregateError',
  'Array',
  'ArrayBuffer',
  'Atomics',
  'BigInt',
  'BigInt64Array',
  'BigUint64Array',
  'Boolean',
  'DataView',
  'Date',
  'Error',
  'EvalError',
  'FinalizationRegistry',
  'Float32Array',
  'Float64Array',
  'Function',
  'Infinity',
  'Int16Array',
  'Int32Array',
  'Int8Array',
  'Intl',
  'Iterator',
  'JSON',
  'Map',
  'Math',
  'NaN',
  'Number',
  'Object',
  'Promise',
  'Proxy',
  'RangeError',
  'ReferenceError',
  'Reflect',
  'RegExp',
  'Set',
  'SharedArrayBuffer',
  'String',
  'Symbol',
  'SyntaxError',
  'TypeError',
  // boa's own: %TypedArray% as a global (V8 has none). Every face runs boa, so it works.
  'TypedArray',
  'URIError',
  'Uint16Array',
  'Uint32Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'WeakMap',
  'WeakRef',
  'WeakSet',
  'arguments',
  'console',
  'decodeURI',
  'decodeURIComponent',
  'encodeURI',
  'encodeURIComponent',
  'escape',
  'eval',
  'globalThis',
  'isFinite',
  'isNaN',
  'parseFloat',
  'parseInt',
  'undefined',
  'unescape',
];

/** What the script receives: always defined. */
export const INPUTS_GLOBAL = 'inputs';

export type Libraries =
  | {
      lodash?: boolean;
      moment?: boolean;
      mathjs?: boolean;
      formulajs?: boolean;
      decimal?: boolean;
    }
  | undefined;

/** The global each library adds (docs/engine.md: `_`, `moment`, `math`, `formulajs`, `Decimal`). */
export const LIBRARY_GLOBALS = {
  lodash: '_',
  moment: 'moment',
  mathjs: 'math',
  formulajs: 'formulajs',
  decimal: 'Decimal',
} as const;

/** Every name a script may use without declaring it, given the enabled libraries. */
export function predefinedNames(libraries: Libraries): Set<string> {
  const names = new Set<string>(STANDARD_GLOBALS);
  names.add(INPUTS_GLOBAL);
  for (const library of Object.keys(LIBRARY_GLOBALS) as (keyof typeof LIBRARY_GLOBALS)[]) {
    if (libraries?.[library]) names.add(LIBRARY_GLOBALS[library]);
  }
  return names;
}
