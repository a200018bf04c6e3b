// Where a `<calcsmith-calculator>` gets its calculator: a doc given inline (`doc='{…}'`) or
// a JSON file at `src` — a Calcsmith `GET /api/calc/{id}` answer (`{doc, doc_style, …}`)
// or any file holding a doc itself. Read here, before anything renders, so a bad one is a
// clear message rather than a broken view.
import type { CalcDoc, DocStyle } from '../lib/types';

/** A calculator ready to show: its doc and the author's style. */
export interface LoadedCalc {
  doc: CalcDoc;
  style: DocStyle;
}

/** Why no calculator could be shown; `code` says which kind of fault, `message` in English. */
export class DocSourceError extends Error {
  constructor(
    readonly code: 'no-doc' | 'bad-json' | 'not-a-doc' | 'fetch-failed',
    message: string,
  ) {
    super(message);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** A doc has its inputs and outputs as lists (either may be missing: an empty calculator). */
function isDoc(value: unknown): value is CalcDoc {
  if (!isObject(value)) return false;
  const lists = ['metaInputs', 'metaOutputs'].map((key) => value[key]);
  return (
    lists.every((list) => list === undefined || Array.isArray(list)) &&
    (lists.some(Array.isArray) || typeof value.script === 'string')
  );
}

/** The calculator in parsed JSON: an answer of `/api/calc/{id}` or a bare doc. */
export function calcFromJson(json: unknown): LoadedCalc {
  if (isObject(json) && isDoc(json.doc)) {
    return { doc: json.doc, style: isObject(json.doc_style) ? (json.doc_style as DocStyle) : {} };
  }
  if (isDoc(json)) return { doc: json, style: {} };
  throw new DocSourceError(
    'not-a-doc',
    'This JSON is not a Calcsmith calculator: it has no metaInputs, metaOutputs or script.',
  );
}

/** The calculator in a `doc` attribute's text. */
export function calcFromText(text: string): LoadedCalc {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new DocSourceError('bad-json', 'The doc attribute is not valid JSON.');
  }
  return calcFromJson(json);
}

/** Fetches and reads the calculator at `src` (relative to `base`, the page's address). */
export async function calcFromUrl(
  src: string,
  base: string,
  fetcher: typeof fetch = fetch,
  signal?: AbortSignal,
): Promise<LoadedCalc> {
  const url = new URL(src, base).href;
  let response: Response;
  try {
    response = await fetcher(url, { headers: { Accept: 'application/json' }, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new DocSourceError('fetch-failed', `${url} could not be fetched.`);
  }
  if (!response.ok) {
    throw new DocSourceError('fetch-failed', `${url} answered ${response.status}.`);
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new DocSourceError('bad-json', `${url} is not valid JSON.`);
  }
  return calcFromJson(json);
}
