// What a browser downloads of the engine: pkg/'s default module, in the gzip and brotli
// copies that scripts/build-wasm makes and the server sends (server/src/routes/pages/assets.rs).
// The gzip copy is the module itself and stays within its limit for a calculator that does
// not use Intl; so do the copies of the Intl module and of the libraries. The limit is issue
// 15's 1.3 MB plus 25 KB: describing a result in Rust (engine/src/run/describe.rs) costs 4.8 KB
// gzipped (2.2 KB in brotli, which browsers get) for table results 3× faster, the trade-off
// docs/benchmarks.md records ("A result described in Rust"), and the what-if tools (goal seek,
// sensitivity tables, engine/src/run/whatif/), which live in the engine so that every face
// answers alike, 13.4 KB gzipped (1,306,724 → 1,320,141 bytes). Then 20 KB more: show-when
// and valid-when rules run by the engine on every face (engine/src/run/rules.rs, 12.5 KB) and
// V8's words for the errors authors meet (engine/src/errors/, engine/src/host/: 3.5 KB);
// then 5 KB more for issue 28's rounding rules per output (engine/src/display/rounding.rs),
// a returned Decimal shown from its digits, RegExp's refusals in V8's words
// (engine/src/host/regexp.rs) and the rules run inside the script's own run (2.7 KB of the
// 12 KB these four add); then 15 KB more (1,349,356 → 1,360,567 bytes, 2026-11-29) for
// issue 28's lone surrogates carried to every face's JSON (engine/src/display/js_text.rs),
// CSV cells rounded as shown, and issue 30's simple rules judged in Rust
// (engine/src/run/rules/native.rs); then 5 KB more (1,363,990 → 1,369,556 bytes, 2026-11-30)
// for issue 28's errors a script catches, worded as V8 words them (engine/src/errors/caught.rs);
// docs/benchmarks.md ("Sizes") records the trade.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

const pkg = join(dirname(fileURLToPath(import.meta.url)), "../../../pkg");
const TARGET_GZIPPED = 1.37e6;

test("the default module's gzip copy is the module and at most 1.37 MB", () => {
  const wasm = readFileSync(join(pkg, "calcsmith_engine_bg.wasm"));
  const gz = readFileSync(join(pkg, "calcsmith_engine_bg.wasm.gz"));
  assert.ok(gunzipSync(gz).equals(wasm), "the .gz copy unpacks to the module");
  assert.ok(
    gz.length <= TARGET_GZIPPED,
    `${gz.length} bytes gzipped, over the ${TARGET_GZIPPED} target`,
  );
});

test("every module and library has gzip and brotli copies of its own bytes", () => {
  const files = [
    ...readdirSync(pkg).filter((name) => name.endsWith(".wasm")),
    ...readdirSync(join(pkg, "lib"))
      .filter((name) => name.endsWith(".js"))
      .map((name) => join("lib", name)),
    ...readdirSync(join(pkg, "intl"))
      .filter((name) => name.endsWith(".postcard"))
      .map((name) => join("intl", name)),
  ];
  assert.ok(files.length >= 5, `modules and libraries: ${files.join(", ")}`);
  for (const file of files) {
    const bytes = readFileSync(join(pkg, file));
    for (const [suffix, unpack] of [
      [".gz", gunzipSync],
      [".br", brotliDecompressSync],
    ]) {
      const copy = join(pkg, file + suffix);
      assert.ok(existsSync(copy), `${file}${suffix} is missing`);
      const packed = readFileSync(copy);
      assert.ok(unpack(packed).equals(bytes), `${file}${suffix} unpacks to ${file}`);
      // Locale data is dense (the segmenters' models, `und-Thai_codepoints_…`, hardly
      // compress): its copies need only be smaller; code's are at most half the size.
      const most = file.startsWith("intl") ? bytes.length : bytes.length / 2;
      assert.ok(packed.length < most, `${file}${suffix} is ${packed.length} of ${bytes.length} bytes`);
    }
  }
});

// Issue 28 part 4: the Intl module without locale data, which the worker fetches for the
// languages a calculation asks for (pkg/intl/, web/src/lib/engine/intl-data.ts).
const INTL_MODULE_BROTLI = 1.5e6;
const LANGUAGE_BROTLI = 200e3;

test("the Intl module is at most 1.5 MB brotli, its core and each language's data at most 200 KB", () => {
  const module = readFileSync(join(pkg, "calcsmith_engine_intl_bg.wasm.br")).length;
  assert.ok(module <= INTL_MODULE_BROTLI, `the Intl module is ${module} bytes brotli`);
  // The languages (`en`, `zh-Hant`); the root locale's parts apart (`und-cjdict`, a
  // dictionary for segmenting Chinese words) are what only such a calculation fetches.
  const languages = JSON.parse(readFileSync(join(pkg, "intl", "parts.json"), "utf8")).filter(
    (part) => !part.startsWith("und-"),
  );
  assert.ok(languages.length >= 150, `${languages.length} languages`);
  const over = ["core", ...languages]
    .map((part) => [part, readFileSync(join(pkg, "intl", `${part}.postcard.br`)).length])
    .filter(([, size]) => size > LANGUAGE_BROTLI);
  assert.deepEqual(over, [], "parts over 200 KB brotli");
});
