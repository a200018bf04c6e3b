// The npm package ships every library the engine can load: `npm pack --dry-run` of pkg/
// lists each library file scripts/build-wasm writes to pkg/lib/ (one per library the
// engine knows, `Library::ALL`), and each of those files loads into an engine under its
// name, so a package user can pass it to `loadLibrary` as the README says.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import init, { Engine } from "../../../pkg/calcsmith_engine.js";

const pkg = join(dirname(fileURLToPath(import.meta.url)), "../../../pkg");

test("npm pack lists every library file, and each loads under its name", async () => {
  const libraries = readdirSync(join(pkg, "lib"))
    .filter((name) => name.endsWith(".js"))
    .map((name) => name.slice(0, -3))
    .sort();
  // The five of issue 28; a library added to the engine and the build joins them here.
  assert.deepEqual(libraries, ["decimal", "formulajs", "lodash", "mathjs", "moment"]);

  const [packed] = JSON.parse(
    execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
      cwd: pkg,
      encoding: "utf8",
    }),
  );
  const files = new Set(packed.files.map((file) => file.path));
  const missing = libraries.filter((name) => !files.has(`lib/${name}.js`));
  assert.deepEqual(missing, [], "library files missing from the package");

  await init({ module_or_path: readFileSync(join(pkg, "calcsmith_engine_bg.wasm")) });
  const engine = new Engine({});
  for (const name of libraries) {
    engine.loadLibrary(name, readFileSync(join(pkg, "lib", `${name}.js`), "utf8"));
    assert.ok(engine.hasLibrary(name), name);
  }
});

test("npm pack lists the Intl module's locale data: the core, the list and every part's blob", () => {
  const parts = JSON.parse(readFileSync(join(pkg, "intl", "parts.json"), "utf8"));
  for (const part of ["en", "ru", "zh-Hant", "und-Hans", "und-cjdict"]) assert.ok(parts.includes(part), part);
  const [packed] = JSON.parse(
    execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
      cwd: pkg,
      encoding: "utf8",
    }),
  );
  const files = new Set(packed.files.map((file) => file.path));
  const wanted = ["intl/parts.json", "intl/core.postcard", ...parts.map((part) => `intl/${part}.postcard`)];
  assert.deepEqual(wanted.filter((file) => !files.has(file)), [], "locale data missing from the package");
  assert.ok(![...files].some((file) => file.endsWith(".br") || file.endsWith(".gz")), "no compressed copies");
});

test("npm pack lists the entry points and their types, and the entry is the recovering one", () => {
  const [packed] = JSON.parse(
    execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
      cwd: pkg,
      encoding: "utf8",
    }),
  );
  const files = new Set(packed.files.map((file) => file.path));
  const entries = ["index.js", "index.d.ts", "intl.js", "intl.d.ts", "recovering.js", "recovering.d.ts"];
  assert.deepEqual(entries.filter((file) => !files.has(file)), [], "entry files missing from the package");
  const manifest = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8"));
  assert.deepEqual([manifest.main, manifest.types], ["index.js", "index.d.ts"]);
});
