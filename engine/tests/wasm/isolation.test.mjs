// No calculation can see or disturb another through one Engine of the wasm package (as
// in a browser tab's worker): the attacks of engine/tests/isolation-attacks.json, as the
// native test (engine/tests/isolation.rs) runs them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import init, { Engine } from "../../../pkg/calcsmith_engine.js";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../../..");
const file = JSON.parse(readFileSync(join(here, "../isolation-attacks.json"), "utf8"));

await init({ module_or_path: readFileSync(join(root, "pkg/calcsmith_engine_bg.wasm")) });

function newEngine() {
  const engine = new Engine({ locale: "en", today: "2026-11-25" });
  for (const name of ["lodash", "moment", "mathjs", "formulajs", "decimal"]) {
    engine.loadLibrary(name, readFileSync(join(root, `pkg/lib/${name}.js`), "utf8"));
  }
  return engine;
}

const doc = (script, library) => ({
  ...file.doc,
  script,
  libraries: library ? { [library]: true } : {},
});
const values = (secret) => ({ 1: secret, 2: 7 });

// Attacker (alice), victim (bob), attacker again (carol), every attack on one engine.
function runAttacks(evaluate) {
  for (const attack of file.attacks) {
    const attacker = doc(file.attacker.replace("HOOK", attack.hook), attack.library);
    const first = evaluate(attacker, "alice");
    assert.deepEqual([first.error, first.outputs?.out], [null, ""], `${attack.what}: the attacker's first run`);
    const victim = evaluate(doc(attack.victim, attack.library), "bob");
    assert.deepEqual([victim.error, victim.outputs?.out], [null, attack.expected], `${attack.what}: the victim`);
    const again = evaluate(attacker, "carol");
    assert.deepEqual([again.error, again.outputs?.out], [null, ""], `${attack.what}: the attacker's second run`);
  }
}

test("no calculation sees or changes what another did on one engine", () => {
  const engine = newEngine();
  runAttacks((calc, secret) => engine.evaluate(calc, values(secret)));
  engine.free();
});

test("the same with engine.prepare() between calculations, as the web worker does", () => {
  const engine = newEngine();
  runAttacks((calc, secret) => {
    const result = engine.evaluate(calc, values(secret));
    engine.prepare();
    return result;
  });
  engine.free();
});

test("memory parked in a global by one calculation is freed for the next", () => {
  const engine = new Engine({ locale: "en", today: "2026-11-25" });
  // ~200 MB kept on globalThis per run: five of them would pass the instance's 1 GiB
  // hard limit if they shared a realm, and the wasm instance would trap.
  const hoarder = doc(
    "(globalThis.hoard = globalThis.hoard || []).push(new ArrayBuffer(200 * 1024 * 1024));\nreturn { out: globalThis.hoard.length };",
  );
  for (let i = 0; i < 5; i++) {
    const result = engine.evaluate(hoarder, values("a"));
    assert.deepEqual([result.error, result.outputs?.out], [null, 1]);
  }
  const victim = engine.evaluate(doc("return { out: new ArrayBuffer(100 * 1024 * 1024).byteLength };"), values("b"));
  assert.deepEqual([victim.error, victim.outputs?.out], [null, 100 * 1024 * 1024]);
  engine.free();
});
