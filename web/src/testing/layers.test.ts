// The layers rule (eslint-layers.js) through ESLint itself, as `eslint .` runs it: it fails
// an import from one feature into another and an upward import, and passes the allowed ones.
// And no import circle in the product code (src/, tests and test helpers left out).
import { ESLint } from 'eslint';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });

/** The layers rule's messages for `code` as the file at `filePath` (relative to web/). */
async function layerErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages
    .filter((message) => message.ruleId === 'layers/no-restricted-paths')
    .map((message) => message.message);
}

describe('the layers rule', () => {
  // ESLint loads its parser and plugins on the first lint: seconds on a busy machine, which
  // belong to no test's time limit.
  beforeAll(async () => {
    await eslint.lintText('export {};\n', { filePath: 'src/lib/warm-up.ts' });
  }, 60_000);

  it('fails a feature importing another feature', async () => {
    expect(
      await layerErrors(
        "import { billing } from '../billing/billing';\nexport const x = billing;\n",
        'src/features/editor/x.ts',
      ),
    ).toEqual([
      "'../billing/billing': A feature does not import another feature; share through components/ or lib/.",
    ]);
  });

  it('fails a nested file of a feature importing another feature, and a lazy import', async () => {
    const errors = await layerErrors(
      "export const load = () => import('../../../features/welcome/examples');\n",
      'src/features/editor/history/x.ts',
    );
    expect(errors).toHaveLength(1);
  });

  it('fails lib importing a store, and a component importing a feature', async () => {
    expect(await layerErrors("export { useUi } from '../stores/ui';\n", 'src/lib/x.ts')).toEqual([
      "'../stores/ui': lib/ imports nothing above it (stores, components, features, app).",
    ]);
    expect(
      await layerErrors("export * from '../features/legal/legal-text';\n", 'src/components/x.ts'),
    ).toEqual(["'../features/legal/legal-text': components/ does not import features/ or app/."]);
  });

  it('fails element/ importing a feature, and anything importing element/', async () => {
    expect(
      await layerErrors("export * from '../features/published/share';\n", 'src/element/x.ts'),
    ).toEqual([
      "'../features/published/share': element/ imports no feature, app/ or partials/ (only their shared layers).",
    ]);
    expect(
      await layerErrors(
        "export * from '../../element/doc-source';\n",
        'src/components/calculator/x.ts',
      ),
    ).toEqual([
      "'../../element/doc-source': Nothing imports element/ (the web component is a build of its own).",
    ]);
    expect(
      await layerErrors(
        "import css from '../app/styles/base.css?inline';\nimport { useUi } from '../stores/ui';\nexport const all = [css, useUi];\n",
        'src/element/x.ts',
      ),
    ).toEqual([]);
  });

  it('passes imports within a feature and down the layers', async () => {
    const code = [
      "import { editorMessages } from './messages';",
      "import { Dialog } from '../../components/dialog';",
      "import { useUi } from '../../stores/ui';",
      "import { newDoc } from '../../lib/doc';",
      'export const all = [editorMessages, Dialog, useUi, newDoc];',
      '',
    ].join('\n');
    expect(await layerErrors(code, 'src/features/editor/x.ts')).toEqual([]);
  });
});

/** The product modules under `dir` (tests and test helpers left out), each with the
 * modules it imports by a relative path (static, re-exported or lazy). */
function importGraph(dir: string): Map<string, string[]> {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .filter((file) => !file.startsWith(`testing${path.sep}`))
    .map((file) => path.join(dir, file));
  const known = new Set(files);
  const resolve = (from: string, spec: string) =>
    ['', '.ts', '.tsx', '/index.ts']
      .map((ending) => path.resolve(path.dirname(from), spec) + ending)
      .find((file) => known.has(file));
  const specs = /(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g;
  return new Map(
    files.map((file) => [
      file,
      [...readFileSync(file, 'utf8').matchAll(specs)]
        .map((match) => resolve(file, match[1]))
        .filter((target): target is string => target !== undefined),
    ]),
  );
}

/** A circle of imports in `graph` (its modules, the first again at the end), if any. */
function findCircle(graph: Map<string, string[]>): string[] | null {
  const done = new Set<string>();
  const visit = (file: string, trail: string[]): string[] | null => {
    const at = trail.indexOf(file);
    if (at >= 0) return [...trail.slice(at), file];
    if (done.has(file)) return null;
    for (const next of graph.get(file) ?? []) {
      const circle = visit(next, [...trail, file]);
      if (circle) return circle;
    }
    done.add(file);
    return null;
  };
  for (const file of graph.keys()) {
    const circle = visit(file, []);
    if (circle) return circle;
  }
  return null;
}

describe('import circles', () => {
  const src = path.resolve(import.meta.dirname, '..');

  it('are found', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(findCircle(graph)).toEqual(['a', 'b', 'c', 'a']);
    expect(findCircle(new Map([['a', ['b']]]))).toBeNull();
  });

  it('reads the imports of a real module', () => {
    const graph = importGraph(src);
    expect(graph.get(path.join(src, 'features/billing/card-field.tsx'))).toContain(
      path.join(src, 'features/billing/live-card-field.tsx'),
    );
  });

  it('none remains in the product code', () => {
    const circle = findCircle(importGraph(src));
    expect(circle?.map((file) => path.relative(src, file)) ?? null).toBeNull();
  });
});
