// Builds the formula.js file that hosts load into the engine (pkg/lib/formulajs.js) from
// formula.js's browser bundle (lib/browser/formula.min.js of @formulajs/formulajs, UMD,
// with jStat and bessel inside).
//
//   node engine/libraries/build-formulajs.mjs OUT_FILE
//
// Why not the bundle as is: Babel's helpers (`_typeof`, `_slicedToArray`, … twelve of them)
// are function declarations at the bundle's top level, so a plain script would leave them
// on the global object beside `formulajs`, where every calculator with a library on would
// see them (and the editor's linter would not know them). Here the bundle runs inside a
// function, which keeps the helpers local; its UMD part still puts `formulajs` on the
// global object. The build checks, in a fresh V8 context, that `formulajs` is the one
// global the file adds.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import vm from "node:vm";

const out = process.argv[2];
if (!out || process.argv.length !== 3) {
  console.error("usage: build-formulajs.mjs OUT_FILE");
  process.exit(2);
}

const require = createRequire(import.meta.url);
const packageDir = require.resolve("@formulajs/formulajs/package.json").replace(/package\.json$/, "");
const { version } = JSON.parse(readFileSync(`${packageDir}package.json`, "utf8"));
const bundle = readFileSync(`${packageDir}lib/browser/formula.min.js`, "utf8")
  // The map is not shipped beside it.
  .replace(/\n\/\/# sourceMappingURL=\S+\s*$/, "\n");
const text = `/* @formulajs/formulajs v${version} (MIT), its browser bundle run inside a function */\n(function () {\n${bundle}}).call(this);\n`;

const context = vm.createContext({});
const before = new Set(vm.runInContext("Object.getOwnPropertyNames(globalThis)", context));
vm.runInContext(text, context);
const added = vm.runInContext("Object.getOwnPropertyNames(globalThis)", context).filter((name) => !before.has(name));
if (added.join() !== "formulajs" || vm.runInContext("typeof formulajs.PMT", context) !== "function") {
  console.error(`build-formulajs: the file should add only formulajs to the global object, not ${added.join(", ")}`);
  process.exit(1);
}
writeFileSync(out, text);
