// The V8 differential corpus through the wasm package (its default module, or its Intl
// module for a script that uses Intl, as the web worker chooses) and the `calc` CLI: every
// case in cases/ must give exactly what V8 gives (reference.mjs). A case whose
// `knownDifference` is a text must give one answer on every face, and that answer must
// still differ from V8; one whose `knownDifference` is keyed by face ("native", "wasm",
// "cli") differs on those faces only. Once the engine is fixed the mark has to go: a
// marked face that equals V8 fails. (engine/tests/v8.rs holds the native engine to the same rules.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

import { DEFAULT_TODAY, canonical, readCase } from "./reference.mjs";
import { installIntlData, withIntlData } from "../wasm/intl-data.mjs";

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
    env: { ...process.env, TZ: "UTC", LC_ALL: "en_US.UTF-8" },
    maxBuffer: 64 << 20,
  }),
);

const librarySources = ["lodash", "moment", "mathjs", "formulajs", "decimal"].map((name) => [name, readFileSync(join(libDir, `${name}.js`), "utf8")]);

// The package's two modules, used as the web worker uses them: a script that may use Intl
// (the package's `usesIntl`) runs in the Intl module, every other one in the default module.
const MODULES = ["calcsmith_engine", "calcsmith_engine_intl"];
const wasmBytes = new Map(MODULES.map((name) => [name, readFileSync(join(root, `pkg/${name}_bg.wasm`))]));

// One warm engine per module for the whole corpus, as in a browser tab. A wasm trap (a
// panic in the engine) leaves an instance unusable, so, as the web worker does, a trapped
// calculation shows the server's crash message and the next one gets a fresh instance:
// each import of the package under a new URL is a module, and a wasm instance, of its own.
const CRASH_MESSAGE = "Calculation stopped unexpectedly.";
let instances = 0;
const engines = new Map();
async function freshEngine(name) {
  instances += 1;
  const wasm = await import(`../../../pkg/${name}.js?instance=${instances}`);
  await wasm.default({ module_or_path: wasmBytes.get(name) });
  // The Intl module as the web worker gives it its data: the core and the page's language.
  if (wasm.addIntlCore) installIntlData(wasm, ["en"]);
  const engine = new wasm.Engine();
  for (const [library, source] of librarySources) engine.loadLibrary(library, source);
  engines.set(name, { engine, usesIntl: wasm.usesIntl, glue: wasm });
}
for (const name of MODULES) await freshEngine(name);

const wasmResults = new Map();
for (const c of cases) {
  const name = engines.get(MODULES[0]).usesIntl(c.doc.script ?? "") ? MODULES[1] : MODULES[0];
  const { engine, glue } = engines.get(name);
  try {
    engine.setOptions({ locale: c.locale ?? "en", today: c.today ?? DEFAULT_TODAY });
    const evaluate = () => engine.evaluate(c.doc, c.values);
    // Languages the case asks for are added as the worker adds them, and it runs again.
    wasmResults.set(c.name, glue.addIntlCore ? withIntlData(glue, evaluate).value : evaluate());
  } catch (trap) {
    // A trap, or V8's RangeError when the wasm stack runs out; anything else is a host
    // fault (a case the package refuses), which is the corpus's own bug.
    if (!(trap instanceof WebAssembly.RuntimeError || trap instanceof RangeError)) throw trap;
    wasmResults.set(c.name, { outputs: null, display: null, usedInputs: [], error: CRASH_MESSAGE });
    await freshEngine(name);
  }
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
rmSync(scratch, { recursive: true, force: true });

test("the corpus is all there, each case with its V8 result", () => {
  assert.ok(cases.length >= 80, `only ${cases.length} cases`);
  for (const c of cases) {
    assert.ok(expected[c.name]?.result, `no reference result for ${c.name}`);
    assert.ok(["en", "ru"].includes(c.locale), `${c.name}: locale`);
    assert.match(c.today, /^\d{4}-\d{2}-\d{2}$/, `${c.name}: today`);
    const mark = c.knownDifference;
    if (mark !== undefined && typeof mark !== "string") {
      assert.ok(Object.keys(mark).every((face) => ["native", "wasm", "cli"].includes(face)), `${c.name}: faces`);
    }
  }
});

/** Why a face still differs from V8 on a case, or null when it must equal V8. */
function knownDifference(c, face) {
  return typeof c.knownDifference === "string" ? c.knownDifference : (c.knownDifference?.[face] ?? null);
}

for (const c of cases) {
  test(c.name, (t) => {
    const v8 = expected[c.name].canonical;
    const faces = { wasm: canonical(wasmResults.get(c.name)), cli: canonical(cliResults.get(c.name)) };
    if (typeof c.knownDifference === "string") {
      assert.equal(faces.cli, faces.wasm, "the CLI and the wasm package disagree");
    }
    for (const [face, result] of Object.entries(faces)) {
      const why = knownDifference(c, face);
      if (why === null) {
        assert.equal(result, v8, `${face} differs from V8`);
      } else {
        assert.notEqual(result, v8, `${face} now equals V8: remove its "knownDifference" from ${c.name}`);
        t.diagnostic(`${face}: known difference: ${why}\n  V8:    ${v8}\n  ${face}: ${result}`);
      }
    }
  });
}
