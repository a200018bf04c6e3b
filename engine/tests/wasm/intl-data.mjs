// The package's Intl module with its locale data (pkg/intl/), for the tests that run it
// under Node as the web worker does (web/src/lib/engine/intl-data.ts): the core and the
// list of the other parts before the first engine, then, after each calculation, the parts
// it asked for and lacked (`missingIntlData`), and the calculation again.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const intlDataDir = join(dirname(fileURLToPath(import.meta.url)), "../../../pkg/intl");

const read = (name) => readFileSync(join(intlDataDir, `${name}.postcard`));

/** Gives the Intl module's instance `glue` the core and the `parts` (languages) up front. */
export function installIntlData(glue, parts = []) {
  glue.addIntlCore(read("core"), JSON.parse(readFileSync(join(intlDataDir, "parts.json"), "utf8")));
  for (const part of parts) glue.addIntlData(part, read(part));
}

/**
 * `run()` (a call into the engine), again each time the calculation lacked parts, which
 * are added first; also which parts were added.
 */
export function withIntlData(glue, run) {
  let value = run();
  const added = [];
  for (let round = 0; round < 4; round++) {
    const missing = glue.missingIntlData();
    if (missing.length === 0) break;
    for (const part of missing) glue.addIntlData(part, read(part));
    added.push(...missing);
    value = run();
  }
  return { value, added };
}
