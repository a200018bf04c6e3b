// Benchmarks the what-if tools in the wasm engine under Node, side by side in one run with
// the same loops in V8 (the calculator's script run as a plain JS function, the reference
// for how fast the work can be): a 20 × 20 sensitivity table of the 360-row mortgage
// (engine/tests/whatif-fixtures/seek-amortization-rate.json) and of the small calculator
// (engine/benches/wasm.mjs), and a goal seek on the small calculator. Prints a markdown
// table of medians (wall clock).
//
//   scripts/bench-whatif [--runs 7] [--pkg DIR]
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL, fileURLToPath } from "node:url";

import { median, smallCalculator, formatMs } from "./wasm.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../..");
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const runs = Number(option("--runs", "7"));
const pkg = resolve(option("--pkg", join(root, "pkg")));

const { default: init, Engine } = await import(pathToFileURL(join(pkg, "calcsmith_engine.js")).href);
await init({ module_or_path: readFileSync(join(pkg, "calcsmith_engine_bg.wasm")) });

const mortgage = JSON.parse(
  readFileSync(join(root, "engine/tests/whatif-fixtures/seek-amortization-rate.json"), "utf8"),
).doc;
const small = smallCalculator();

/** The calculator's inputs by name, from its defaults and `changes` (by name). */
function inputsOf(doc, changes) {
  const inputs = {};
  for (const input of doc.metaInputs) inputs[input.name] = doc.defaults[input.id];
  return Object.assign(inputs, changes);
}

/** The script as a V8 function of `inputs`, as the engine wraps it. */
function compiled(doc) {
  return new Function("inputs", doc.script);
}

function time(fn) {
  const started = performance.now();
  fn();
  return performance.now() - started;
}

const steps = (from, to, n) => Array.from({ length: n }, (_, i) => from + ((to - from) * i) / (n - 1));

const cases = [
  {
    name: "20 × 20 table, 360-row mortgage (rate × years → payment)",
    target: 2000,
    wasm: (engine) => {
      const answer = engine.sweep(mortgage, undefined, {
        output: "payment", input: "rate", from: 3, to: 8, steps: 20, input2: "years", from2: 10, to2: 30, steps2: 20,
      });
      if (!answer.cells || answer.cells.length !== 20) throw new Error(JSON.stringify(answer).slice(0, 200));
    },
    v8: () => {
      const run = compiled(mortgage);
      for (const rate of steps(3, 8, 20)) for (const years of steps(10, 30, 20)) run(inputsOf(mortgage, { rate, years }));
    },
  },
  {
    name: "20 × 20 table, small calculator (rate × years → future)",
    target: 100,
    wasm: (engine) => {
      const answer = engine.sweep(small, undefined, {
        output: "future", input: "rate", from: 1, to: 10, steps: 20, input2: "years", from2: 1, to2: 20, steps2: 20,
      });
      if (!answer.cells) throw new Error(JSON.stringify(answer).slice(0, 200));
    },
    v8: () => {
      const run = compiled(small);
      for (const rate of steps(1, 10, 20)) for (const years of steps(1, 20, 20)) run(inputsOf(small, { rate, years }));
    },
  },
  {
    name: "goal seek, small calculator (total = 1,000 by price)",
    target: 50,
    wasm: (engine) => {
      const answer = engine.goalSeek(small, undefined, { output: "total", target: 1000, input: "price" });
      if (answer.error) throw new Error(answer.error);
    },
    v8: () => {
      // The same search (bracket outward, then bisection to the same tolerance) in V8.
      const run = compiled(small);
      const gap = (price) => run(inputsOf(small, { price })).total - 1000;
      let low = 1.5;
      let high = 3;
      while (gap(high) < 0) high *= 2;
      while (Math.abs(high - low) > 1e-12 * high) {
        const middle = (low + high) / 2;
        if (gap(middle) < 0) low = middle;
        else high = middle;
      }
    },
  },
];

console.log(`what-if benchmarks, ${runs} runs each, medians; load ${loadavg()[0].toFixed(2)} at start`);
console.log("");
console.log("| case | wasm | V8 (same loop, plain JS) | wasm / V8 | target (wasm) |");
console.log("|---|---:|---:|---:|---|");
for (const c of cases) {
  const engine = new Engine({ today: "2026-11-25" });
  c.wasm(engine); // warm: the first call compiles the module's functions
  c.v8();
  // Alternate the two so that the machine's noise falls on both alike.
  const wasm = [];
  const v8 = [];
  for (let i = 0; i < runs; i++) {
    wasm.push(time(() => c.wasm(engine)));
    v8.push(time(() => c.v8()));
  }
  const w = median(wasm);
  const v = median(v8);
  const met = w <= c.target ? "met" : "missed";
  console.log(`| ${c.name} | ${formatMs(w)} | ${formatMs(v)} | ${(w / v).toFixed(0)}× | ≤ ${c.target} ms: ${met} |`);
}
