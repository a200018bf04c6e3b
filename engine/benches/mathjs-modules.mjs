// Counts the modules a Math.js file (pkg/lib/mathjs.js as built by
// engine/libraries/build-mathjs.mjs) compiles for a workload, under V8, and says which
// factory was being made when each was compiled. The count is the same in the wasm engine
// (the file decides what it loads, not the engine). docs/benchmarks.md has the numbers.
//
//   node engine/benches/mathjs-modules.mjs FILE [--by-factory] [CODE ...]
//
// CODE is run with `math` in scope, one after the other (default: the issue's
// `math.evaluate('a^2 + sqrt(b)', { a: 3, b: 16 })`). Prints the modules compiled while
// loading the file and while running the code, with their minified size.
import { readFileSync } from "node:fs";
import vm from "node:vm";

const args = process.argv.slice(2);
const byFactory = args.includes("--by-factory");
const [file, ...code] = args.filter((arg) => arg !== "--by-factory");
if (!file) {
  console.error("usage: mathjs-modules.mjs FILE [--by-factory] [CODE ...]");
  process.exit(2);
}
if (code.length === 0) code.push("math.evaluate('a^2 + sqrt(b)', { a: 3, b: 16 })");

const COMPILE = "var compile = Function;";
const STAND_IN = "return load(entry[3])[entry[4]](scope);";
let text = readFileSync(file, "utf8");
if (!text.includes(COMPILE) || !text.includes(STAND_IN)) throw new Error(`${file} is not a file build-mathjs.mjs made`);
text = text
  .replace(
    COMPILE,
    "var compile = function () { root.__modules.push([root.__making[root.__making.length - 1] || '(load)', arguments[arguments.length - 1].length]); return Function.apply(null, arguments); };",
  )
  .replace(STAND_IN, "root.__made.push([entry[4], entry[1]]); root.__making.push(entry[4]); try { " + STAND_IN + " } finally { root.__making.pop(); }");

const context = vm.createContext({ __modules: [], __making: [], __made: [] });
vm.runInContext(text, context);
const atLoad = context.__modules.length;
const bytesAtLoad = context.__modules.reduce((sum, [, bytes]) => sum + bytes, 0);
for (const snippet of code) vm.runInContext(`(function (math) { return ${snippet}; })`, context)(context.math);
const run = context.__modules.slice(atLoad);
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
console.log(`load: ${atLoad} modules, ${kb(bytesAtLoad)}`);
console.log(`code: ${run.length} modules, ${kb(run.reduce((sum, [, bytes]) => sum + bytes, 0))}`);
if (byFactory) {
  const counts = new Map();
  for (const [factory, bytes] of run) {
    const [n, b] = counts.get(factory) ?? [0, 0];
    counts.set(factory, [n + 1, b + bytes]);
  }
  for (const [factory, [n, b]] of [...counts].sort((x, y) => y[1][1] - x[1][1])) {
    const needs = context.__made.filter(([, dependencies]) =>
      dependencies.some((d) => d.replace(/^\?/, "").toLowerCase() === factory.replace(/^create(.*?)(Class)?$/, "$1").toLowerCase()),
    );
    console.log(`  ${factory}: ${n} modules, ${kb(b)}; needed by ${needs.map(([made]) => made).join(" ") || "-"}`);
  }
}
