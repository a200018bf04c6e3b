// The fixture corpus through the wasm package under Node, and through the `calc` CLI:
// both must give exactly the expected result recorded in each fixture (which the native
// Rust test checks too), so browser, server and CLI answer alike.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import init, { Engine, newInput, newOutput, defaultValue } from "../../../pkg/calcsmith_engine.js";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../../..");
const fixturesDir = join(here, "../fixtures");
const calc = join(root, "target/debug/calc");
const FIXTURE_TODAY = "2026-11-25";

await init({ module_or_path: readFileSync(join(root, "pkg/calcsmith_engine_bg.wasm")) });

const fixtures = readdirSync(fixturesDir)
  .filter((name) => name.endsWith(".json"))
  .sort()
  .map((name) => ({ name, ...JSON.parse(readFileSync(join(fixturesDir, name), "utf8")) }));

const libraries = Object.fromEntries(
  ["lodash", "moment", "mathjs", "formulajs", "decimal"].map((lib) => [lib, readFileSync(join(root, `pkg/lib/${lib}.js`), "utf8")]),
);

// One warm engine for the whole corpus, as in a browser tab.
const engine = new Engine();
for (const [name, source] of Object.entries(libraries)) engine.loadLibrary(name, source);

function runCli(fixture) {
  const dir = mkdtempSync(join(tmpdir(), "calc-fixture-"));
  const docPath = join(dir, "doc.json");
  writeFileSync(docPath, JSON.stringify(fixture.doc));
  const args = ["eval", docPath, "--locale", fixture.locale ?? "en", "--today", fixture.today ?? FIXTURE_TODAY];
  if (fixture.values) {
    writeFileSync(join(dir, "values.json"), JSON.stringify(fixture.values));
    args.push("--values", join(dir, "values.json"));
  }
  return JSON.parse(execFileSync(calc, [...args, "--lib-dir", join(root, "pkg/lib")], { encoding: "utf8" }));
}

test("the corpus is all there", () => {
  assert.ok(fixtures.length >= 40, `only ${fixtures.length} fixtures`);
});

for (const fixture of fixtures) {
  test(`wasm: ${fixture.name}`, () => {
    engine.setOptions({ locale: fixture.locale ?? "en", today: fixture.today ?? FIXTURE_TODAY });
    const result = engine.evaluate(fixture.doc, fixture.values);
    assert.deepEqual(result, fixture.expected);
  });
  test(`cli: ${fixture.name}`, () => {
    assert.deepEqual(runCli(fixture), fixture.expected);
  });
}

// The engine keeps the last few parsed scripts and the last doc's translation: run each
// fixture twice more on the warm engine (the second run is served from both caches) and
// expect the same answer. Fixtures that hit the time or memory limit take seconds and
// are left out.
const LIMIT_MESSAGES = [
  "Calculation did not finish after 5 seconds. Is there an infinite loop?",
  "Calculation used more than 256 MB of memory. Is there a loop that never ends?",
];
test("every fixture again, from the script and doc caches", () => {
  for (const fixture of fixtures.filter((f) => !LIMIT_MESSAGES.includes(f.expected.error))) {
    engine.setOptions({ locale: fixture.locale ?? "en", today: fixture.today ?? FIXTURE_TODAY });
    engine.evaluate(fixture.doc, fixture.values);
    const copy = structuredClone(fixture.doc); // a new object with the same content, as a worker receives it
    assert.deepEqual(engine.evaluate(copy, fixture.values), fixture.expected, fixture.name);
  }
});

test("a doc changed in place or as a copy is translated again", () => {
  engine.setOptions({ locale: "en", today: FIXTURE_TODAY });
  const doc = {
    script: "return { sum: inputs.a + inputs.b };",
    metaInputs: [
      { id: 1, name: "a", type: "number" },
      { id: 2, name: "b", type: "number" },
    ],
    metaOutputs: [{ id: 1, name: "sum", type: "value" }],
    defaults: { 1: 1, 2: 2 },
  };
  const sum = (d, values) => engine.evaluate(d, values).outputs.sum;
  assert.equal(sum(doc), 3);
  assert.equal(sum(doc, { 1: 10 }), 12);
  doc.defaults[2] = 5; // the same object, mutated
  assert.equal(sum(doc), 6);
  doc.script = "return { sum: inputs.a * inputs.b };";
  assert.equal(sum(doc), 5);
  assert.equal(sum({ ...doc, metaOutputs: [{ id: 1, name: "sum", type: "value", decimalPlaces: 1 }] }, { 1: 3 }), 15);
  assert.equal(engine.evaluate({ ...doc, metaOutputs: [] }).error, 'The outputs object or a table row object has unrecognized key "sum".');
  assert.equal(sum(doc, { 1: 2 }), 10);
});

test("values are read as JSON data: undefined is null, integers stay integers", () => {
  engine.setOptions({ locale: "en", today: FIXTURE_TODAY });
  const doc = {
    script: "return { text: inputs.s, number: inputs.n };",
    metaInputs: [
      { id: 1, name: "s", type: "string" },
      { id: 2, name: "n", type: "number" },
    ],
    metaOutputs: [
      { id: 1, name: "text", type: "value" },
      { id: 2, name: "number", type: "value" },
    ],
    defaults: { 1: "default", 2: 7 },
  };
  assert.deepEqual(engine.evaluate(doc).outputs, { text: "default", number: 7 });
  assert.deepEqual(engine.evaluate(doc, { 1: 5, 2: undefined }).outputs, { text: "5", number: null });
  assert.deepEqual(engine.evaluate(doc, { 1: 2.5, 2: null }).outputs, { text: "2.5", number: null });
  assert.deepEqual(engine.evaluate(doc, { 1: true, 2: 1e21 }).outputs, { text: "true", number: 1e21 });
  assert.throws(() => engine.evaluate(doc, { 1: () => 1 }), /values: function is not JSON data/);
});

test("results are plain objects, not Maps", () => {
  engine.setOptions({ today: FIXTURE_TODAY });
  const result = engine.evaluate(fixtures.find((f) => f.name === "list-to-table.json").doc);
  assert.equal(Object.getPrototypeOf(result), Object.prototype);
  assert.equal(Object.getPrototypeOf(result.display), Object.prototype);
  assert.equal(JSON.stringify(JSON.parse(JSON.stringify(result))), JSON.stringify(result));
});

test("the engine works after a time-out", () => {
  const looping = fixtures.find((f) => f.name === "hostile-loop-in-foreach.json");
  const plain = fixtures.find((f) => f.name === "number-currency-en.json");
  engine.setOptions({ today: FIXTURE_TODAY });
  assert.equal(engine.evaluate(looping.doc).error, looping.expected.error);
  assert.deepEqual(engine.evaluate(plain.doc, plain.values), plain.expected);
});

test("host faults throw; calculator faults do not", () => {
  assert.throws(() => engine.evaluate({ metaInputs: "nope" }), /doc is not a calculator/);
  assert.throws(() => engine.loadLibrary("jquery", ""), /unknown library "jquery"/);
  assert.throws(() => new Engine({ locale: "fr" }), /unknown locale "fr"/);
  assert.equal(engine.evaluate({ script: "return 1;" }).error, "Outputs and table rows must be objects.");
});

test("editor helpers follow the spec's id, name and default rules", () => {
  const existing = [{ id: 4, name: "a", type: "number" }, { id: 2, name: "c", type: "number" }];
  const input = newInput(existing, "choice", false);
  assert.equal(input.id, 5);
  assert.equal(input.name, "b");
  assert.equal(input.presentationType, "radio");
  assert.throws(() => newInput([], "list", true), /Lists cannot be nested within lists\./);
  assert.deepEqual(defaultValue("date"), { type: "relative", params: { delta: 0, units: "days" } });
  assert.equal(defaultValue("binary"), false);
  assert.deepEqual(newOutput([], "table").metaOutputs, []);
});
