// Where a Math.js file's load and first `evaluate` go in the wasm engine: the file
// (pkg/lib/mathjs.js as built by engine/libraries/build-mathjs.mjs) is instrumented with
// `Date.now()` around each module's compile (boa parsing and compiling its text), around
// each module's top-level run, around `create` and over the file's body, then loaded into a
// new Engine in this fresh process and `evaluate('a^2 + sqrt(b)')` run. Prints one JSON
// line (ms). docs/benchmarks/2026-11-28-mathjs-lazy-classes.md has the numbers.
//
//   node engine/benches/mathjs-profile.mjs FILE [--pkg DIR]
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const pkgAt = args.indexOf("--pkg");
const pkg = resolve(pkgAt >= 0 ? args[pkgAt + 1] : "pkg");
const file = args.find((arg, i) => !arg.startsWith("--") && args[i - 1] !== "--pkg");
if (!file) {
  console.error("usage: mathjs-profile.mjs FILE [--pkg DIR]");
  process.exit(2);
}

// The instrumentation: the file's own text, with counters kept in a closure that
// `__profile()` reads (the engine's guard does not look into closures).
const EDITS = [
  ['(function (root) {\n  "use strict";', '(function (root) {\n  "use strict"; var __start = Date.now();'],
  [
    "var compile = Function;",
    "var __t = { compile: 0, run: 0, modules: 0, bytes: 0 }; var __now = Date.now; root.__profile = function () { return JSON.stringify(__t); }; var compile = function () { var s = __now(); var f = Function.apply(null, arguments); __t.compile += __now() - s; __t.modules++; __t.bytes += arguments[arguments.length - 1].length; return f; };",
  ],
  ['compile("exports", "require", "module", sources[order[i]])', 'var __c = compile("exports", "require", "module", sources[order[i]])'],
  [
    ".call(module.exports, module.exports, require_from(order[i]), module);",
    ";var __s = __now(); __c.call(module.exports, module.exports, require_from(order[i]), module); __t.run += __now() - __s;",
  ],
  ["root.math = load(", "var __cs = Date.now(); root.math = load("],
  ["})(this);", "__t.create = Date.now() - __cs; __t.body = Date.now() - __start; })(this);"],
];
let text = readFileSync(file, "utf8");
for (const [from, to] of EDITS) {
  if (!text.includes(from)) throw new Error(`${file} is not a file build-mathjs.mjs made (no ${JSON.stringify(from)})`);
  text = text.replace(from, to);
}

const mod = await import(pathToFileURL(join(pkg, "calcsmith_engine.js")).href);
await mod.default({ module_or_path: readFileSync(join(pkg, "calcsmith_engine_bg.wasm")) });
const engine = new mod.Engine({ locale: "en", today: "2026-11-25" });
const calculator = (script) => ({
  name: "profile",
  libraries: { mathjs: true },
  script,
  metaInputs: [
    { id: 1, name: "a", type: "number" },
    { id: 2, name: "b", type: "number" },
  ],
  metaOutputs: [
    { id: 1, name: "result", type: "value" },
    { id: 2, name: "profile", type: "value" },
  ],
  defaults: { 1: 3, 2: 4 },
});
const t0 = performance.now();
engine.loadLibrary("mathjs", text);
const load = performance.now() - t0;
const atLoad = engine.evaluate(calculator("return { result: 0, profile: __profile() };"), undefined);
const t1 = performance.now();
const first = engine.evaluate(calculator("var r = math.evaluate('a^2 + sqrt(b)', { a: inputs.a, b: inputs.b }); return { result: r, profile: __profile() };"), undefined);
const firstMs = performance.now() - t1;
if (first.error !== null || atLoad.error !== null) throw new Error(first.error ?? atLoad.error);
const before = JSON.parse(atLoad.outputs.profile);
const after = JSON.parse(first.outputs.profile);
const round = (ms) => Math.round(ms);
console.log(
  JSON.stringify({
    load: round(load),
    loadBody: before.body,
    loadCreate: before.create,
    loadCompile: before.compile,
    loadModules: before.modules,
    first: round(firstMs),
    firstCompile: after.compile - before.compile,
    firstRun: after.run - before.run,
    firstRest: round(firstMs) - (after.compile - before.compile) - (after.run - before.run),
    firstModules: after.modules - before.modules,
    firstBytes: after.bytes - before.bytes,
  }),
);
