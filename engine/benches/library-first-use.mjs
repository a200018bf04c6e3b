// Load + first calculation of each library, native and wasm side by side in one run
// (docs/benchmarks.md, "Excel functions and exact decimals"). For each library a calculator
// that switches it on and calls one of its functions:
// - native: `calc eval DOC --lib-dir pkg/lib` (the CLI starts its `calc worker`, which loads
//   only the libraries the doc switches on, then calculates): the wall time of the command,
//   and the same command for the calculator without a library, so the difference is the
//   library's load and first calculation;
// - wasm: a new Engine in this process, `loadLibrary` and the first `evaluate`.
// Medians of --runs runs after one round not counted (alternating the libraries, so a busy
// moment hits them alike). Build the release `calc` first (`cargo build --release`).
//
//   node engine/benches/library-first-use.mjs [--calc target/release/calc] [--runs N]
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const calc = option("--calc", join(root, "target/release/calc"));
const runs = Number(option("--runs", "7"));
const libDir = join(root, "pkg/lib");

/** A calculator that uses `library` (none: plain JavaScript) once. */
const CASES = {
  none: "return { x: 300000 * 0.05 / 12 };",
  lodash: "return { x: _.sum([1, 2, 3]) };",
  moment: "return { x: moment.utc('2026-11-25').add(1, 'month').date() };",
  mathjs: "return { x: math.evaluate('sqrt(3^2 + 4^2)') };",
  formulajs: "return { x: formulajs.PMT(0.05 / 12, 360, 300000) };",
  decimal: "return { x: new Decimal('0.1').plus('0.2') };",
};
const doc = (library) => ({
  name: library,
  script: CASES[library],
  libraries: library === "none" ? {} : { [library]: true },
  metaInputs: [],
  metaOutputs: [{ id: 1, name: "x", type: "value" }],
});

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const dir = mkdtempSync(join(tmpdir(), "library-first-use-"));
const docPaths = {};
for (const library of Object.keys(CASES)) {
  docPaths[library] = join(dir, `${library}.json`);
  writeFileSync(docPaths[library], JSON.stringify(doc(library)));
}

function native(library) {
  const start = performance.now();
  const run = spawnSync(calc, ["eval", docPaths[library], "--lib-dir", libDir], {
    encoding: "utf8",
  });
  const ms = performance.now() - start;
  const result = JSON.parse(run.stdout || "{}");
  if (run.status !== 0 || result.error || result.outputs?.x == null) {
    throw new Error(`${library}: ${run.stderr || run.stdout}`);
  }
  return ms;
}

const { default: init, Engine } = await import(join(root, "pkg/calcsmith_engine.js"));
await init({ module_or_path: readFileSync(join(root, "pkg/calcsmith_engine_bg.wasm")) });
const sources = {};
for (const library of Object.keys(CASES).filter((l) => l !== "none")) {
  sources[library] = readFileSync(join(libDir, `${library}.js`), "utf8");
}

function wasm(library) {
  const start = performance.now();
  const engine = new Engine({ locale: "en", today: "2026-11-25" });
  if (library !== "none") engine.loadLibrary(library, sources[library]);
  const result = engine.evaluate(doc(library), {});
  const ms = performance.now() - start;
  engine.free();
  if (result.error || result.outputs?.x == null) throw new Error(`${library}: ${result.error}`);
  return ms;
}

// One round first, not counted: the process's first Engine compiles the module's code.
for (const library of Object.keys(CASES)) {
  native(library);
  wasm(library);
}
const times = Object.fromEntries(Object.keys(CASES).map((l) => [l, { native: [], wasm: [] }]));
const loads = [loadavg()[0]];
for (let run = 0; run < runs; run++) {
  for (const library of Object.keys(CASES)) {
    times[library].native.push(native(library));
    times[library].wasm.push(wasm(library));
  }
  loads.push(loadavg()[0]);
}

const base = { native: median(times.none.native), wasm: median(times.none.wasm) };
const ms = (n) => `${n.toFixed(1)} ms`;
console.log(`${new Date().toISOString()}, ${runs} runs, load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`);
console.log("| library | native `calc eval` | native − none | wasm new engine + load + evaluate | wasm − none |");
console.log("|---|---:|---:|---:|---:|");
for (const [library, { native: n, wasm: w }] of Object.entries(times)) {
  const [mn, mw] = [median(n), median(w)];
  const over = (m, b) => (library === "none" ? "—" : ms(m - b));
  console.log(`| ${library} | ${ms(mn)} | ${over(mn, base.native)} | ${ms(mw)} | ${over(mw, base.wasm)} |`);
}
