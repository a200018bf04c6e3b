// The browser's own stack running out before the engine's recursion limit (docs/engine.md,
// "Evaluation"): recursion through getters or a built-in's callbacks nests boa's
// interpreter in Rust, and a worker's stack (Node's main thread has the same ~1 MB) runs
// out first. The package's recovery (pkg/README.md) then gives the CLI's answer.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import init, { Engine, __wbg_reset_state, setShallowRecursion } from "../../../pkg/calcsmith_engine.js";
import { evaluateCli } from "./faces.mjs";

const doc = (script) => ({
  script,
  metaInputs: [],
  metaOutputs: [{ id: 1, name: "x", type: "value" }],
});

const SELF_READING_GETTER = doc(
  "const order = {\n  get total() { return this.total * 1.08; },\n};\nreturn { x: order.total };",
);
const RECURSION_THROUGH_MAP = doc(
  "function depth(n) {\n  return [n].map((m) => depth(m + 1))[0];\n}\nreturn { x: depth(0) };",
);

/** What the package gives, recovering as pkg/README.md says when the stack ran out. */
function evaluateRecovering(calculation) {
  try {
    return { threw: false, result: new Engine({ today: "2026-11-25" }).evaluate(calculation) };
  } catch (error) {
    assert.ok(error instanceof RangeError, `not the stack running out: ${error}`);
    assert.equal(error.message, "Maximum call stack size exceeded");
  }
  __wbg_reset_state();
  setShallowRecursion(true);
  try {
    return { threw: true, result: new Engine({ today: "2026-11-25" }).evaluate(calculation) };
  } finally {
    setShallowRecursion(false);
  }
}

const wasm = readFileSync(new URL("../../../pkg/calcsmith_engine_bg.wasm", import.meta.url));
await init({ module_or_path: wasm });

for (const [name, calculation] of [
  ["a getter that reads itself", SELF_READING_GETTER],
  ["recursion through map's callback", RECURSION_THROUGH_MAP],
]) {
  test(`${name}: run again with the shallower limit, the package answers as the CLI does`, () => {
    const cli = evaluateCli(calculation);
    assert.equal(cli.error, "RangeError: Maximum call stack size exceeded (line 2)");
    const { threw, result } = evaluateRecovering(calculation);
    assert.ok(threw, "the browser-sized stack held the whole recursion: this test no longer tests the recovery");
    assert.deepEqual(result, cli);
  });
}

test("after the recovery the full limit is back: recursion as deep as V8 allows answers", () => {
  evaluateRecovering(SELF_READING_GETTER);
  const deep = doc("function f(n) { return n === 0 ? 0 : 1 + f(n - 1); }\nreturn { x: f(10000) };");
  const result = new Engine({ today: "2026-11-25" }).evaluate(deep);
  assert.equal(result.error, null);
  assert.equal(result.outputs.x, 10000);
});

test("the shallower limit is within what the stack holds for getters", () => {
  // 951 levels of getters (the limit stops them at about 1,000) give their value in wasm.
  const nested = doc(
    "function chain(n) {\n  return n === 0 ? { get v() { return 0; } } : { inner: chain(n - 1), get v() { return this.inner.v + 1; } };\n}\nreturn { x: chain(950).v };",
  );
  __wbg_reset_state();
  setShallowRecursion(true);
  try {
    const result = new Engine({ today: "2026-11-25" }).evaluate(nested);
    assert.equal(result.error, null);
    assert.equal(result.outputs.x, 950);
  } finally {
    setShallowRecursion(false);
  }
});

// The package's own entry (pkg/index.js, recovering.js) recovers by itself: its `evaluate`
// never throws for an author's script.
const packaged = await import("../../../pkg/index.js");

for (const [name, calculation] of [
  ["a getter that reads itself", SELF_READING_GETTER],
  ["recursion through map's callback", RECURSION_THROUGH_MAP],
]) {
  test(`${name}: the package's evaluate answers as the CLI does, without throwing`, () => {
    const result = new packaged.Engine({ today: "2026-11-25" }).evaluate(calculation);
    assert.deepEqual(result, evaluateCli(calculation));
  });
}

test("an engine made before the recovery keeps its options and libraries", () => {
  const before = new packaged.Engine({ today: "2026-11-25", locale: "ru" });
  before.loadLibrary("lodash", readFileSync(new URL("../../../pkg/lib/lodash.js", import.meta.url), "utf8"));
  const summing = {
    script: "return { x: _.sum([1000.5, 234]) };",
    libraries: { lodash: true },
    metaInputs: [],
    metaOutputs: [{ id: 1, name: "x", type: "value", decimalPlaces: 1 }],
  };
  const first = before.evaluate(summing);
  assert.equal(first.error, null);
  // Russian grouping and comma, and lodash: the options and the library are in use.
  assert.match(first.display.x, /^1\s234,5$/u);

  assert.match(new packaged.Engine({}).evaluate(SELF_READING_GETTER).error, /\(line 2\)$/);
  assert.deepEqual(before.evaluate(summing), first);
  // The full limit is back after the recovery.
  const deep = doc("function f(n) { return n === 0 ? 0 : 1 + f(n - 1); }\nreturn { x: f(10000) };");
  assert.equal(before.evaluate(deep).outputs.x, 10000);
});

test("the Intl module's entry gives a new instance its locale data again", async () => {
  const intl = await import("../../../pkg/intl.js");
  const { installIntlData } = await import("./intl-data.mjs");
  await intl.default({ module_or_path: readFileSync(new URL("../../../pkg/calcsmith_engine_intl_bg.wasm", import.meta.url)) });
  installIntlData(intl, ["de"]);
  const engine = new intl.Engine({});
  const german = doc("return { x: (1234.5).toLocaleString('de-DE') };");
  assert.equal(engine.evaluate(german).outputs.x, "1.234,5");

  assert.match(engine.evaluate(SELF_READING_GETTER).error, /\(line 2\)$/);
  assert.equal(engine.evaluate(german).outputs.x, "1.234,5");
  // A reset by hand (after a trap) gives the new instance its data and the engine again.
  intl.__wbg_reset_state();
  assert.equal(engine.evaluate(german).outputs.x, "1.234,5");
  assert.deepEqual(intl.missingIntlData(), []);
});
