// The web app's API types are generated, never written by hand: this turns the server's
// OpenAPI document (`calcsmith openapi`, the one served at /api/openapi.json) into
// src/lib/api/schema.d.ts with openapi-typescript, formatted as prettier formats the rest.
//
//   node scripts/api-types.mjs [document]          writes schema.d.ts (npm run api-types)
//   node scripts/api-types.mjs --check [document]  fails when it is stale (npm run api-types:check)
//
// The document defaults to ../target/openapi.json, where scripts/test writes it.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import * as prettier from 'prettier';

const web = path.resolve(import.meta.dirname, '..');
const output = path.join(web, 'src/lib/api/schema.d.ts');
const STALE =
  'web/src/lib/api/schema.d.ts is stale: run `npm run api-types` in web/ (after building the server)';

const HEADER = `// Generated from the server's OpenAPI document (\`calcsmith openapi\`, served at
// /api/openapi.json) by openapi-typescript: run \`npm run api-types\` in web/ after changing
// the server's wire types. Do not edit: \`scripts/test\` fails when this differs from what the
// document gives (web/scripts/api-types.mjs).

`;

/** The types of the document at `file`, as schema.d.ts holds them. */
async function generate(file) {
  const document = JSON.parse(await readFile(file, 'utf8'));
  // An object schema that names no properties takes any (JSON Schema's reading), not none.
  const ast = await openapiTS(document, { silent: true, emptyObjectsUnknown: true });
  const options = { ...(await prettier.resolveConfig(output)), filepath: output };
  return prettier.format(HEADER + astToString(ast), options);
}

const args = process.argv.slice(2);
const check = args.includes('--check');
const [given] = args.filter((arg) => arg !== '--check');
const documentFile = path.resolve(given ?? path.join(web, '../target/openapi.json'));

let types;
try {
  types = await generate(documentFile);
} catch (error) {
  console.error(`Cannot generate the API types from ${documentFile}: ${error}`);
  process.exit(1);
}

if (check) {
  const current = await readFile(output, 'utf8').catch(() => null);
  if (current !== types) {
    console.error(STALE);
    process.exit(1);
  }
} else {
  await writeFile(output, types);
  console.log(`wrote ${path.relative(web, output)} from ${documentFile}`);
}
