// Compares two builds of the wasm package in one Node process, alternating between them
// round by round, so a busy machine slows both alike: warm recalculation of the small
// and the 100-row table calculator of wasm.mjs. docs/benchmarks.md explains when to use
// it instead of scripts/bench-wasm.
//
//   node engine/benches/wasm-ab.mjs DIR_A DIR_B [--rounds N] [--runs N]
//
// DIR_A and DIR_B are package folders (calcsmith_engine.js + calcsmith_engine_bg.wasm).
// Prints, per build, the median, lower quartile and minimum wall time, and the median
// CPU time, of every run of all rounds.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { smallCalculator, tableCalculator } from "./wasm.mjs";

const WARM_UP_MS = 2000;
const USAGE = "usage: wasm-ab.mjs DIR_A DIR_B [--rounds N] [--runs N]";

function parseArgs(argv) {
  const args = { dirs: [], rounds: 8, runs: 300 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--rounds") args.rounds = Number(argv[++i]);
    else if (argv[i] === "--runs") args.runs = Number(argv[++i]);
    else if (argv[i].startsWith("-")) throw new Error(USAGE);
    else args.dirs.push(resolve(argv[i]));
  }
  if (args.dirs.length !== 2 || !(args.rounds >= 1) || !(args.runs >= 15)) throw new Error(USAGE);
  return args;
}

async function load(dir) {
  // The query string makes each folder's glue a module of its own, with its own instance.
  const mod = await import(`${pathToFileURL(join(dir, "calcsmith_engine.js")).href}?${encodeURIComponent(dir)}`);
  await mod.default({ module_or_path: readFileSync(join(dir, "calcsmith_engine_bg.wasm")) });
  return new mod.Engine({ locale: "en", today: "2026-11-25" });
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const quantile = (samples, q) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(q * (sorted.length - 1))];
};

const args = parseArgs(process.argv.slice(2));
const builds = [];
for (const [label, dir] of [["A", args.dirs[0]], ["B", args.dirs[1]]]) {
  builds.push({ label, dir, engine: await load(dir), small: [], smallCpu: [], table: [] });
}
const small = smallCalculator();
const table = tableCalculator();

function time(build, doc, values, into, cpuInto) {
  const cpuStart = cpuMs();
  const start = performance.now();
  build.engine.evaluate(doc, values);
  into.push(performance.now() - start);
  cpuInto?.push(cpuMs() - cpuStart);
}

for (const build of builds) {
  const until = performance.now() + WARM_UP_MS;
  for (let i = 0; performance.now() < until; i++) build.engine.evaluate(small, { 1: 10 + (i % 10) });
  for (let i = 0; i < 20; i++) build.engine.evaluate(table);
}
for (let round = 0; round < args.rounds; round++) {
  for (const build of round % 2 ? [...builds].reverse() : builds) {
    for (let i = 0; i < args.runs; i++) time(build, small, { 1: 10 + (i % 10) }, build.small, build.smallCpu);
    for (let i = 0; i < args.runs / 15; i++) time(build, table, undefined, build.table);
  }
}
const ms = (value) => `${value.toFixed(3)} ms`;
for (const build of builds) {
  console.log(
    `${build.label} ${build.dir}\n` +
      `  small: median ${ms(quantile(build.small, 0.5))}, q1 ${ms(quantile(build.small, 0.25))}, ` +
      `min ${ms(quantile(build.small, 0))}, median CPU ${ms(quantile(build.smallCpu, 0.5))} (${build.small.length} runs)\n` +
      `  table: median ${ms(quantile(build.table, 0.5))}, q1 ${ms(quantile(build.table, 0.25))} (${build.table.length} runs)`,
  );
}
