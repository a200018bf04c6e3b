// Benchmarks the wasm engine package under Node: warm recalculation of a small and of a
// 100-row table calculator, loading each library (lodash, moment, mathjs, formulajs,
// decimal) into a new engine, a first Math.js calculation (load + first use), the first
// mathjs load in a new process, and the module's size raw and gzipped. Prints a markdown table (or JSON). Run it through
// scripts/bench-wasm; docs/benchmarks.md has the numbers and how they were taken.
//
//   node engine/benches/wasm.mjs [--pkg DIR] [--runs N] [--load-runs N] [--cold-runs N]
//                                [--only small|table|load|cold] [--mathjs FILE] [--json]
//
// --mathjs FILE measures another Math.js file than lib/mathjs.js, for example Math.js's
// own browser bundle (node_modules/mathjs/lib/browser/math.js) for comparison.
//
// Every timing is wall-clock time (performance.now) around one call of the engine's JS
// API, so it includes translating the doc, values and result between JS and wasm.
// "median CPU time" is the process's CPU time over the same call (all threads, V8's
// background compilers included): on a busy machine it moves less than wall time.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import { constants as zlib, gzipSync } from "node:zlib";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../..");
const LIBRARIES = ["lodash", "moment", "mathjs"];
// Loaded one by one in the "load" rows (the recalculations keep to the first three).
const LOADED_ALONE = [...LIBRARIES, "formulajs", "decimal"];
const OPTIONS = { locale: "en", today: "2026-11-25" };
const WARM_UP_MS = 2000;
const USAGE =
  "usage: bench-wasm [--pkg DIR] [--runs N] [--load-runs N] [--cold-runs N] [--only small|table|load|cold] [--mathjs FILE] [--json]";

// The targets of the performance issue, shown next to the measurements they apply to.
const TARGETS = { small: 0.2, mathjs: 400, gzip: 1.3e6 };

function parseArgs(argv) {
  const args = {
    pkg: join(root, "pkg"),
    runs: 500,
    loadRuns: 5,
    coldRuns: 3,
    only: null,
    json: false,
    cold: null,
    mathjs: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) throw new Error(`${arg} needs a value`);
      return argv[++i];
    };
    if (arg === "--pkg") args.pkg = resolve(next());
    else if (arg === "--runs") args.runs = Number(next());
    else if (arg === "--load-runs") args.loadRuns = Number(next());
    else if (arg === "--cold-runs") args.coldRuns = Number(next());
    else if (arg === "--only") args.only = next();
    else if (arg === "--json") args.json = true;
    else if (arg === "--mathjs") args.mathjs = resolve(next());
    else if (arg === "--cold") args.cold = next(); // internal: the child of a cold measurement
    else if (arg === "-h" || arg === "--help") {
      console.log(USAGE);
      process.exit(0);
    } else throw new Error(`unknown argument ${arg}\n${USAGE}`);
  }
  if (!(args.runs >= 1) || !(args.loadRuns >= 1) || !(args.coldRuns >= 0)) {
    throw new Error("--runs and --load-runs must be at least 1, --cold-runs at least 0");
  }
  return args;
}

// 10 number inputs, 5 value outputs (decimal places, currency, percent), a few lines of
// arithmetic. Kept identical to `small_calculator()` in engine/benches/evaluate.rs.
export function smallCalculator() {
  const names = ["price", "qty", "rate", "years", "fee", "discount", "tax", "shipping", "deposit", "extra"];
  const metaInputs = names.map((name, i) => ({ id: i + 1, name, type: "number" }));
  const defaults = Object.fromEntries(names.map((_, i) => [String(i + 1), (i + 1) * 1.5]));
  const script = `'use strict';
var subtotal = inputs.price * inputs.qty - inputs.discount + inputs.shipping + inputs.extra;
var taxed = subtotal * (1 + inputs.tax / 100);
var growth = Math.pow(1 + inputs.rate / 100, inputs.years);
return {
  subtotal: subtotal,
  total: taxed + inputs.fee,
  future: (taxed - inputs.deposit) * growth,
  share: inputs.deposit / (taxed + inputs.fee),
  monthly: taxed / (inputs.years * 12)
};
`;
  const metaOutputs = [
    { id: 1, name: "subtotal", type: "value", decimalPlaces: 2 },
    { id: 2, name: "total", type: "value", decimalPlaces: 2, currencySign: "$" },
    { id: 3, name: "future", type: "value", decimalPlaces: 0, currencySign: "€" },
    { id: 4, name: "share", type: "value", percent: true, decimalPlaces: 1 },
    { id: 5, name: "monthly", type: "value" },
  ];
  return { name: "bench-small", script, metaInputs, metaOutputs, defaults };
}

// A Math.js calculator: an expression evaluated with the input's value, and rounding.
export function mathjsCalculator() {
  return {
    name: "mathjs",
    script: "return { area: math.round(math.evaluate('pi * r^2', { r: inputs.r }), 2) };",
    libraries: { mathjs: true },
    metaInputs: [{ id: 1, name: "r", type: "number" }],
    metaOutputs: [{ id: 1, name: "area", type: "value" }],
    defaults: { 1: 3 },
  };
}

// A list input of `rows` items with 3 sub-inputs → a table output with 3 columns.
// Kept identical to `table_calculator()` in engine/benches/evaluate.rs.
export function tableCalculator(rows = 100) {
  const script = `'use strict';
var out = [];
for (var i = 0; i < inputs.items.length; i++) {
  var item = inputs.items[i];
  out.push({ product: item.price * item.qty, share: item.qty / 100, label: item.name + ' x' + item.qty });
}
return { rows: out };
`;
  const metaInputs = [
    {
      id: 1,
      name: "items",
      type: "list",
      metaInputs: [
        { id: 1, name: "price", type: "number" },
        { id: 2, name: "qty", type: "number" },
        { id: 3, name: "name", type: "string" },
      ],
      itemPrototype: { 1: 0, 2: 1, 3: "" },
    },
  ];
  const metaOutputs = [
    {
      id: 1,
      name: "rows",
      type: "table",
      metaOutputs: [
        { id: 1, name: "product", type: "value", decimalPlaces: 2, currencySign: "$" },
        { id: 2, name: "share", type: "value", percent: true },
        { id: 3, name: "label", type: "value" },
      ],
    },
  ];
  const items = Array.from({ length: rows }, (_, i) => ({ 1: 10 + i * 0.25, 2: (i % 7) + 1, 3: `item ${i}` }));
  return { name: "bench-table", script, metaInputs, metaOutputs, defaults: { 1: items } };
}

export function median(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function summary(samples, cpu) {
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  return { median: median(samples), mean, min: Math.min(...samples), cpu: median(cpu), runs: samples.length };
}

// CPU time of the whole process in ms.
function cpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

// Times `fn(setup(i))` `runs` times; `setup` and `teardown` run outside the timing.
function timeRuns(runs, fn, { setup = (i) => i, teardown = () => {} } = {}) {
  const samples = [];
  const cpu = [];
  for (let i = 0; i < runs; i++) {
    const input = setup(i);
    const cpuStart = cpuMs();
    const start = performance.now();
    fn(input);
    samples.push(performance.now() - start);
    cpu.push(cpuMs() - cpuStart);
    teardown(input);
  }
  return summary(samples, cpu);
}

export function formatMs(ms) {
  return ms >= 100 ? `${ms.toFixed(0)} ms` : ms >= 1 ? `${ms.toFixed(1)} ms` : `${ms.toFixed(3)} ms`;
}

function findLibDir(pkg) {
  for (const dir of [join(pkg, "lib"), join(root, "pkg/lib")]) {
    try {
      readFileSync(join(dir, "mathjs.js"));
      return dir;
    } catch {
      // try the next folder
    }
  }
  throw new Error(`no lib/ folder with the library files in ${pkg} or in pkg/ (run scripts/build-wasm)`);
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const wasmPath = join(args.pkg, "calcsmith_engine_bg.wasm");
  const wasmBytes = readFileSync(wasmPath);
  const mod = await import(pathToFileURL(join(args.pkg, "calcsmith_engine.js")).href);
  const initStart = performance.now();
  await mod.default({ module_or_path: wasmBytes });
  const initMs = performance.now() - initStart;
  const { Engine } = mod;
  const libDir = findLibDir(args.pkg);
  const source = (lib) =>
    readFileSync(lib === "mathjs" && args.mathjs !== null ? args.mathjs : join(libDir, `${lib}.js`), "utf8");

  if (args.cold !== null) {
    // The child of a cold measurement: the first load right after instantiation, while V8
    // has compiled none of the module's functions yet (as in a new page or worker).
    const text = source(args.cold);
    const engine = new Engine(OPTIONS);
    const cpuStart = cpuMs();
    const start = performance.now();
    engine.loadLibrary(args.cold, text);
    console.log(JSON.stringify({ ms: performance.now() - start, cpu: cpuMs() - cpuStart }));
    return;
  }

  const want = (part) => args.only === null || args.only === part;
  const sources = Object.fromEntries(LOADED_ALONE.map((lib) => [lib, source(lib)]));
  const rows = [];
  const small = smallCalculator();

  const recalc = (doc, what, { libraries = false, check, target = null }) => {
    const engine = new Engine(OPTIONS);
    if (libraries) for (const lib of LIBRARIES) engine.loadLibrary(lib, sources[lib]);
    const first = engine.evaluate(doc, undefined);
    if (first.error !== null) throw new Error(`${what} failed: ${first.error}`);
    check(first);
    // The small calculator gets one changed value per run, as when a user types.
    const values = (i) => (doc === small ? { 1: 10 + (i % 10) } : undefined);
    // Warm-up: V8 runs new wasm code in its baseline compiler first and optimises the
    // hot functions in the background, which takes a second or two of running.
    // Each calculation runs in a fresh realm that the hosts get ready with prepare() while
    // idle, after posting a result (issue 10's isolation); so prepare() runs between the
    // timed calculations, untimed, as in the web worker and the calc worker.
    const warmUntil = performance.now() + WARM_UP_MS;
    for (let i = 0; i < 50 || performance.now() < warmUntil; i++) {
      engine.evaluate(doc, values(i));
      engine.prepare();
    }
    const timed = timeRuns(args.runs, (i) => engine.evaluate(doc, values(i)), {
      teardown: () => engine.prepare(),
    });
    rows.push({ what, target, ...timed });
    engine.free();
  };
  const smallWorks = (result) => {
    if (typeof result.display.total !== "string") throw new Error("the small calculator lost its outputs");
  };

  if (want("small")) {
    recalc(small, "warm recalculation, 10 inputs → 5 values", { check: smallWorks, target: TARGETS.small });
    // lodash, moment and mathjs loaded but unused: the garbage collector traces a bigger heap.
    recalc(small, "… the same, engine with all 3 libraries loaded", { libraries: true, check: smallWorks });
  }
  if (want("table")) {
    recalc(tableCalculator(), "warm recalculation, 100-row list → table", {
      check: (result) => {
        if (result.display.rows.length !== 100) throw new Error("the table calculator lost its rows");
      },
    });
  }
  if (want("load")) {
    for (const lib of LOADED_ALONE) {
      // The engine is made before and freed after the timing (dropping a context that
      // holds a library takes a while too).
      const result = timeRuns(args.loadRuns, (engine) => engine.loadLibrary(lib, sources[lib]), {
        setup: () => new Engine(OPTIONS),
        teardown: (engine) => engine.free(),
      });
      const kb = (sources[lib].length / 1024).toFixed(0);
      const target = lib === "mathjs" ? TARGETS.mathjs : null;
      rows.push({ what: `load ${lib} (${kb} KB) into a new engine`, target, ...result });
    }
    // What a visitor of a Math.js calculator waits for: the library loaded and a first
    // calculation, which makes the functions it uses (and, with pkg/lib/mathjs.js,
    // compiles their modules).
    const calculator = mathjsCalculator();
    const result = timeRuns(
      args.loadRuns,
      (engine) => {
        engine.loadLibrary("mathjs", sources.mathjs);
        const first = engine.evaluate(calculator, undefined);
        if (first.error !== null || first.outputs.area !== 28.27) {
          throw new Error(`the Math.js calculator failed: ${JSON.stringify(first)}`);
        }
      },
      { setup: () => new Engine(OPTIONS), teardown: (engine) => engine.free() },
    );
    rows.push({ what: "load mathjs + first calculation with math.evaluate (new engine)", target: null, ...result });
  }
  if (want("cold") && args.coldRuns > 0) {
    const samples = [];
    const cpu = [];
    for (let i = 0; i < args.coldRuns; i++) {
      const script = fileURLToPath(import.meta.url);
      const childArgs = [script, "--pkg", args.pkg, "--cold", "mathjs"];
      if (args.mathjs !== null) childArgs.push("--mathjs", args.mathjs);
      const child = spawnSync(process.execPath, childArgs, { encoding: "utf8" });
      if (child.status !== 0) throw new Error(`the cold load failed: ${child.stderr}`);
      const measured = JSON.parse(child.stdout);
      samples.push(measured.ms);
      cpu.push(measured.cpu);
    }
    rows.push({ what: "first mathjs load in a new process (cold wasm code)", target: null, ...summary(samples, cpu) });
  }

  const raw = wasmBytes.length;
  const zlib9 = gzipSync(wasmBytes, { level: zlib.Z_BEST_COMPRESSION }).length;
  // The gzip tool's -9 compresses this module about 2 % better than Node's zlib at level 9.
  const gzipTool = spawnSync("gzip", ["-9", "-c", wasmPath], { maxBuffer: 64 << 20 });
  const gzip9 = gzipTool.status === 0 ? gzipTool.stdout.length : null;
  // What the server sends: scripts/build-wasm's zopfli and brotli copies, when present.
  const copySize = (suffix) => (existsSync(wasmPath + suffix) ? statSync(wasmPath + suffix).size : null);
  const served = { gzip: copySize(".gz"), brotli: copySize(".br") };

  const load = loadavg().map((l) => l.toFixed(2)).join(" ");
  if (args.json) {
    const size = { raw, gzip9, zlib9, servedGzip: served.gzip, servedBrotli: served.brotli };
    console.log(JSON.stringify({ pkg: args.pkg, node: process.version, loadavg: load, initMs, rows, size }, null, 2));
    return;
  }
  const mb = (bytes) => `${(bytes / 1e6).toFixed(3)} MB`;
  const verdict = (value, target, unit) =>
    target === null ? "" : `≤ ${unit(target)}: ${value <= target ? "met" : "missed"}`;
  console.log(`wasm package: ${args.pkg} (Node ${process.version}, load average ${load})\n`);
  console.log("| measurement | median | mean | min | median CPU time | runs | target |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | --- |");
  for (const row of rows) {
    const cells = [row.median, row.mean, row.min, row.cpu].map(formatMs).join(" | ");
    console.log(`| ${row.what} | ${cells} | ${row.runs} | ${verdict(row.median, row.target, formatMs)} |`);
  }
  console.log(`| module instantiation | ${formatMs(initMs)} | | | | 1 | |`);
  console.log(`| wasm size, raw | ${mb(raw)} | | | | | |`);
  if (served.gzip !== null) {
    console.log(`| wasm size, served gzip (zopfli) | ${mb(served.gzip)} | | | | | ${verdict(served.gzip, TARGETS.gzip, mb)} |`);
  }
  if (served.brotli !== null) {
    console.log(`| wasm size, served brotli | ${mb(served.brotli)} | | | | | |`);
  }
  if (gzip9 !== null) {
    console.log(`| wasm size, gzip -9 | ${mb(gzip9)} | | | | | ${verdict(gzip9, TARGETS.gzip, mb)} |`);
  }
  console.log(`| wasm size, Node zlib level 9 | ${mb(zlib9)} | | | | | ${verdict(zlib9, TARGETS.gzip, mb)} |`);
}

// Runs only when started as a script, so other scripts can import the calculators.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
