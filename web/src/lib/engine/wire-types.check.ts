// The engine's answers as the wasm package declares them (the TypeScript section of
// engine/src/faces/wasm.rs) checked against the same Rust types as the server's OpenAPI
// document describes them (`calcsmith openapi` → src/lib/api/schema.d.ts, generated, never
// hand-edited; the Rust types derive utoipa's ToSchema with the engine's `openapi`
// feature). Nothing here runs: `tsc -b` fails when a declaration and its Rust type differ
// in a field, its type, or whether it may be absent or null.
import type {
  ConsoleEntry,
  Difference,
  EvalResult,
  TestOutcome,
  TestReport,
} from '@calcsmith/engine';
import type { components } from '../api/schema';

type Schemas = components['schemas'];

/** `true` when A and B accept exactly the same values. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export const wireTypesAgree: {
  evalResult: Same<EvalResult, Schemas['EvalResult']>;
  consoleEntry: Same<ConsoleEntry, Schemas['ConsoleEntry']>;
  testReport: Same<TestReport, Schemas['TestReport']>;
  testOutcome: Same<TestOutcome, Schemas['TestOutcome']>;
  difference: Same<Difference, Schemas['Difference']>;
} = {
  evalResult: true,
  consoleEntry: true,
  testReport: true,
  testOutcome: true,
  difference: true,
};
