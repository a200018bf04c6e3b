// Builds the Math.js file that hosts load into the engine (pkg/lib/mathjs.js), from the
// CommonJS build of the `mathjs` npm package, so that loading it is quick in boa.
//
//   node engine/libraries/build-mathjs.mjs OUT_FILE
//   node engine/libraries/build-mathjs.mjs --unpatched OUT_FILE
//
//   node engine/libraries/build-mathjs.mjs --eager-classes OUT_FILE
//
// --unpatched writes the same file with typed-function as npm has it, no data and every
// dependency resolved as Math.js does: the reference engine/tests/v8/mathjs-typed.test.mjs
// compares the built file with. --eager-classes writes the built file without lazy classes
// (LAZY_CLASSES in mathjs-patches.mjs) and without Math.js's patch, to measure what they change.
//
// Why: boa parses and compiles every function of a script when the script is loaded (it
// has no lazy compilation), and Math.js's browser bundle is 650 KB of code, nearly all of
// it functions a calculator never calls. Math.js itself creates its functions lazily, on
// first use (`create(all)` puts getters on the `math` object that call each function's
// factory). This file makes the *code* lazy too: every module of Math.js and of its
// dependencies is kept as a string and compiled (with `Function`) the first time it is
// required, and every factory handed to `create` is a small stand-in that loads its module
// on first use. Loading the file then costs reading the strings and running `create`;
// a calculator pays only for the functions it uses. docs/benchmarks.md has the numbers.
//
// Then the work Math.js's first calculation spent in typed-function (parsing every typed
// function's signature strings and sorting its signatures: two thirds of the first
// `math.evaluate` in wasm) is done here: typed-function is patched
// (engine/patches/typed-function-VERSION.patch, whose README says how) to take each typed
// function's parsed, sorted signatures from data recorded under V8 while this script runs
// the file in the creation orders of mathjs-typed-structure.mjs, and to build each typed
// function's dispatch on its first call. The build stops when a typed-function version has
// no patch, when a function made in those orders is not in the data, or when one differs
// in structure from the unpatched library's.
//
// Last, fewer modules for a calculation that does not need them: Math.js resolves a
// factory's dependencies when it makes the factory's function, so `typed`, `round` or
// `matrix` made decimal.js, complex.js, fraction.js, Unit and the matrix classes even for
// `a^2 + sqrt(b)`. Here those classes reach a factory as stand-ins resolved on first use
// (LAZY_CLASSES), and Math.js's SymbolNode is patched (engine/patches/mathjs-VERSION.patch)
// to ask whether a name is a unit only when the scope lacks it.
//
// The result behaves like Math.js's own browser bundle: it defines the global `math`, the
// default instance (`create(all)`), with the same functions, constants and classes.
// engine/tests/wasm/mathjs.test.mjs compares the two.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import vm from "node:vm";
import { transformSync } from "esbuild";
import { lazyClasses, patchedFiles } from "./mathjs-patches.mjs";
import { compareTypedFunctions, CREATION_ORDERS, exercise, inRealm } from "./mathjs-typed-structure.mjs";

const flags = process.argv.slice(2).filter((arg) => arg.startsWith("--"));
const unpatched = flags.includes("--unpatched");
const eagerClasses = unpatched || flags.includes("--eager-classes");
const out = process.argv.slice(2).find((arg) => !arg.startsWith("--"));
if (!out || flags.some((flag) => flag !== "--unpatched" && flag !== "--eager-classes")) {
  console.error("usage: build-mathjs.mjs [--unpatched | --eager-classes] OUT_FILE");
  process.exit(2);
}

const here = createRequire(import.meta.url);
const mathjsDir = here.resolve("mathjs/package.json").replace(/package\.json$/, "");
const fromMathjs = createRequire(mathjsDir);
const version = fromMathjs("./package.json").version;
const createFile = fromMathjs.resolve("./lib/cjs/core/create.js");

// typed-function, as Math.js requires it, patched (engine/patches/README.md says why): its
// file is replaced by the patched one in the modules below. A version without a patch
// stops the build until the patch is ported.
const typedFunctionFile = createRequire(createFile).resolve("typed-function");
const typedFunctionDir = typedFunctionFile.replace(/lib\/umd\/typed-function\.js$/, "");
const typedFunctionVersion = JSON.parse(readFileSync(`${typedFunctionDir}package.json`, "utf8")).version;
const typedFunctionSource = patchedFiles("typed-function", typedFunctionVersion, typedFunctionDir).get(typedFunctionFile);
if (typedFunctionSource === undefined) throw new Error("typed-function's patch no longer changes lib/umd/typed-function.js");

// Math.js's own files, patched (engine/patches/mathjs-VERSION.patch): file → patched text.
const mathjsPatched = patchedFiles("mathjs", version, mathjsDir);

// Which module defines each of Math.js's factories: load them all here, in Node, and find
// each factory function among the modules' own exports (factoriesAny.js only re-exports).
const all = fromMathjs("./lib/cjs/factoriesAny.js");
const definedIn = new Map();
for (const [file, module] of Object.entries(fromMathjs.cache)) {
  const exports = module.exports;
  if (!exports || (typeof exports !== "object" && typeof exports !== "function")) continue;
  for (const key of Object.keys(exports)) {
    const descriptor = Object.getOwnPropertyDescriptor(exports, key);
    if (descriptor && "value" in descriptor && !definedIn.has(descriptor.value)) {
      definedIn.set(descriptor.value, { file, key });
    }
  }
}

// Every module reachable by `require` from create.js and from the factories' modules,
// each minified on its own (smaller strings to read, less code to compile) and scanned
// for `require` calls after minifying, so that those in comments do not count.
const ids = new Map();
const modules = [];
const REQUIRE = /\brequire\(\s*(["'])([^"'\n]+)\1\s*\)/g;
function minify(code) {
  // Licence comments (`/*! ... */`, `@license`) stay, inside the module's string.
  const options = { loader: "js", format: "cjs", minify: true, target: "es2020", legalComments: "inline" };
  return transformSync(code, options).code.trim();
}
function moduleId(file) {
  if (ids.has(file)) return ids.get(file);
  const id = modules.length;
  ids.set(file, id);
  const original = readFileSync(file, "utf8");
  const patched = eagerClasses ? undefined : mathjsPatched.get(file);
  const source = file === typedFunctionFile ? typedFunctionSource : (patched ?? original);
  const module = { file, code: minify(source), links: {}, requires: [] };
  // The reference (--unpatched) has every module as npm has it.
  module.reference = source === original ? module.code : minify(original);
  modules.push(module);
  const resolveFrom = createRequire(file);
  for (const [, , spec] of module.code.matchAll(REQUIRE)) {
    if (spec in module.links) continue;
    let target;
    try {
      target = resolveFrom.resolve(spec);
    } catch {
      target = null;
    }
    // Node's own modules (seedrandom asks for `crypto` and copes without it) are missing
    // here, as they are in a browser.
    const targetId = target && target.startsWith("/") ? moduleId(target) : -1;
    module.links[spec] = targetId;
    if (targetId >= 0) module.requires.push(targetId);
  }
  return id;
}

const createId = moduleId(createFile);
const typedFunctionId = ids.get(typedFunctionFile);
if (typedFunctionId === undefined) throw new Error("create.js no longer requires typed-function");
const factories = {};
for (const [name, factory] of Object.entries(all)) {
  const home = definedIn.get(factory);
  if (!factory.isFactory || !home) {
    throw new Error(`Math.js export ${name} is not a factory defined by one of its modules`);
  }
  factories[name] = [
    factory.fn,
    factory.dependencies,
    factory.meta ?? null,
    moduleId(home.file),
    home.key,
  ];
  const lazy = eagerClasses ? [] : lazyClasses(factory, home.file);
  if (lazy.length) {
    // What Math.js is to resolve for the stand-in: the lazy classes give way to `math`.
    const usesMath = factory.dependencies.includes("math");
    const declared = factory.dependencies.filter((dependency) => !lazy.includes(dependency.replace(/^\?/, "")));
    if (!usesMath) declared.push("math");
    factories[name].push(lazy, usesMath ? 1 : 0, declared);
  }
  if (factory.meta && Object.values(factory.meta).some((value) => typeof value === "function")) {
    throw new Error(`Math.js factory ${name} has a function in its meta, which cannot be copied`);
  }
}

// The reference (--unpatched) resolves every dependency as Math.js does.
const eagerFactories = Object.fromEntries(Object.entries(factories).map(([name, entry]) => [name, entry.slice(0, 5)]));
const lazyCount = Object.values(factories).filter((entry) => entry.length > 5).length;
if (!eagerClasses && (lazyCount === 0 || !factories.createTyped[5]?.includes("BigNumber"))) {
  throw new Error(`Math.js ${version}'s factories no longer name the classes LAZY_CLASSES lists (typed: ${all.createTyped?.dependencies})`);
}

// The packages whose code is in the file, named in its licence header.
function packageOf(file) {
  for (let dir = dirname(file); dir !== "/"; dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(`${dir}/package.json`, "utf8"));
      if (pkg.name) return `${pkg.name} ${pkg.version} (${pkg.license})`;
    } catch {
      // no package.json here: look further up
    }
  }
  throw new Error(`no package.json above ${file}`);
}
const packages = [...new Set(modules.map(({ file }) => packageOf(file)))].sort();

const copyright = readFileSync(`${mathjsDir}NOTICE`, "utf8").match(/^Copyright .*$/m)?.[0];
if (!copyright) throw new Error("no copyright line in Math.js's NOTICE");

// The file, with `precomputed` (typed-function's data, or null) handed to the patched
// typed-function before Math.js makes anything. With `record`, the file also hands it the
// global __calcsmithRecord, which the build uses to collect that data.
const fileText = (precomputed, record, reference = false) => `/*! Math.js ${version} for Calcsmith: the mathjs npm package's CommonJS modules, each compiled on first use.
 * Built by engine/libraries/build-mathjs.mjs, with typed-function's signatures parsed and sorted at build time
 * (engine/patches/typed-function-${typedFunctionVersion}.patch)${eagerClasses ? "" : ` and classes resolved on first use (engine/patches/mathjs-${version}.patch)`}. Contains: ${packages.join(", ")}.
 * Math.js: ${copyright}, licensed under the Apache License 2.0,
 * https://www.apache.org/licenses/LICENSE-2.0. The other packages' licence notices are in their modules below. */
(function (root) {
  "use strict";
  var compile = Function;
  var sources = ${JSON.stringify(modules.map((m) => (reference ? m.reference : m.code)))};
  var links = ${JSON.stringify(modules.map((m) => m.links))};
  var requires = ${JSON.stringify(modules.map((m) => m.requires))};
  // cache[id]: { exports, done, attempt }. An entry is trusted once its module has run
  // to the end (done), or while the load that made it is still going on (attempt ===
  // current), which is how require cycles see a module's exports so far. An entry left
  // behind by a load that never finished is run again: boa's limit errors (recursion,
  // time) cannot be caught, so a calculation may stop in the middle of a load without
  // any catch or finally block running, and the first use of a function may well come
  // from deep in a calculation's own recursion.
  var cache = [];
  var current = null;
  function usable(id) {
    var entry = cache[id];
    return entry !== undefined && (entry.done || entry.attempt === current);
  }
  // The modules \`id\` needs that have not run, in the order Node would finish them
  // (depth first: what a module requires before the module itself).
  function toRun(id) {
    var order = [];
    var seen = {};
    var stack = [[id, 0]];
    seen[id] = true;
    while (stack.length) {
      var top = stack[stack.length - 1];
      var next = requires[top[0]][top[1]++];
      if (next === undefined) {
        order.push(top[0]);
        stack.pop();
      } else if (!seen[next] && !usable(next)) {
        seen[next] = true;
        stack.push([next, 0]);
      }
    }
    return order;
  }
  function require_from(id) {
    return function require(spec) {
      var target = links[id][spec];
      if (target === undefined || target < 0) throw new Error("Cannot find module '" + spec + "'");
      return load(target);
    };
  }
  // Runs a module and everything it needs one after the other, rather than each inside
  // the \`require\` of the module that needs it, which would take a few stack frames per
  // level of Math.js's module tree.
  function load(id) {
    if (usable(id)) return cache[id].exports;
    var outer = current;
    var attempt = (current = {});
    var order = toRun(id);
    for (var i = 0; i < order.length; i++) cache[order[i]] = { exports: {}, done: false, attempt: attempt };
    try {
      for (i = 0; i < order.length; i++) {
        var module = cache[order[i]];
        compile("exports", "require", "module", sources[order[i]])
          .call(module.exports, module.exports, require_from(order[i]), module);
        module.done = true;
        sources[order[i]] = null;
      }
    } finally {
      current = outer;
    }
    return cache[id].exports;
  }
  // A class \`math\` has (or will have) as \`name\`, resolved from \`math\` the first time
  // it is constructed, called or read, rather than when the factory that needs it is
  // made (LAZY_DEPENDENCIES in build-mathjs.mjs says which). Built-ins taken at load.
  var apply = Reflect.apply, construct = Reflect.construct, prototypeOf = Object.getPrototypeOf;
  var LazyProxy = Proxy;
  function on_first_use(math, name) {
    var value;
    function real() {
      if (value === undefined) value = math[name];
      return value;
    }
    var stand_in = new LazyProxy(function () {}, {
      apply: function (target, self, args) { return apply(real(), self, args); },
      construct: function (target, args, newTarget) {
        return construct(real(), args, newTarget === stand_in ? real() : newTarget);
      },
      get: function (target, key) { return real()[key]; },
      set: function (target, key, v) { real()[key] = v; return true; },
      has: function (target, key) { return key in real(); },
      getPrototypeOf: function () { return prototypeOf(real()); }
    });
    return stand_in;
  }
  function stand_in(entry) {
    var lazy = entry[5];
    function factory(scope) {
      // Math.js calls factories from its getters, never while a module runs: a load
      // that seems to be going on was stopped by a limit error and is over.
      current = null;
      if (lazy) {
        var given = scope;
        scope = {};
        for (var key in given) if (key !== "math" || usesMath) scope[key] = given[key];
        // An optional class the instance does not have stays undefined, as in Math.js.
        for (var i = 0; i < lazy.length; i++) if (lazy[i] in given.math) scope[lazy[i]] = on_first_use(given.math, lazy[i]);
      }
      return load(entry[3])[entry[4]](scope);
    }
    factory.isFactory = true;
    factory.fn = entry[0];
    // With lazy classes, Math.js resolves \`math\` in their place (entry[7]).
    factory.dependencies = lazy ? entry[7] : entry[1];
    var usesMath = entry[6] === 1;
    if (entry[2]) factory.meta = entry[2];
    return factory;
  }
  var entries = ${JSON.stringify(reference ? eagerFactories : factories)};
  var factories = {};
  for (var name in entries) factories[name] = stand_in(entries[name]);
  ${reference ? "" : `load(${typedFunctionId}).usePrecomputed(${JSON.stringify(precomputed)}${record ? ", root.__calcsmithRecord" : ""});`}
  root.math = load(${createId}).create(factories);
})(this);
`;
if (unpatched) {
  writeFileSync(out, fileText(null, false, true));
  console.log(`${out}: Math.js ${version} with typed-function ${typedFunctionVersion} unpatched, the reference`);
  process.exit(0);
}

// typed-function's data: every typed function Math.js makes in the creation orders of
// mathjs-typed-structure.mjs, recorded by the patched typed-function under V8.
function run(text, record) {
  const context = vm.createContext({ __calcsmithRecord: record });
  vm.runInContext(text, context);
  return [context.math, inRealm(context.math, context)];
}
const precomputed = {};
let recorded = 0;
for (const order of CREATION_ORDERS) {
  const [math, evaluate] = run(fileText(null, true), (registry, key, entry) => {
    const table = (precomputed[registry] ??= {});
    if (!(key in table)) recorded++;
    else if (table[key] !== entry) {
      throw new Error(`typed-function sorted ${key.split("\n")[0]} two ways under one registry`);
    }
    table[key] = entry;
  });
  exercise(math, order, evaluate);
}
// Each registry's table as JSON text, parsed when a typed function is first made under it.
for (const registry of Object.keys(precomputed)) precomputed[registry] = JSON.stringify(precomputed[registry]);
const text = fileText(precomputed, false);

// The data must match the library they were made from: with a new Math.js or
// typed-function, a function they do not cover (a miss), or one whose structure differs
// from the unpatched library's, stops the build. engine/tests/v8/mathjs-typed.test.mjs
// checks the same on the built file.
for (const order of CREATION_ORDERS) {
  const misses = [];
  const [ours, evaluate] = run(fileText(precomputed, true), (registry, key) => misses.push(key.split("\n")[0]));
  exercise(ours, order, evaluate);
  if (misses.length) {
    throw new Error(`typed-function's data miss ${misses.length} functions in order ${order.name}: ${misses.slice(0, 5).join(", ")}`);
  }
  const [reference, evaluateReference] = run(fileText(null, false, true));
  exercise(reference, order, evaluateReference);
  const differences = compareTypedFunctions(ours, reference, { withDispatch: false });
  if (differences.length) {
    throw new Error(`typed functions differ from the unpatched library's (${order.name}):\n${differences.slice(0, 10).join("\n")}`);
  }
}

writeFileSync(out, text);
const registries = Object.keys(precomputed).length;
console.log(
  `${out}: Math.js ${version}, typed-function ${typedFunctionVersion} (${recorded} typed functions under ${registries} registries precomputed), ${modules.length} modules, ${Object.keys(factories).length} factories, ${text.length} bytes`,
);
