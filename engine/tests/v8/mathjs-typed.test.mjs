// pkg/lib/mathjs.js patches typed-function (engine/patches/typed-function-*.patch): each
// typed function takes its parsed, sorted signatures from data recorded when the file was
// built, and builds its dispatch on its first call. Under V8, every typed function it makes
// must be the one the unpatched library makes: the same name, exact signatures, sorted
// signatures with their params, types and conversions, and the same dispatch (the signature
// typed.resolve picks and the answer of a call) on a set of probe arguments. The reference is
// the same file built with typed-function and Math.js as npm has them and every class
// dependency resolved when its factory is made (build-mathjs.mjs --unpatched), so that only
// the build's changes differ between the two. Each creation order of
// mathjs-typed-structure.mjs is compared on fresh instances: the conversions in force when
// a function is made decide its signatures' order.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

import {
  compareTypedFunctions,
  CREATION_ORDERS,
  exercise,
  inRealm,
} from "../../libraries/mathjs-typed-structure.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "../../..");
const ours = readFileSync(join(root, "pkg/lib/mathjs.js"), "utf8");

const scratch = mkdtempSync(join(tmpdir(), "mathjs-reference-"));
const referenceFile = join(scratch, "mathjs-unpatched.js");
execFileSync(process.execPath, [join(root, "engine/libraries/build-mathjs.mjs"), "--unpatched", referenceFile]);
const reference = readFileSync(referenceFile, "utf8");
rmSync(scratch, { recursive: true, force: true });

function instance(source) {
  const context = vm.createContext({});
  vm.runInContext(source, context);
  return [context.math, inRealm(context.math, context)];
}

test("the reference is typed-function as npm has it, and the built file is not", () => {
  assert.ok(!reference.includes("usePrecomputed"));
  assert.ok(ours.includes("usePrecomputed"));
});

// Dispatch (resolve and call on every probe list) is compared in two orders, the
// structure in all: a function's dispatch follows from its sorted signatures.
const WITH_DISPATCH = new Set(["keys in order", "evaluate first"]);

for (const order of CREATION_ORDERS) {
  const what = WITH_DISPATCH.has(order.name) ? "structure and dispatch" : "structure";
  test(`every typed function has the unpatched library's ${what} (${order.name})`, () => {
    const [math, evaluate] = instance(ours);
    const [unpatched, evaluateUnpatched] = instance(reference);
    exercise(math, order, evaluate);
    exercise(unpatched, order, evaluateUnpatched);
    const differences = compareTypedFunctions(math, unpatched, {
      withDispatch: WITH_DISPATCH.has(order.name),
      evaluateOurs: evaluate,
      evaluateReference: evaluateUnpatched,
    });
    assert.deepEqual(differences, []);
    assert.ok(compareTypedFunctions.lastCount > 400, `only ${compareTypedFunctions.lastCount} typed functions`);
  });
}

test("a function made and never called has no dispatch yet, and builds it on its first call", () => {
  const [math] = instance(ours);
  const sqrt = math.sqrt;
  assert.equal(sqrt._typedFunctionData.signatures[0].test, undefined);
  assert.equal(sqrt(16), 4);
  assert.equal(typeof sqrt._typedFunctionData.signatures[0].test, "function");
  // typed.resolve and typed.find build it too, without a call.
  const cbrt = math.cbrt;
  assert.equal(math.typed.resolve(cbrt, [27]).name, "number");
  assert.equal(math.typed.find(math.cube, "number")(3), 27);
});

test("functions the data do not cover are made as typed-function makes them", () => {
  const make = `math.typed("twice", {
    number: function (x) { return 2 * x; },
    "string, ...number": function (s, rest) { return s + rest.length; },
    BigNumber: function (x) { return x.times(2); }
  })`;
  const [ourTwice, theirTwice] = [instance(ours), instance(reference)].map(([, evaluate]) => evaluate(make));
  const names = (fn) => Array.from(fn._typedFunctionData.signatures, (s) => s.name);
  assert.deepEqual(names(ourTwice), names(theirTwice));
  assert.ok(names(ourTwice).includes("boolean"), "conversions are expanded");
  assert.equal(ourTwice(21), 42);
  assert.equal(ourTwice("a", 1, 2), "a2");
  assert.equal(ourTwice(true), 2);
});
