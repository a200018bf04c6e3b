// The layers rule (eslint-layers.js) through ESLint itself, as `eslint .` runs it: it fails
// an import from one feature into another and an upward import, and passes the allowed ones.
import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });

/** The layers rule's messages for `code` as the file at `filePath` (relative to web/). */
async function layerErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages
    .filter((message) => message.ruleId === 'layers/no-restricted-paths')
    .map((message) => message.message);
}

describe('the layers rule', () => {
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
