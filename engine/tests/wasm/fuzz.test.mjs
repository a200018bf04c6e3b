// The callback fuzz of engine/tests/fuzz_callbacks.rs through the wasm package: the same
// pieces (tests/fuzz/callbacks.json), the same xorshift32 seeds, fewer scripts. In wasm a
// panic is a trap that `evaluate` throws and that leaves the instance unusable, so
// every script must come back as data and the engine must still answer a plain
// calculation. The first few scripts also go through the `calc` CLI, which must answer
// exactly alike.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import init, { Engine, __wbg_reset_state } from "../../../pkg/calcsmith_engine.js";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../../..");
const pieces = JSON.parse(readFileSync(join(here, "../fuzz/callbacks.json"), "utf8"));
const calc = join(root, "target/debug/calc");

const SCRIPTS = 40;
const ATTEMPTS = 6;
const COMPARED_WITH_CLI = 8;
const CRASH_MESSAGE = "Calculation stopped unexpectedly.";
const LIMIT_MESSAGES = [
  "Calculation did not finish after 5 seconds. Is there an infinite loop?",
  "Calculation used more than 256 MB of memory. Is there a loop that never ends?",
];

await init({ module_or_path: readFileSync(join(root, "pkg/calcsmith_engine_bg.wasm")) });

/** xorshift32, as in fuzz_callbacks.rs. */
function rng(seed) {
  let state = seed >>> 0;
  const next = () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
  return (items) => items[next() % items.length];
}

/** The script for `seed`, character for character the one fuzz_callbacks.rs makes. */
function script(seed) {
  const pick = rng(seed);
  let text =
    "'use strict';\n" +
    `var seed = ${seed};\n` +
    "function rnd() { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return seed / 4294967296; }\n" +
    "var TA = Object.getPrototypeOf(Int8Array.prototype);\n" +
    "var log = [];\n" +
    "function show(v) { try { if (typeof v === 'symbol') return 'symbol'; if (v === null || typeof v !== 'object' && typeof v !== 'function') return String(v).slice(0, 12); return Array.isArray(v) ? 'array' : 'object'; } catch (e) { return 'unshowable'; } }\n" +
    "function attempt(run) { try { log.push(show(run())); } catch (e) { log.push('threw ' + show(e && e.name)); } }\n";
  for (let i = 0; i < ATTEMPTS; i++) {
    const array = pick(pieces.arrays);
    const callback = pick(pieces.callbacks);
    const call = pick(pieces.calls);
    text += `attempt(function () { var arr = ${array}; var cb = ${callback}; return ${call}; });\n`;
  }
  return text + "return { tries: log.length, log: log.join(' ') };\n";
}

const doc = (source) => ({
  script: source,
  metaInputs: [],
  metaOutputs: [
    { id: 1, name: "tries", type: "value" },
    { id: 2, name: "log", type: "value" },
  ],
});

const plain = {
  script: "return { sum: inputs.a + 1 };",
  metaInputs: [{ id: 1, name: "a", type: "number" }],
  metaOutputs: [{ id: 1, name: "sum", type: "value" }],
};

function viaCli(calcDoc) {
  const dir = mkdtempSync(join(tmpdir(), "calc-fuzz-"));
  const path = join(dir, "doc.json");
  writeFileSync(path, JSON.stringify(calcDoc));
  return JSON.parse(execFileSync(calc, ["eval", path, "--today", "2026-11-25"], { encoding: "utf8" }));
}

const seeds = Array.from({ length: SCRIPTS }, (_, n) => Math.imul(n + 1, 2654435761) >>> 0);

// Recursion through a built-in's callback nests the interpreter in native frames, which
// in wasm live on the host's own stack (about 1 MB in V8): deep enough, V8 throws its
// RangeError out of the module, and the host makes a new instance — as the web worker
// does (web/src/lib/engine/engine-host.ts), which answers it as V8 words it. Any other
// throw is a failure.
const outOfHostStack = (error) => error instanceof RangeError && /call stack/.test(error.message);

test("callbacks that misbehave come back as data and leave the engine working", () => {
  let engine = new Engine({ today: "2026-11-25" });
  for (const [index, seed] of seeds.entries()) {
    const calcDoc = doc(script(seed));
    let result;
    try {
      result = engine.evaluate(calcDoc);
    } catch (error) {
      assert.ok(outOfHostStack(error), `seed ${seed} trapped (${error}):\n${calcDoc.script}`);
      __wbg_reset_state();
      engine = new Engine({ today: "2026-11-25" });
      assert.equal(engine.evaluate(plain, { 1: seed % 1000 }).outputs.sum, (seed % 1000) + 1, `seed ${seed}`);
      continue;
    }
    assert.notEqual(result.error, CRASH_MESSAGE, `seed ${seed}`);
    if (result.error === null) {
      assert.equal(result.outputs.tries, ATTEMPTS, `seed ${seed}`);
    } else {
      assert.ok(result.error.length > 0, `seed ${seed}`);
    }
    assert.equal(engine.evaluate(plain, { 1: seed % 1000 }).outputs.sum, (seed % 1000) + 1, `seed ${seed}`);
    if (index < COMPARED_WITH_CLI && !LIMIT_MESSAGES.includes(result.error)) {
      assert.deepEqual(viaCli(calcDoc), result, `seed ${seed}: the CLI answers otherwise`);
    }
  }
});
