// What show-when and valid-when rules add to a small recalculation in the wasm package:
// the small calculator of wasm.mjs without rules, and the same with 3 show-when rules
// (two inputs, one output) and 1 valid-when rule, measured side by side in one Node
// process, alternating round by round so a busy machine slows both alike. Each
// evaluation is followed by prepare(), untimed, as the hosts do while idle. With several
// `--pkg` folders (main's build and yours, say) every package's two calculators take
// turns in the same rounds, so the builds are compared under the same load.
// docs/benchmarks.md ("Rules") has the numbers.
//
//   node engine/benches/rules-ab.mjs [--pkg DIR]... [--rounds N] [--runs N]
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import { smallCalculator } from "./wasm.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const USAGE = "usage: rules-ab.mjs [--pkg DIR]... [--rounds N] [--runs N]";
const WARM_UP_MS = 2000;

function parseArgs(argv) {
  const args = { pkgs: [], rounds: 10, runs: 300 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--pkg") args.pkgs.push(resolve(argv[++i]));
    else if (argv[i] === "--rounds") args.rounds = Number(argv[++i]);
    else if (argv[i] === "--runs") args.runs = Number(argv[++i]);
    else throw new Error(USAGE);
  }
  if (args.pkgs.length === 0) args.pkgs.push(join(here, "../../pkg"));
  if (!(args.rounds >= 2) || !(args.runs >= 15)) throw new Error(USAGE);
  return args;
}

/** The small calculator with 3 show-when rules and 1 valid-when rule, all holding. */
export function smallCalculatorWithRules() {
  const doc = smallCalculator();
  doc.name = "bench-small-rules";
  doc.metaInputs = doc.metaInputs.map((input) => ({ ...input }));
  doc.metaOutputs = doc.metaOutputs.map((output) => ({ ...output }));
  doc.metaInputs[5].visibleWhen = "inputs.price > 0";
  doc.metaInputs[9].visibleWhen = "inputs.qty > 1 && inputs.fee < 1000";
  doc.metaOutputs[3].visibleWhen = "inputs.deposit > 0";
  doc.metaInputs[3].validWhen = [{ rule: "inputs.years >= 1", message: "must be a year or more" }];
  return doc;
}

const args = parseArgs(process.argv.slice(2));
const cases = [];
for (const dir of args.pkgs) {
  // The query string makes each folder's glue a module of its own, with its own instance.
  const glue = `${pathToFileURL(join(dir, "calcsmith_engine.js")).href}?${encodeURIComponent(dir)}`;
  const mod = await import(glue);
  await mod.default({ module_or_path: readFileSync(join(dir, "calcsmith_engine_bg.wasm")) });
  const engine = new mod.Engine({ locale: "en", today: "2026-11-25" });
  cases.push(
    { dir, engine, label: "small, no rules", doc: smallCalculator(), times: [] },
    { dir, engine, label: "small, 3 show-when + 1 valid-when rules", doc: smallCalculatorWithRules(), times: [] },
  );
}
for (const c of cases) {
  const check = c.engine.evaluate(c.doc, { 1: 10 });
  if (check.error || check.invalid) throw new Error(`${c.label}: ${check.error ?? JSON.stringify(check.invalid)}`);
}

function run(c, into) {
  for (let i = 0; i < args.runs; i++) {
    const values = { 1: 10 + (i % 10) };
    const start = performance.now();
    c.engine.evaluate(c.doc, values);
    into?.push(performance.now() - start);
    c.engine.prepare();
  }
}

const until = performance.now() + WARM_UP_MS;
while (performance.now() < until) for (const c of cases) run(c);
const load = loadavg()[0];
for (let round = 0; round < args.rounds; round++) {
  for (const c of round % 2 ? [...cases].reverse() : cases) run(c, c.times);
}

const quantile = (samples, q) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(q * (sorted.length - 1))];
};
const ms = (value) => `${value.toFixed(4)} ms`;
for (const c of cases) Object.assign(c, { median: quantile(c.times, 0.5), q1: quantile(c.times, 0.25) });
console.log(`| package | calculator | median | lower quartile | runs |\n|---|---|---|---|---|`);
for (const c of cases) console.log(`| ${c.dir} | ${c.label} | ${ms(c.median)} | ${ms(c.q1)} | ${c.times.length} |`);
console.log("");
for (let i = 0; i < cases.length; i += 2) {
  const [plain, ruled] = [cases[i], cases[i + 1]];
  console.log(
    `${plain.dir}: rules add ${((ruled.median / plain.median - 1) * 100).toFixed(1)} % (median), ` +
      `${((ruled.q1 / plain.q1 - 1) * 100).toFixed(1)} % (lower quartile)`,
  );
}
console.log(`load ${load.toFixed(2)} at the start`);
