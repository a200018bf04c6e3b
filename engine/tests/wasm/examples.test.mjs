// The welcome page's example calculators (web/src/features/welcome/examples/, calculator
// files as the editor exports them, one per example and language) through the wasm
// package: each evaluates without an error in its language, the result has every output
// the doc declares, and its stored tests (if any) pass. So an example cannot break unseen.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import init, { Engine } from "../../../pkg/calcsmith_engine.js";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../../..");
const examplesDir = join(root, "web/src/features/welcome/examples");
const TODAY = "2026-11-25";

await init({
  module_or_path: readFileSync(join(root, "pkg/calcsmith_engine_bg.wasm")),
});

const examples = readdirSync(examplesDir)
  .filter((name) => name.endsWith(".json"))
  .sort()
  .map((name) => ({
    name,
    // `loan.en.json` is in English.
    locale: name.split(".").at(-2),
    ...JSON.parse(readFileSync(join(examplesDir, name), "utf8")),
  }));

test("the examples are all there, in both languages", () => {
  assert.ok(examples.length >= 8, `only ${examples.length} examples`);
  for (const { name, locale } of examples) {
    assert.ok(["en", "ru"].includes(locale), `${name}: no language in its name`);
  }
});

for (const example of examples) {
  test(`${example.name} evaluates with every declared output`, () => {
    const engine = new Engine({ locale: example.locale, today: TODAY });
    try {
      const result = engine.evaluate(example.doc);
      assert.equal(result.error, null);
      for (const output of example.doc.metaOutputs ?? []) {
        assert.ok(
          Object.hasOwn(result.display ?? {}, output.name),
          `no output ${JSON.stringify(output.name)}`,
        );
      }
      if (example.doc.tests?.length) {
        const report = engine.runTests(example.doc);
        assert.equal(report.failed, 0, JSON.stringify(report.tests));
      }
    } finally {
      engine.free();
    }
  });
}
