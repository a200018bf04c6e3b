// The web app's layers as an ESLint rule, so that an import against them fails `eslint .`:
// app (and partials) → features → components/stores → lib, and no feature imports another.
// `element/` (@calcsmith/element, built on its own) sits beside app/: it uses components,
// stores and lib (and app/styles' CSS), and nothing imports it.
// Like eslint-plugin-import's `no-restricted-paths` (bulletproof-react's zones), but small
// enough to keep here: an import's relative path is resolved against the importing file,
// and a zone forbids files under `target` to import anything under `from` (except the
// folders under `from` named in `except`).
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** One zone per feature (no other feature), and the layer direction. */
export function layerZones(srcDir = 'src') {
  const features = readdirSync(path.join(import.meta.dirname, srcDir, 'features'), {
    withFileTypes: true,
  })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const at = (dir) => `${srcDir}/${dir}`;
  return [
    ...features.map((feature) => ({
      target: at(`features/${feature}`),
      from: at('features'),
      except: [feature],
      message: 'A feature does not import another feature; share through components/ or lib/.',
    })),
    {
      target: at('lib'),
      from: ['stores', 'components', 'features', 'app', 'partials'].map(at),
      message: 'lib/ imports nothing above it (stores, components, features, app).',
    },
    ...['components', 'stores'].map((layer) => ({
      target: at(layer),
      from: ['features', 'app', 'partials'].map(at),
      message: `${layer}/ does not import features/ or app/.`,
    })),
    // Not partials/: a feature may load its own lazily by the partial's name (the share dialog).
    { target: at('features'), from: at('app'), message: 'A feature does not import app/.' },
    {
      target: at('element'),
      from: ['features', 'app', 'partials'].map(at),
      // The app's global CSS files are the calculator's look in the element too.
      except: ['styles'],
      message: 'element/ imports no feature, app/ or partials/ (only their shared layers).',
    },
    ...['lib', 'components', 'stores', 'features', 'app', 'partials'].map((layer) => ({
      target: at(layer),
      from: at('element'),
      message: 'Nothing imports element/ (the web component is a build of its own).',
    })),
  ];
}

const inside = (file, dir) => {
  const rel = path.relative(dir, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

const noRestrictedPaths = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layers: zones of files that may not import others.' },
    schema: [{ type: 'object', properties: { zones: { type: 'array' } } }],
  },
  create(context) {
    const cwd = context.cwd;
    const file = context.filename;
    const zones = (context.options[0]?.zones ?? []).filter((zone) =>
      inside(file, path.resolve(cwd, zone.target)),
    );
    if (zones.length === 0) return {};
    const check = (source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const imported = path.resolve(path.dirname(file), source.value);
      for (const zone of zones) {
        const froms = [zone.from].flat().map((from) => path.resolve(cwd, from));
        const from = froms.find((dir) => inside(imported, dir));
        if (!from) continue;
        if ((zone.except ?? []).some((name) => inside(imported, path.join(from, name)))) continue;
        context.report({ node: source, message: `'${source.value}': ${zone.message}` });
        return;
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { 'no-restricted-paths': noRestrictedPaths } };
