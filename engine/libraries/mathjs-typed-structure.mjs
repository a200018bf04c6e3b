// The structure of every typed function a Math.js instance has made, compared between two
// instances: pkg/lib/mathjs.js (typed-function patched to take its parsed, sorted
// signatures from build-time data and to build its dispatch on first call) and Math.js
// with the unpatched typed-function. Used by build-mathjs.mjs, which records the data in
// these creation orders and stops when they differ, and by
// engine/tests/v8/mathjs-typed.test.mjs, which checks the built file.
//
// The order in which Math.js makes its functions matters: `parse` adds a string → Node
// conversion and `simplify` adds and removes Object → Map, and typed-function sorts a
// function's signatures under the conversions in force when it is made.

import vm from "node:vm";

// Each order makes every function of `math` (and its transforms), after a workload that
// decides which functions come first.
export const CREATION_ORDERS = [
  { name: "keys in order", first: [], reverse: false },
  { name: "keys in reverse", first: [], reverse: true },
  { name: "evaluate first", first: ["math.evaluate('a^2 + sqrt(b)', { a: 3, b: 16 })"], reverse: false },
  {
    name: "derivative and simplify first",
    first: ["math.derivative('x^2 + 3x', 'x').toString()", "math.simplify('2x + 3x - y + y').toString()"],
    reverse: true,
  },
  {
    name: "units and statistics first",
    first: ["math.evaluate('5 cm + 2 inch to mm').toString()", "math.std([2, 4, 4, 4, 5, 5, 7, 9])", "math.mean(1, 2, 3)"],
    reverse: false,
  },
];

function namespaces(math) {
  return [
    ["math", math],
    ["transform", math.expression.transform],
    ["mathWithTransform", math.expression.mathWithTransform],
  ];
}

/**
 * Evaluates code with `math` in scope in the realm `math` lives in (vm contexts'
 * objects fail Math.js's type tests in another realm: `{}` is not their Object).
 */
export function inRealm(math, context) {
  if (context) return (code) => vm.runInContext(`(function (math) { return ${code}; })`, context)(math);
  return (code) => new Function("math", `return ${code};`)(math);
}

/** Runs `order`'s workload on `math`, then reads every function of it and its transforms. */
export function exercise(math, order, evaluate = inRealm(math)) {
  for (const expression of order.first) evaluate(expression);
  for (const [, namespace] of namespaces(math)) {
    const keys = Object.keys(namespace).sort();
    if (order.reverse) keys.reverse();
    for (const key of keys) void namespace[key];
  }
  return math;
}

const isTyped = (value) => typeof value === "function" && value !== null && "_typedFunctionData" in value;

function describeParam(param) {
  const conversion = (c) => (c ? `${c.from}>${c.to}#${c.index}` : String(c));
  return [
    param.name,
    `hasAny=${param.hasAny}`,
    `hasConversion=${typeof param.hasConversion === "object" ? conversion(param.hasConversion) : param.hasConversion}`,
    `rest=${param.restParam}`,
    param.types
      .map((t) => `${t.name}@${t.typeIndex}/${t.isAny}/${conversion(t.conversion)}/${t.conversionIndex}`)
      .join(" "),
  ].join(" ");
}

// A typed function's name, its exact signatures in order and its sorted signatures with
// their params, types, conversions and which function each calls.
function describe(fn) {
  const exact = Object.keys(fn.signatures);
  const exactFns = Object.values(fn.signatures);
  const lines = [`name=${fn.name}`, `exact=${exact.join(" ; ")}`];
  for (const signature of fn._typedFunctionData.signatures) {
    lines.push(`${signature.name} -> ${exactFns.indexOf(signature.fn)} :: ${signature.params.map(describeParam).join(" , ")}`);
  }
  lines.push(`map=${[...fn._typedFunctionData.signatureMap.keys()].join(" ; ")}`);
  return lines;
}

// Values of every kind Math.js's signatures name, made in the instance's realm.
const PROBES = `[
  1, 2.5, -3, 0, NaN, true, "x", "2", "", null, undefined, 10n, { a: 1 }, new Date(0), /a/, function (x) { return x; },
  math.bignumber("1.5"), math.fraction(1, 3), math.complex(1, 2), math.unit("5 cm"), math.matrix([1, 2]),
  math.sparse([[1, 0], [0, 1]]), [1, 2], [[1, 2], [3, 4]], math.range(0, 3), math.index(0), math.parse("x + 1"),
  new Map([["a", 1]])
]`;
const PAIRED = [0, 1, 5, 6, 10, 11, 16, 17, 18, 19, 20, 22, 23, 26];

// Calls whose answers depend on more than the arguments (a random draw; median and mad
// pick random pivots, so which wrong argument their error names varies), or that change
// the instance.
const NOT_CALLED = /random|pickRandom|^median$|^mad$|^config$|^import$|^create|^print$|^help$|^evaluate$|^compile$|^parse$|^parser$/;

function answer(run) {
  try {
    const value = run();
    if (typeof value === "function") return `function ${value.name}`;
    if (typeof value === "bigint") return `${value}n`;
    return `${typeof value} ${String(value && typeof value === "object" && !Array.isArray(value) ? (value.toString?.() ?? Object.keys(value)) : value).slice(0, 200)}`;
  } catch (error) {
    return `throws ${error?.name}: ${String(error?.message).slice(0, 200)}`;
  }
}

// Which signature typed.resolve picks for each probe argument list, and what calling the
// function answers for single probes and pairs (the call goes through the dispatch the
// patched typed-function builds on first call).
function dispatch(math, fn, name, evaluate) {
  const values = evaluate(PROBES);
  const lists = [[]];
  for (const value of values) lists.push([value]);
  for (const i of PAIRED) for (const j of PAIRED) lists.push([values[i], values[j]]);
  lists.push([1, 2, 3], [values[22], 1, 2], [values[16], values[16], values[16]]);
  const lines = [];
  for (const [n, args] of lists.entries()) {
    const resolved = math.typed.resolve(fn, args);
    let line = `${n}: ${resolved ? resolved.name : "none"}`;
    if (!NOT_CALLED.test(name) && args.length <= 2) line += ` = ${answer(() => fn(...args))}`;
    lines.push(line);
  }
  return lines;
}

/**
 * Every typed function of `ours` and `reference` (same keys, same namespaces) compared:
 * names, signature order, params and conversions, then dispatch on the probes. Returns
 * the differences, one line each; none when they match.
 */
export function compareTypedFunctions(
  ours,
  reference,
  { withDispatch = true, evaluateOurs = inRealm(ours), evaluateReference = inRealm(reference) } = {},
) {
  const differences = [];
  const theirs = new Map(namespaces(reference));
  let compared = 0;
  for (const [space, namespace] of namespaces(ours)) {
    const other = theirs.get(space);
    const keys = Object.keys(namespace).sort();
    const otherKeys = Object.keys(other).sort();
    if (keys.join() !== otherKeys.join()) differences.push(`${space}: keys differ`);
    for (const key of keys) {
      const fn = namespace[key];
      const otherFn = other[key];
      if (isTyped(fn) !== isTyped(otherFn)) {
        differences.push(`${space}.${key}: typed in one only`);
        continue;
      }
      if (!isTyped(fn)) continue;
      compared++;
      const a = describe(fn);
      const b = describe(otherFn);
      const at = a.findIndex((line, i) => line !== b[i]);
      if (at >= 0 || a.length !== b.length) {
        const i = at >= 0 ? at : Math.min(a.length, b.length);
        differences.push(`${space}.${key}: structure line ${i}: ${a[i]} ≠ ${b[i]}`);
        continue;
      }
      if (!withDispatch) continue;
      const da = dispatch(ours, fn, key, evaluateOurs);
      const db = dispatch(reference, otherFn, key, evaluateReference);
      const d = da.findIndex((line, i) => line !== db[i]);
      if (d >= 0) differences.push(`${space}.${key}: dispatch ${da[d]} ≠ ${db[d]}`);
    }
  }
  if (compared === 0) differences.push("no typed functions compared");
  compareTypedFunctions.lastCount = compared;
  return differences;
}
