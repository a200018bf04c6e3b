// The Intl module with its locale data in parts (pkg/intl/) against a build of it with the
// data compiled in, side by side in one run (docs/benchmarks.md, "A lighter Intl module"):
// what a visitor downloads (brotli, as the server sends it) and, in this process, the time
// from the bytes to the first outputs of an en and a ru Intl calculator: compiling and
// instantiating the module, giving it its core and the page's language (the parts build
// only), making an engine and evaluating, with `missingIntlData` answered as the worker
// answers it. Loopback adds little to either; the download's time on a visitor's network is
// its size over their bandwidth. Medians of --runs runs after one not counted, alternating.
//
//   node engine/benches/intl-module-load.mjs --before DIR [--runs N]
//
// DIR holds the other build's calcsmith_engine_intl.js, _bg.wasm and _bg.wasm.br (a copy of
// pkg/ from before issue 28 part 4: `git worktree add` at 581f629, scripts/build-wasm
// --only=intl, copy pkg/calcsmith_engine_intl*).
import { readFileSync, readdirSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const before = option("--before", null);
if (!before) throw new Error("--before DIR: the build with compiled-in data to compare with");
const runs = Number(option("--runs", "7"));
const pkg = join(root, "pkg");
const data = join(pkg, "intl");

const CASES = {
  en: "return { total: (11600).toLocaleString('en-US', { style: 'currency', currency: 'USD' }), day: new Date(Date.UTC(2026, 10, 29)).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' }) };",
  ru: "return { total: (11600).toLocaleString('ru-RU', { style: 'currency', currency: 'RUB' }), day: new Date(Date.UTC(2026, 10, 29)).toLocaleDateString('ru-RU', { dateStyle: 'long', timeZone: 'UTC' }) };",
};
const doc = (script) => ({
  script,
  metaOutputs: [
    { id: 1, name: "total", type: "value" },
    { id: 2, name: "day", type: "value" },
  ],
});

const brotli = (bytes) =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const read = (name) => readFileSync(join(data, `${name}.postcard`));
const parts = JSON.parse(readFileSync(join(data, "parts.json"), "utf8"));

const builds = {
  before: { dir: before, parts: false },
  parts: { dir: pkg, parts: true },
};
let instance = 0;

/** Bytes → first outputs of `language`'s calculator in a new instance of `build`. */
async function firstOutputs(build, language) {
  const wasm = readFileSync(join(build.dir, "calcsmith_engine_intl_bg.wasm"));
  const core = build.parts ? read("core") : null;
  const blob = build.parts ? read(language) : null;
  instance += 1;
  const glue = await import(`${pathToFileURL(join(build.dir, "calcsmith_engine_intl.js"))}?i=${instance}`);
  const start = performance.now();
  await glue.default({ module_or_path: wasm });
  if (build.parts) {
    glue.addIntlCore(core, parts);
    glue.addIntlData(language, blob);
  }
  const engine = new glue.Engine({ locale: language });
  let result = engine.evaluate(doc(CASES[language]), {});
  if (build.parts) {
    const missing = glue.missingIntlData();
    if (missing.length > 0) throw new Error(`${language} lacked ${missing}`);
  }
  const ms = performance.now() - start;
  if (result.error) throw new Error(result.error);
  return { ms, outputs: result.outputs };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const times = {};
const answers = {};
for (let run = 0; run <= runs; run++) {
  for (const [name, build] of Object.entries(builds)) {
    for (const language of ["en", "ru"]) {
      const { ms, outputs } = await firstOutputs(build, language);
      (answers[`${name} ${language}`] ??= JSON.stringify(outputs));
      if (run > 0) (times[`${name} ${language}`] ??= []).push(ms);
    }
  }
}
for (const language of ["en", "ru"]) {
  if (answers[`before ${language}`] !== answers[`parts ${language}`])
    throw new Error(`${language}: ${answers[`before ${language}`]} ≠ ${answers[`parts ${language}`]}`);
}

const size = (dir) => readFileSync(join(dir, "calcsmith_engine_intl_bg.wasm.br")).length;
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const allParts = readdirSync(data).filter((f) => f.endsWith(".postcard.br"));
console.log(`load average ${loadavg().map((l) => l.toFixed(2)).join(" ")}; ${runs} runs; ${new Date().toISOString()}`);
console.log("| build | module (brotli) | + core + en (brotli) | en: bytes → first outputs | ru: bytes → first outputs |");
console.log("| --- | ---: | ---: | ---: | ---: |");
console.log(`| data compiled in (before) | ${kb(size(before))} | — | ${median(times["before en"]).toFixed(1)} ms | ${median(times["before ru"]).toFixed(1)} ms |`);
console.log(
  `| data in parts | ${kb(size(pkg))} | ${kb(size(pkg) + brotli(read("core")) + brotli(read("en")))} | ${median(times["parts en"]).toFixed(1)} ms | ${median(times["parts ru"]).toFixed(1)} ms |`,
);
console.log(`parts: ${allParts.length}; core ${kb(brotli(read("core")))}, en ${kb(brotli(read("en")))}, ru ${kb(brotli(read("ru")))} brotli`);
