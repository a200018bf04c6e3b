// The patches build-mathjs.mjs applies to npm packages' files (engine/patches/README.md
// says which and why), and the classes it hands Math.js's factories lazily.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const patches = join(dirname(fileURLToPath(import.meta.url)), "../patches");

/**
 * The files engine/patches/PACKAGE-VERSION.patch changes in the package at `packageDir`,
 * patched (`patch -p1` on copies): a Map from each file's absolute path to its patched
 * text. Throws when there is no patch for this version or it does not apply, so that a new
 * version stops the build until the patch is ported.
 */
export function patchedFiles(name, version, packageDir) {
  let patch;
  try {
    patch = readFileSync(join(patches, `${name}-${version}.patch`), "utf8");
  } catch {
    throw new Error(`engine/patches/ has no patch for ${name} ${version}: port ${name}-*.patch to it`);
  }
  const paths = [...patch.matchAll(/^\+\+\+ b\/(\S+)/gm)].map(([, path]) => path);
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  try {
    for (const path of paths) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), readFileSync(join(packageDir, path)));
    }
    execFileSync("patch", ["--quiet", "--forward", "--batch", "-p1", "-d", dir], { input: patch });
    return new Map(paths.map((path) => [join(packageDir, path), readFileSync(join(dir, path), "utf8")]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Classes a factory gets as stand-ins resolved from `math` on first use, not when the
// factory is made (issue 34, part 3): Math.js resolves every dependency eagerly, so
// `typed` alone compiled decimal.js, complex.js, fraction.js and the matrix classes for a
// number-only script. A stand-in is not the class: it is constructed, called and read
// through, but `x.constructor === BigNumber` would be false, so a factory whose module
// compares one of these names by identity or defines a property on it gets that class as
// Math.js resolves it.
const LAZY_CLASSES = ["BigNumber", "Complex", "Fraction", "DenseMatrix", "SparseMatrix", "Unit"];

/** The classes among a factory's dependencies that it can get lazily (see LAZY_CLASSES). */
export function lazyClasses(factory, file) {
  const source = readFileSync(file, "utf8");
  return factory.dependencies
    .map((dependency) => dependency.replace(/^\?/, ""))
    .filter((dependency) => LAZY_CLASSES.includes(dependency))
    .filter((dependency) => {
      const unsafe = new RegExp(`[=!]==?\\s*${dependency}\\b|\\b${dependency}\\s*[=!]==?|defineProperty\\(\\s*${dependency}\\b`);
      return !unsafe.test(source);
    });
}
