// CLDR's JSON packages for the scripts that write the engine's own CLDR data
// (scripts/cldr-names, scripts/day-periods): fetched with `npm pack` into a temporary
// folder, with CLDR's locale names as ICU4X's data names them and CLDR's parents.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Unpacks `cldr-<package>@version` (one package, or several: their `main` folders, one per
// locale, merged) and cldr-core's supplemental files into a temporary folder. Returns its
// paths and helpers; `remove()` deletes the folder.
export function unpackCldr(packages, version) {
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), "cldr-"));
  for (const pkg of [packages].flat()) {
    execFileSync("npm", ["pack", "--silent", `${pkg}@${version}`], { cwd: temp });
    execFileSync("tar", ["xzf", `${pkg}-${version}.tgz`], { cwd: temp });
  }
  execFileSync("npm", ["pack", "--silent", `cldr-core@${version}`], { cwd: temp });
  execFileSync("tar", ["xzf", `cldr-core-${version}.tgz`, "package/supplemental"], { cwd: temp });
  const supplemental = (name) =>
    JSON.parse(fs.readFileSync(path.join(temp, "package", "supplemental", `${name}.json`), "utf8"))
      .supplemental;
  const parents = supplemental("parentLocales").parentLocales.parentLocale;
  const likely = supplemental("likelySubtags").likelySubtags;
  const scriptOf = (language, region) =>
    (likely[`${language}-${region}`] ?? likely[language] ?? "").split("-")[1];

  // A locale as ICU4X's data names it: without a script that the language (and region)
  // implies (`zh-Hant-HK` is `zh-HK`, `sr-Cyrl` is `sr`; `zh-Hant` stays).
  function icuName(locale) {
    if (locale === "root") return "und";
    const [language, ...rest] = locale.split("-");
    const script = rest.find((s) => /^[A-Z][a-z]{3}$/.test(s));
    const region = rest.find((s) => /^([A-Z]{2}|[0-9]{3})$/.test(s));
    if (!script || scriptOf(language, region) !== script) return locale;
    return [language, ...rest.filter((s) => s !== script)].join("-");
  }

  // CLDR's parent of a locale (`en-GB` → `en-001`, `es-MX` → `es-419`, `zh-Hant` → root).
  function parentOf(locale) {
    if (parents[locale]) return parents[locale];
    const cut = locale.lastIndexOf("-");
    return cut > 0 ? locale.slice(0, cut) : "root";
  }

  return {
    main: path.join(temp, "package", "main"),
    supplemental,
    icuName,
    parentOf,
    remove: () => fs.rmSync(temp, { recursive: true, force: true }),
  };
}
