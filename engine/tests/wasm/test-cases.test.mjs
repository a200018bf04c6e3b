// The test-case fixtures (engine/tests/test-fixtures/) through the wasm package's runTests
// under Node and through `calc test --json`: both must give exactly the report each fixture
// records (which engine/tests/test_cases.rs holds the engine and a worker process to), and
// the CLI must exit 0 when every test passes, 1 otherwise.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import init, { Engine } from "../../../pkg/calcsmith_engine.js";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../../..");
const fixturesDir = join(here, "../test-fixtures");
const calc = join(root, "target/debug/calc");
const TODAY = "2026-11-25";

await init({
  module_or_path: readFileSync(join(root, "pkg/calcsmith_engine_bg.wasm")),
});

const fixtures = readdirSync(fixturesDir)
  .filter((name) => name.endsWith(".json"))
  .sort()
  .map((name) => ({
    name,
    path: join(fixturesDir, name),
    ...JSON.parse(readFileSync(join(fixturesDir, name), "utf8")),
  }));

const engine = new Engine({ locale: "en", today: TODAY });
for (const lib of ["lodash", "moment", "mathjs", "formulajs", "decimal"]) {
  engine.loadLibrary(
    lib,
    readFileSync(join(root, `pkg/lib/${lib}.js`), "utf8"),
  );
}

test("the test-case fixtures are all there", () => {
  assert.ok(fixtures.length >= 9, `only ${fixtures.length} fixtures`);
});

for (const fixture of fixtures) {
  test(`wasm: ${fixture.name}`, () => {
    assert.deepEqual(engine.runTests(fixture.doc), fixture.expected);
  });
  test(`cli: ${fixture.name}`, () => {
    const run = spawnSync(
      calc,
      [
        "test",
        fixture.path,
        "--json",
        "--today",
        TODAY,
        "--lib-dir",
        join(root, "pkg/lib"),
      ],
      {
        encoding: "utf8",
      },
    );
    assert.deepEqual(JSON.parse(run.stdout), fixture.expected);
    assert.equal(run.status, fixture.expected.failed === 0 ? 0 : 1);
  });
}

test("running tests leaves the next evaluation as it was", () => {
  const doc = fixtures.find((f) => f.name === "tests-pass.json").doc;
  const before = engine.evaluate(doc, {});
  engine.runTests(doc);
  assert.deepEqual(engine.evaluate(structuredClone(doc), {}), before);
});

test("a doc that is not a calculator throws, as evaluate does", () => {
  assert.throws(
    () => engine.runTests({ tests: [{ tolerance: -1 }] }),
    /tolerance must be a number of 0 or more/,
  );
});
