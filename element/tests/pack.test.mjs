// `npm pack` of @calcsmith/element (after its build): the tarball holds the element, its
// worker and their chunks, the engine's glue and wasm, the calculators' libraries, the types,
// the README and package.json — and every module a JS file imports is in it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, posix } from "node:path";
import { fileURLToPath } from "node:url";

const ELEMENT = join(dirname(fileURLToPath(import.meta.url)), "..");

test("npm pack holds the element, its worker, the engine's files, the types and the README", () => {
  const out = mkdtempSync(join(tmpdir(), "calcsmith-element-"));
  try {
    const [packed] = JSON.parse(
      execFileSync("npm", ["pack", "--json", "--pack-destination", out], {
        cwd: ELEMENT,
        encoding: "utf8",
      }),
    );
    const tarball = join(out, packed.filename);
    const listed = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .map((path) => path.replace(/^package\//, ""));
    for (const file of [
      "package.json",
      "README.md",
      "calcsmith-element.d.ts",
      "dist/calcsmith-element.js",
      "dist/worker.js",
      "dist/calcsmith_engine.js",
      "dist/calcsmith_engine_bg.wasm",
      ...["lodash", "moment", "mathjs", "formulajs", "decimal"].map((name) => `dist/lib/${name}.js`),
    ]) {
      assert.ok(listed.includes(file), `${file} is in the tarball: ${listed.join(", ")}`);
    }
    assert.deepEqual(
      listed.filter((file) => !/^(dist\/|package\.json$|README\.md$|calcsmith-element\.d\.ts$)/.test(file)),
      [],
      "nothing else (no sources, no tests, no scripts)",
    );
    // Every relative import of the package's JS resolves inside it.
    const manifest = JSON.parse(readFileSync(join(ELEMENT, "package.json"), "utf8"));
    assert.ok(listed.includes(manifest.main) && listed.includes(manifest.types));
    const missing = [];
    for (const file of listed.filter((each) => each.endsWith(".js") && !each.startsWith("dist/lib/"))) {
      const code = readFileSync(join(ELEMENT, file), "utf8");
      for (const [, spec] of code.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)) {
        const target = posix.normalize(posix.join(posix.dirname(file), spec));
        if (!listed.includes(target)) missing.push(`${file} → ${spec}`);
      }
    }
    assert.deepEqual(missing, []);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
