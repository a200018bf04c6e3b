// Runs one calculator doc through the wasm package (in this Node) and through the `calc`
// CLI (target/debug/calc, which evaluates in a `calc worker` child process), for the
// tests that compare the engine's faces with each other and with Node's own V8.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import init, { Engine } from "../../../pkg/calcsmith_engine.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "../../..");

await init({ module_or_path: readFileSync(join(root, "pkg/calcsmith_engine_bg.wasm")) });
const engine = new Engine({ today: "2026-11-25" });

/** The result of `doc` (with `values`) from the wasm engine. */
export function evaluateWasm(doc, values) {
  return engine.evaluate(doc, values);
}

/** The result of `doc` (with `values`) from `calc eval`, parsed from its JSON output. */
export function evaluateCli(doc, values) {
  const dir = mkdtempSync(join(tmpdir(), "calc-faces-"));
  const args = ["eval", join(dir, "doc.json"), "--today", "2026-11-25"];
  writeFileSync(join(dir, "doc.json"), JSON.stringify(doc));
  if (values) {
    writeFileSync(join(dir, "values.json"), JSON.stringify(values));
    args.push("--values", join(dir, "values.json"));
  }
  const output = execFileSync(join(root, "target/debug/calc"), args, { encoding: "utf8", maxBuffer: 1 << 28 });
  return JSON.parse(output);
}

/** Both faces, by name. */
export const FACES = { wasm: evaluateWasm, cli: evaluateCli };

/** A calculator whose script is `script` and whose only output is the text value `out`. */
export function textDoc(script) {
  return {
    script,
    metaInputs: [],
    metaOutputs: [{ id: 1, name: "out", type: "value" }],
  };
}

const view = new DataView(new ArrayBuffer(8));

/** The 16 hex digits of a double's bits (the same in the scripts below). */
export function bitsOf(x) {
  view.setFloat64(0, x);
  return view.getUint32(0).toString(16).padStart(8, "0") + view.getUint32(4).toString(16).padStart(8, "0");
}

/** The double with these 16 hex digits of bits. */
export function fromBits(hex) {
  view.setUint32(0, parseInt(hex.slice(0, 8), 16));
  view.setUint32(4, parseInt(hex.slice(8), 16));
  return view.getFloat64(0);
}

/** The same two helpers as source text, for the scripts. */
export const BITS_HELPERS = `
var view = new DataView(new ArrayBuffer(8));
function bitsOf(x) {
  view.setFloat64(0, x);
  return view.getUint32(0).toString(16).padStart(8, '0') + view.getUint32(4).toString(16).padStart(8, '0');
}
function fromBits(hex) {
  view.setUint32(0, parseInt(hex.slice(0, 8), 16));
  view.setUint32(4, parseInt(hex.slice(8), 16));
  return view.getFloat64(0);
}
`;

/** A seeded generator of doubles in [0, 1), so every run checks the same inputs. */
export function seededRandom(seed) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}
