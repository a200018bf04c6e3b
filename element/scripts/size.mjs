#!/usr/bin/env node
// The sizes of @calcsmith/element's files as a browser downloads them: raw, gzip -9 and
// brotli (quality 11), per file, and the JS budget of issue 32: at most 90 KB brotli of JS
// beside the engine. Counted in the budget: the element, its worker and their chunks, which
// a page with a calculator loads. Not counted: the engine itself (the wasm modules and their
// wasm-bindgen glue, calcsmith_engine*.js, and the Intl module's locale data, intl/), the
// calculators' libraries (lib/, fetched only
// for a calculator that enables one) and Chart.js (a chunk loaded only for a chart output),
// each listed apart. Run `node element/scripts/size.mjs` after the build (element/README.md);
// element/tests/size.test.mjs holds the budget.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export const DIST = fileURLToPath(new URL("../dist", import.meta.url));
/** The budget: 90 KB (KiB) of brotli-compressed JS beside the engine. */
export const BUDGET_BROTLI = 90 * 1024;

/** Which part of the package a file is (see the header). */
export function kindOf(file) {
  if (/^calcsmith_engine.*\.(js|wasm)$/.test(file)) return "engine";
  // The Intl module's locale data, fetched in parts as a calculation asks for them.
  if (/^intl\/[\w-]+(\.names)?\.(postcard|json)$/.test(file)) return "engine";
  if (file.startsWith("lib/")) return "library";
  if (/^chunks\/chart-js-[\w-]+\.js$/.test(file)) return "chart";
  if (file.endsWith(".js")) return "element";
  return "other";
}

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Every file of dist/ with its sizes and kind, and the budget's sum. Only the kinds in
 * `compressed` are compressed (brotli 11 of the 19 MB Intl module takes minutes; the engine's
 * compressed sizes are pkg/'s `.gz` and `.br`, docs/benchmarks.md "Sizes").
 */
export function measure(dist = DIST, compressed = ["element", "chart"]) {
  const files = filesUnder(dist)
    .map((path) => {
      const bytes = readFileSync(path);
      const file = relative(dist, path).split("\\").join("/");
      const kind = kindOf(file);
      const squeeze = compressed.includes(kind);
      return {
        file,
        kind,
        raw: bytes.length,
        gzip: squeeze ? gzipSync(bytes, { level: 9 }).length : null,
        brotli: squeeze
          ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length
          : null,
      };
    })
    .sort((a, b) => a.kind.localeCompare(b.kind) || a.file.localeCompare(b.file));
  const sum = (kind, key) =>
    files.filter((each) => each.kind === kind).reduce((total, each) => total + each[key], 0);
  return {
    files,
    element: { raw: sum("element", "raw"), gzip: sum("element", "gzip"), brotli: sum("element", "brotli") },
  };
}

const kb = (bytes) => (bytes === null ? "–" : `${(bytes / 1024).toFixed(1)} KB`);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { files, element } = measure(DIST, ["element", "chart", "library"]);
  const rows = files.map((each) =>
    [each.file, each.kind, kb(each.raw), kb(each.gzip), kb(each.brotli)].join(" | "),
  );
  console.log(["file | kind | raw | gzip | brotli", "--- | --- | --- | --- | ---", ...rows].join("\n"));
  console.log(
    `\nthe element's JS (budget ${kb(BUDGET_BROTLI)} brotli): ` +
      `${kb(element.raw)} raw, ${kb(element.gzip)} gzip, ${kb(element.brotli)} brotli`,
  );
  if (element.brotli > BUDGET_BROTLI) process.exitCode = 1;
}
