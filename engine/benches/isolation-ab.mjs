// Before/after numbers for calculation isolation (docs/benchmarks.md, "Isolation"): two
// builds of the wasm package in one Node process, alternating round by round, on the
// small calculator of wasm.mjs and on a lodash version of it. A build with
// `engine.prepare()` gets it called after each calculation, outside the timing, as the
// web worker does while it waits for the next request; its time is shown too.
//
//   node engine/benches/isolation-ab.mjs DIR_BEFORE DIR_AFTER [--rounds N] [--runs N]
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { smallCalculator } from "./wasm.mjs";

const WARM_UP_MS = 2000;
const USAGE = "usage: isolation-ab.mjs DIR_BEFORE DIR_AFTER [--rounds N] [--runs N]";

function parseArgs(argv) {
  const args = { dirs: [], rounds: 6, runs: 300 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--rounds") args.rounds = Number(argv[++i]);
    else if (argv[i] === "--runs") args.runs = Number(argv[++i]);
    else if (argv[i].startsWith("-")) throw new Error(USAGE);
    else args.dirs.push(resolve(argv[i]));
  }
  if (args.dirs.length !== 2 || !(args.rounds >= 1) || !(args.runs >= 10)) throw new Error(USAGE);
  return args;
}

const root = resolve(new URL("../..", import.meta.url).pathname);
const lodash = readFileSync(join(root, "pkg/lib/lodash.js"), "utf8");

async function load(dir) {
  // The query string makes each folder's glue a module of its own, with its own instance.
  const mod = await import(`${pathToFileURL(join(dir, "calcsmith_engine.js")).href}?${encodeURIComponent(dir)}`);
  await mod.default({ module_or_path: readFileSync(join(dir, "calcsmith_engine_bg.wasm")) });
  const engine = new mod.Engine({ locale: "en", today: "2026-11-25" });
  engine.loadLibrary("lodash", lodash);
  return engine;
}

// The small calculator's inputs and outputs, computed with lodash.
function lodashCalculator() {
  const doc = smallCalculator();
  return {
    ...doc,
    name: "bench-lodash",
    libraries: { lodash: true },
    script: `'use strict';
var subtotal = _.sum([inputs.price * inputs.qty, -inputs.discount, inputs.shipping, inputs.extra]);
var taxed = _.multiply(subtotal, 1 + inputs.tax / 100);
var growth = _.reduce(_.range(inputs.years), function (g) { return g * (1 + inputs.rate / 100); }, 1);
return {
  subtotal: _.round(subtotal, 6),
  total: _.add(taxed, inputs.fee),
  future: (taxed - inputs.deposit) * growth,
  share: _.divide(inputs.deposit, taxed + inputs.fee),
  monthly: _.divide(taxed, inputs.years * 12)
};
`,
  };
}

const quantile = (samples, q) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(q * (sorted.length - 1))];
};

const args = parseArgs(process.argv.slice(2));
const calculators = { small: smallCalculator(), lodash: lodashCalculator() };
const builds = [];
for (const [label, dir] of [["before", args.dirs[0]], ["after", args.dirs[1]]]) {
  const engine = await load(dir);
  const samples = Object.fromEntries(Object.keys(calculators).map((name) => [name, []]));
  builds.push({ label, dir, engine, samples, prepare: [] });
}

function run(build, name, i) {
  const values = { 1: 10 + (i % 10) };
  const start = performance.now();
  const result = build.engine.evaluate(calculators[name], values);
  const took = performance.now() - start;
  if (result.error !== null) throw new Error(`${name} failed in ${build.label}: ${result.error}`);
  if (typeof build.engine.prepare === "function") {
    const prepareStart = performance.now();
    build.engine.prepare();
    build.prepare.push(performance.now() - prepareStart);
  }
  return took;
}

for (const build of builds) {
  const until = performance.now() + WARM_UP_MS;
  for (let i = 0; performance.now() < until; i++) for (const name in calculators) run(build, name, i);
  build.prepare.length = 0;
}
for (let round = 0; round < args.rounds; round++) {
  for (const build of round % 2 ? [...builds].reverse() : builds) {
    for (const name in calculators) {
      for (let i = 0; i < args.runs; i++) build.samples[name].push(run(build, name, i));
    }
  }
}
const ms = (value) => `${value.toFixed(3)} ms`;
console.log("| calculation | " + builds.map((b) => `${b.label}: median (q1)`).join(" | ") + " |");
console.log("| --- | " + builds.map(() => "---:").join(" | ") + " |");
for (const name in calculators) {
  const cells = builds.map((b) => `${ms(quantile(b.samples[name], 0.5))} (${ms(quantile(b.samples[name], 0.25))})`);
  console.log(`| ${name}: evaluate | ${cells.join(" | ")} |`);
}
for (const build of builds) {
  if (build.prepare.length > 0) {
    console.log(`| prepare() after each, ${build.label} | median ${ms(quantile(build.prepare, 0.5))} (q1 ${ms(quantile(build.prepare, 0.25))}) | |`);
  }
}
