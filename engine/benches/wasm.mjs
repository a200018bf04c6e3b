// Benchmarks the wasm engine package under Node: warm recalculations, library loading
// and the module's size. Prints a markdown table. Run it through scripts/bench-wasm.
//
//   node engine/benches/wasm.mjs [--pkg DIR] [--runs N] [--load-runs N] [--json]
//
// Timings are medians of wall-clock time (performance.now) around one engine call,
// including the translation of the doc and values between JS and wasm.
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync, constants as zlib } from "node:zlib";
import { performance } from "node:perf_hooks";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../..");

function parseArgs(argv) {
  const args = { pkg: join(root, "pkg"), runs: 500, loadRuns: 5, json: false, only: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) throw new Error(`${arg} needs a value`);
      return argv[++i];
    };
    if (arg === "--pkg") args.pkg = resolve(next());
    else if (arg === "--runs") args.runs = Number(next());
    else if (arg === "--load-runs") args.loadRuns = Number(next());
    else if (arg === "--only") args.only = next();
    else if (arg === "--json") args.json = true;
    else if (arg === "-h" || arg === "--help") {
      console.log("usage: bench-wasm [--pkg DIR] [--runs N] [--load-runs N] [--only small|table|load|size] [--json]");
      process.exit(0);
    } else throw new Error(`unknown argument ${arg}`);
  }
  if (!(args.runs >= 1) || !(args.loadRuns >= 1)) throw new Error("--runs and --load-runs must be at least 1");
  return args;
}

// The same calculators as the native criterion bench (engine/benches/evaluate.rs).
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

function median(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function timeRuns(runs, fn) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn(i);
    samples.push(performance.now() - start);
  }
  return { median: median(samples), min: Math.min(...samples), runs };
}

function formatMs(ms) {
  return ms >= 100 ? `${ms.toFixed(0)} ms` : ms >= 1 ? `${ms.toFixed(1)} ms` : `${ms.toFixed(3)} ms`;
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
  const libDir = [join(args.pkg, "lib"), join(root, "pkg/lib")].find((dir) => {
    try {
      readFileSync(join(dir, "mathjs.js"));
      return true;
    } catch {
      return false;
    }
  });
  if (!libDir) throw new Error(`no lib/ folder with the library files next to ${args.pkg} or in pkg/`);
  const want = (part) => args.only === null || args.only === part;
  const rows = [];

  const options = { locale: "en", today: "2026-11-25" };
  const recalc = (doc, label, check) => {
    const engine = new Engine(options);
    // Vary one value per run so nothing can be cached between runs.
    const first = engine.evaluate(doc, undefined);
    if (first.error !== null) throw new Error(`${label} failed: ${first.error}`);
    check(first);
    for (let i = 0; i < 20; i++) engine.evaluate(doc, undefined); // warm-up
    const result = timeRuns(args.runs, (i) => {
      const values = doc.name === "bench-small" ? { 1: 10 + (i % 10) } : undefined;
      engine.evaluate(doc, values);
    });
    engine.free();
    rows.push({ what: label, ...result });
  };

  if (want("small")) {
    recalc(smallCalculator(), "warm recalculation, 10 inputs → 5 values", (r) => {
      if (typeof r.display.total !== "string") throw new Error("small calculator lost its outputs");
    });
  }
  if (want("table")) {
    recalc(tableCalculator(), "warm recalculation, 100-row list → table", (r) => {
      if (r.display.rows.length !== 100) throw new Error("table calculator lost its rows");
    });
  }
  if (want("load")) {
    for (const lib of ["lodash", "moment", "mathjs"]) {
      const source = readFileSync(join(libDir, `${lib}.js`), "utf8");
      const samples = [];
      for (let i = 0; i < args.loadRuns; i++) {
        const engine = new Engine(options);
        const start = performance.now();
        engine.loadLibrary(lib, source);
        samples.push(performance.now() - start);
        engine.free();
      }
      rows.push({
        what: `load ${lib} (${(source.length / 1024).toFixed(0)} KB) into a fresh engine`,
        median: median(samples),
        min: Math.min(...samples),
        runs: args.loadRuns,
      });
    }
  }

  const raw = wasmBytes.length;
  const gz = gzipSync(wasmBytes, { level: zlib.Z_BEST_COMPRESSION }).length;
  const mb = (bytes) => `${(bytes / 1e6).toFixed(3)} MB`;

  if (args.json) {
    console.log(JSON.stringify({ pkg: args.pkg, node: process.version, initMs, rows, size: { raw, gzip9: gz } }, null, 2));
    return;
  }
  console.log(`wasm package: ${args.pkg} (Node ${process.version})\n`);
  console.log("| measurement | median | min | runs |");
  console.log("| --- | ---: | ---: | ---: |");
  for (const row of rows) console.log(`| ${row.what} | ${formatMs(row.median)} | ${formatMs(row.min)} | ${row.runs} |`);
  console.log(`| module instantiation (once) | ${formatMs(initMs)} | | 1 |`);
  console.log(`| wasm size, raw | ${mb(raw)} (${raw} B) | | |`);
  console.log(`| wasm size, gzip -9 | ${mb(gz)} (${gz} B) | | |`);
}

await main();
