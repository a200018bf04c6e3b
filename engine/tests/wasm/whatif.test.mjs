// The what-if corpus (engine/tests/whatif-fixtures/, which the native Rust test checks
// too) through the wasm package under Node and through `calc seek` / `calc sweep`: every
// face gives exactly the recorded answer. Goal seeks marked with a `reference` are also
// checked against the same model solved here, in V8, by bisection: an independent solver.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import init, { Engine } from "../../../pkg/calcsmith_engine.js";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../../..");
const fixturesDir = join(here, "../whatif-fixtures");
const calc = join(root, "target/debug/calc");

await init({ module_or_path: readFileSync(join(root, "pkg/calcsmith_engine_bg.wasm")) });

const fixtures = readdirSync(fixturesDir)
  .filter((name) => name.endsWith(".json"))
  .sort()
  .map((name) => ({ name, ...JSON.parse(readFileSync(join(fixturesDir, name), "utf8")) }));

function runWasm(fixture) {
  const engine = new Engine({ locale: fixture.locale ?? "en", today: "2026-11-25" });
  return fixture.seek
    ? engine.goalSeek(fixture.doc, fixture.values, fixture.seek)
    : engine.sweep(fixture.doc, fixture.values, fixture.sweep);
}

/** The spec as `calc seek` / `calc sweep` flags. */
function flags(spec) {
  return Object.entries(spec).flatMap(([key, value]) => {
    if (key === "values") return ["--list", value.join(",")];
    if (key === "values2") return ["--list2", value.join(",")];
    return [`--${key}`, String(value)];
  });
}

function runCli(fixture) {
  const dir = mkdtempSync(join(tmpdir(), "calc-whatif-"));
  writeFileSync(join(dir, "doc.json"), JSON.stringify(fixture.doc));
  const args = [fixture.seek ? "seek" : "sweep", join(dir, "doc.json"), "--json"];
  args.push(...flags(fixture.seek ?? fixture.sweep), "--locale", fixture.locale ?? "en", "--today", "2026-11-25");
  if (fixture.values) {
    writeFileSync(join(dir, "values.json"), JSON.stringify(fixture.values));
    args.push("--values", join(dir, "values.json"));
  }
  try {
    return { code: 0, answer: JSON.parse(execFileSync(calc, args, { encoding: "utf8" })) };
  } catch (error) {
    if (error.status !== 1) throw error;
    return { code: 1, answer: JSON.parse(error.stdout) };
  }
}

test("the corpus is all there", () => {
  assert.ok(fixtures.length >= 12, `only ${fixtures.length} fixtures`);
});

for (const fixture of fixtures) {
  test(`${fixture.name}: wasm gives the recorded answer`, () => {
    assert.deepStrictEqual(runWasm(fixture), fixture.expected);
  });
  test(`${fixture.name}: the calc CLI gives the recorded answer and exits by it`, () => {
    const { code, answer } = runCli(fixture);
    assert.deepStrictEqual(answer, fixture.expected);
    const answered = fixture.seek ? "value" in fixture.expected : "cells" in fixture.expected;
    assert.equal(code, answered ? 0 : 1);
  });
}

/** The root of `f` between `low` and `high` (f changes sign there), to the last bit. */
function bisect(f, low, high) {
  let fLow = f(low);
  for (let i = 0; i < 200; i++) {
    const middle = (low + high) / 2;
    if (middle === low || middle === high) break;
    const fMiddle = f(middle);
    if (fMiddle < 0 === fLow < 0) {
      low = middle;
      fLow = fMiddle;
    } else {
      high = middle;
    }
  }
  return (low + high) / 2;
}

/** Each model, written again here, and its solution by bisection (or in closed form). */
const REFERENCES = {
  annuity({ doc, values, seek }) {
    const v = { ...doc.defaults, ...values };
    const payment = (rate) => {
      const r = rate / 100 / 12;
      return (v[1] * r) / (1 - (1 + r) ** -(v[2] * 12));
    };
    return bisect((rate) => payment(rate) - seek.target, 0.001, 100);
  },
  "annuity-amount"({ doc, values, seek }) {
    const v = { ...doc.defaults, ...values };
    const r = v[3] / 100 / 12;
    return (seek.target * (1 - (1 + r) ** -(v[2] * 12))) / r;
  },
  irr({ doc, values, seek }) {
    const v = { ...doc.defaults, ...values };
    const npv = (discount) => {
      let sum = -v[1];
      for (let year = 1; year <= v[4]; year++) sum += (v[2] * (1 + v[3] / 100) ** (year - 1)) / (1 + discount / 100) ** year;
      return sum;
    };
    return bisect((d) => npv(d) - seek.target, -50, 1000);
  },
  "break-even"({ doc, values, seek }) {
    const v = { ...doc.defaults, ...values };
    return (seek.target + v[3]) / (v[1] - v[2]);
  },
};

for (const fixture of fixtures.filter((f) => f.reference)) {
  test(`${fixture.name}: the value found is the independent solver's`, () => {
    const expected = REFERENCES[fixture.reference](fixture);
    const { value } = runWasm(fixture);
    assert.ok(
      Math.abs(value - expected) <= 1e-6 * Math.max(1, Math.abs(expected)),
      `engine ${value}, V8 bisection ${expected}`,
    );
  });
}
