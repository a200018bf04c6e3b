// Compares two Math.js files (pkg/lib/mathjs.js as built by two versions of
// engine/libraries/build-mathjs.mjs) in the wasm engine, side by side in one run: every
// sample is a fresh Node process (the module instantiated, untimed; then a new Engine,
// loadLibrary, the first calculation, then warm recalculations), and the two files take
// turns, A B then B A, so a busy machine slows both alike. docs/benchmarks.md has the
// numbers.
//
//   node engine/benches/mathjs-ab.mjs FILE_A FILE_B [--pkg DIR] [--rounds N] [--warm-runs N]
//                                     [--only evaluate,units,...]
//   node engine/benches/mathjs-ab.mjs FILE_A FILE_B --warm [--warm-runs N] [--only ...]
//
// Prints, per workload and file, the medians of: loadLibrary, the first calculation, the
// two together, and the median of each sample's warm recalculations. Every sample's
// outputs must be the same for both files.
//
// Warm times differ between processes by far more than between the files on a busy
// machine, so --warm compares them in one process instead: an engine per file, 30 warm-ups
// each, then --warm-runs (default 200) recalculations each, the engines taking turns; once
// with A's engine made first and once with B's (the order shifts them by a few per cent).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import { formatMs, mathjsCalculator, median } from "./wasm.mjs";

const OPTIONS = { locale: "en", today: "2026-11-25" };
const USAGE =
  "usage: mathjs-ab.mjs FILE_A FILE_B [--pkg DIR] [--rounds N] [--warm-runs N] [--only evaluate,units,stats,derivative,first]";

const doc = (name, script, inputs = []) => ({
  name,
  script,
  libraries: { mathjs: true },
  metaInputs: inputs.map((input, i) => ({ id: i + 1, name: input, type: "number" })),
  metaOutputs: [{ id: 1, name: "result", type: "value" }],
  defaults: Object.fromEntries(inputs.map((_, i) => [i + 1, i + 3])),
});

// The workloads (issue 34), and heavy.mjs's mathjs-first calculator.
const WORKLOADS = {
  evaluate: doc("evaluate", "return { result: math.evaluate('a^2 + sqrt(b)', { a: inputs.a, b: inputs.b }) };", ["a", "b"]),
  units: doc(
    "units",
    "return { result: math.evaluate(inputs.a + ' cm + 2 inch to mm').toString() + '; ' + math.unit(inputs.b, 'km/h').to('m/s').toString() };",
    ["a", "b"],
  ),
  stats: doc(
    "stats",
    "var xs = [inputs.a, 4, 4, 4, 5, 5, 7, inputs.b]; return { result: math.mean(xs) + ' ' + math.std(xs) };",
    ["a", "b"],
  ),
  derivative: doc(
    "derivative",
    "return { result: math.derivative('x^3 + 2*x^2 - 4*x + ' + inputs.a, 'x').toString() + '; ' + math.simplify('2*x + 3*x - x*y + 2*y*x').toString() };",
    ["a"],
  ),
  first: { ...mathjsCalculator(), name: "first" },
};

function parseArgs(argv) {
  const args = { files: [], pkg: "pkg", rounds: 5, warmRuns: null, only: Object.keys(WORKLOADS), child: null, warm: false };
  for (let i = 0; i < argv.length; i++) {
    const next = () => argv[++i];
    if (argv[i] === "--pkg") args.pkg = next();
    else if (argv[i] === "--rounds") args.rounds = Number(next());
    else if (argv[i] === "--warm-runs") args.warmRuns = Number(next());
    else if (argv[i] === "--only") args.only = next().split(",");
    else if (argv[i] === "--child") args.child = next();
    else if (argv[i] === "--warm") args.warm = true;
    else if (argv[i].startsWith("-")) throw new Error(USAGE);
    else args.files.push(resolve(argv[i]));
  }
  const known = args.only.every((name) => name in WORKLOADS);
  if ((args.child === null && args.files.length !== 2) || !known || !(args.rounds >= 1)) throw new Error(USAGE);
  args.pkg = resolve(args.pkg);
  args.warmRuns ??= args.warm ? 200 : 30;
  return args;
}

// One sample in a fresh process: FILE, WORKLOAD.
async function child(args) {
  const mod = await import(pathToFileURL(join(args.pkg, "calcsmith_engine.js")).href);
  await mod.default({ module_or_path: readFileSync(join(args.pkg, "calcsmith_engine_bg.wasm")) });
  const source = readFileSync(args.files[0], "utf8");
  const calculator = WORKLOADS[args.child];
  const engine = new mod.Engine(OPTIONS);
  const start = performance.now();
  engine.loadLibrary("mathjs", source);
  const loaded = performance.now();
  const first = engine.evaluate(calculator, undefined);
  const done = performance.now();
  // The engine stops a calculation after 5 s: on a busy machine a first calculation may
  // take longer, which counts as "at least this long" (shown as ≥).
  if (first.error !== null && first.error.startsWith("Calculation did not finish")) {
    console.log(JSON.stringify({ load: loaded - start, first: done - loaded, warm: null, timedOut: true }));
    return;
  }
  if (first.error !== null) throw new Error(`${args.child}: ${first.error}`);
  engine.prepare();
  // Warm recalculations with changing values, prepare() between them untimed, as the
  // hosts run it while idle.
  const warm = [];
  for (let i = 0; i < args.warmRuns; i++) {
    const values = Object.fromEntries(calculator.metaInputs.map((input) => [input.id, 3 + (i % 7) + input.id]));
    const t = performance.now();
    const answer = engine.evaluate(calculator, values);
    warm.push(performance.now() - t);
    if (answer.error !== null) throw new Error(`${args.child} warm: ${answer.error}`);
    engine.prepare();
  }
  console.log(
    JSON.stringify({ load: loaded - start, first: done - loaded, warm: median(warm), outputs: JSON.stringify(first.outputs ?? first) }),
  );
}

function sample(args, file, workload) {
  const out = execFileSync(
    process.execPath,
    [fileURLToPath(import.meta.url), file, "--child", workload, "--pkg", args.pkg, "--warm-runs", String(args.warmRuns)],
    { encoding: "utf8", maxBuffer: 16 << 20 },
  );
  return JSON.parse(out.trim().split("\n").pop());
}

// --warm: both files in this process, recalculating in turn.
async function warmInOneProcess(args) {
  const mod = await import(pathToFileURL(join(args.pkg, "calcsmith_engine.js")).href);
  await mod.default({ module_or_path: readFileSync(join(args.pkg, "calcsmith_engine_bg.wasm")) });
  const values = (calculator, i) =>
    Object.fromEntries(calculator.metaInputs.map((input) => [input.id, 3 + (i % 7) + input.id]));
  const lines = ["| workload | B ÷ A, A made first | B ÷ A, B made first | A (ms) | B (ms) |", "| --- | ---: | ---: | ---: | ---: |"];
  for (const workload of args.only) {
    const calculator = WORKLOADS[workload];
    const ratios = [];
    const ms = [[], []];
    for (const order of [[0, 1], [1, 0]]) {
      const engines = [];
      for (const k of order) {
        const engine = new mod.Engine(OPTIONS);
        engine.loadLibrary("mathjs", readFileSync(args.files[k], "utf8"));
        engine.prepare();
        engines[k] = engine;
      }
      const times = [[], []];
      const timeouts = [0, 0];
      const warmUp = Math.min(30, args.warmRuns);
      for (let i = 0; i < warmUp + args.warmRuns; i++) {
        for (const k of i % 2 ? [1, 0] : [0, 1]) {
          const start = performance.now();
          const answer = engines[k].evaluate(calculator, values(calculator, i));
          const ms = performance.now() - start;
          // A calculation may hit the 5 s limit on a busy machine (a first one often does):
          // it is counted, not timed.
          const timedOut = answer.error?.startsWith("Calculation did not finish");
          if (answer.error !== null && !timedOut) throw new Error(`${workload}: ${answer.error}`);
          if (timedOut) timeouts[k]++;
          else if (i >= warmUp) times[k].push(ms);
          engines[k].prepare();
        }
      }
      for (const engine of engines) engine.free();
      if (timeouts[0] + timeouts[1]) process.stderr.write(`${workload}: time-outs A ${timeouts[0]}, B ${timeouts[1]}\n`);
      ratios.push(median(times[1]) / median(times[0]));
      ms[0].push(median(times[0]));
      ms[1].push(median(times[1]));
    }
    const range = (xs) => xs.map(formatMs).join(", ");
    lines.push(`| ${workload} | ${ratios[0].toFixed(3)} | ${ratios[1].toFixed(3)} | ${range(ms[0])} | ${range(ms[1])} |`);
    process.stderr.write(`${workload} done\n`);
  }
  lines.push("", `Medians of ${args.warmRuns} warm recalculations per engine and order.`);
  console.log([`A: ${args.files[0]}`, `B: ${args.files[1]}`, "", ...lines].join("\n"));
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.child !== null) return child(args);
  if (args.warm) return warmInOneProcess(args);
  const [a, b] = args.files;
  const results = {};
  for (const workload of args.only) results[workload] = { [a]: [], [b]: [] };
  for (let round = 0; round < args.rounds; round++) {
    for (const workload of args.only) {
      const order = round % 2 === 0 ? [a, b] : [b, a];
      for (const file of order) {
        const s = sample(args, file, workload);
        results[workload][file].push(s);
        const answered = [...results[workload][a], ...results[workload][b]].filter((x) => !x.timedOut);
        if (answered.some((x) => x.outputs !== answered[0].outputs)) {
          throw new Error(`${workload}: ${answered.map((x) => x.outputs).join(" ≠ ")}`);
        }
      }
      process.stderr.write(`round ${round + 1}/${args.rounds} ${workload}\n`);
    }
  }
  const loadavg = (await import("node:os")).loadavg().map((x) => x.toFixed(2)).join(" ");
  const lines = [
    `A: ${a}`,
    `B: ${b}`,
    "",
    "| workload | file | load | first calculation | load + first | warm recalculation | B ÷ A (load + first) | B ÷ A (warm) |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const workload of args.only) {
    const stats = (file) => {
      const samples = results[workload][file];
      const finished = samples.filter((s) => !s.timedOut);
      const total = median(samples.map((s) => s.load + s.first));
      // A median at or above the quickest time-out is a lower bound.
      const bound = Math.min(...samples.filter((s) => s.timedOut).map((s) => s.load + s.first));
      return {
        load: median(samples.map((s) => s.load)),
        first: median(samples.map((s) => s.first)),
        total,
        lowerBound: total >= bound,
        timeouts: samples.length - finished.length,
        warm: finished.length ? median(finished.map((s) => s.warm)) : NaN,
      };
    };
    const sa = stats(a);
    const sb = stats(b);
    for (const [label, s] of [["A", sa], ["B", sb]]) {
      const bound = sa.lowerBound && !sb.lowerBound ? "≤ " : "";
      const ratio = label === "B" ? [`${bound}${(sb.total / sa.total).toFixed(2)}×`, `${(sb.warm / sa.warm).toFixed(3)}×`] : ["", ""];
      const ge = s.lowerBound ? "≥ " : "";
      const timeouts = s.timeouts ? ` (${s.timeouts} of ${results[workload][label === "A" ? a : b].length} timed out)` : "";
      lines.push(
        `| ${workload} | ${label}${timeouts} | ${formatMs(s.load)} | ${ge}${formatMs(s.first)} | ${ge}${formatMs(s.total)} | ${formatMs(s.warm)} | ${ratio.join(" | ")} |`,
      );
    }
  }
  lines.push("", `Medians of ${args.rounds} samples (fresh process each), warm: median of ${args.warmRuns} per sample; load average at the end ${loadavg}.`);
  console.log(lines.join("\n"));
}

await main();
