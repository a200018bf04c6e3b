// The V8 differential corpus through the wasm package and the `calc` CLI: every case in
// cases/ must give exactly what V8 gives (reference.mjs). A case marked
// `knownDifference` must still give the same answer on both faces, and must still
// differ from V8: once the engine is fixed the mark has to go. (engine/tests/v8.rs holds
// the native engine to the same rules.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

import init, { Engine } from "../../../pkg/calcsmith_engine.js";
import { DEFAULT_TODAY, canonical, readCase } from "./reference.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../../..");
const casesDir = join(here, "cases");
const calc = join(root, "target/debug/calc");
const libDir = join(root, "pkg/lib");

const paths = readdirSync(casesDir)
  .filter((name) => name.endsWith(".json"))
  .sort()
  .map((name) => join(casesDir, name));
const cases = paths.map(readCase);

// V8's answers come from a process of their own: the reference listens to V8's debugger
// (to find where a string was thrown), which must not slow down the wasm engine here.
const expected = JSON.parse(
  execFileSync(process.execPath, [join(here, "reference.mjs"), ...paths], {
    encoding: "utf8",
    env: { ...process.env, TZ: "UTC" },
    maxBuffer: 64 << 20,
  }),
);

await init({ module_or_path: readFileSync(join(root, "pkg/calcsmith_engine_bg.wasm")) });
// One warm engine for the whole corpus, as in a browser tab.
const engine = new Engine();
for (const library of ["lodash", "moment", "mathjs"]) {
  engine.loadLibrary(library, readFileSync(join(libDir, `${library}.js`), "utf8"));
}

function runWasm(c) {
  engine.setOptions({ locale: c.locale ?? "en", today: c.today ?? DEFAULT_TODAY });
  return engine.evaluate(c.doc, c.values);
}

const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), "calc-v8-"));
async function runCli(c) {
  const doc = join(scratch, `${c.name}.doc.json`);
  const values = join(scratch, `${c.name}.values.json`);
  writeFileSync(doc, JSON.stringify(c.doc));
  writeFileSync(values, JSON.stringify(c.values ?? {}));
  const args = ["eval", doc, "--values", values, "--locale", c.locale ?? "en", "--today", c.today ?? DEFAULT_TODAY];
  const { stdout } = await run(calc, [...args, "--lib-dir", libDir], { encoding: "utf8" });
  return JSON.parse(stdout);
}

// The CLI starts a worker process per case: run them two at a time, all up front.
const cliResults = new Map();
const queue = [...cases];
await Promise.all(
  [0, 1].map(async () => {
    for (let c = queue.shift(); c; c = queue.shift()) cliResults.set(c.name, await runCli(c));
  }),
);

test("the corpus is all there, each case with its V8 result", () => {
  assert.ok(cases.length >= 80, `only ${cases.length} cases`);
  for (const c of cases) {
    assert.ok(expected[c.name], `no reference result for ${c.name}`);
    assert.ok(["en", "ru"].includes(c.locale), `${c.name}: locale`);
    assert.match(c.today, /^\d{4}-\d{2}-\d{2}$/, `${c.name}: today`);
  }
});

for (const c of cases) {
  test(c.name, (t) => {
    const v8 = canonical(expected[c.name]);
    const wasm = canonical(runWasm(c));
    const cli = canonical(cliResults.get(c.name));
    if (c.knownDifference) {
      assert.equal(cli, wasm, "the CLI and the wasm package disagree");
      assert.notEqual(wasm, v8, `now equal to V8: remove "knownDifference" from ${c.name}`);
      t.diagnostic(`known difference: ${c.knownDifference}\n  V8:     ${v8}\n  engine: ${wasm}`);
    } else {
      assert.equal(wasm, v8, "the wasm package differs from V8");
      assert.equal(cli, v8, "the calc CLI differs from V8");
    }
  });
}
