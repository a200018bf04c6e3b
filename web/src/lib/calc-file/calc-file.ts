// Export and import of a calculator as a file: `{_id, doc, doc_style}`, the shape the
// server stores and `calc eval` reads. An import becomes a new unsaved draft; a file that
// is not a calculator is refused with a reason and changes nothing.
import type { CalcDoc, DocStyle } from '../types';
import { CalcWorkerClient } from '../engine/client';
import { defaultWorkerFactory, type WorkerFactory } from '../engine/worker-factory';
import type { Locale } from '../engine/protocol';

/** The largest file read: the server takes no bigger request (512 KB), so no bigger doc. */
export const MAX_FILE_BYTES = 512 * 1024;

/** What the exported file holds. */
export interface CalcFile {
  _id: string;
  doc: CalcDoc;
  doc_style: DocStyle;
}

/** The file's name: the calculator's name made safe for file systems, else its id. */
export function exportFileName(calc: { _id: string; doc: CalcDoc }): string {
  const name = String(calc.doc.name ?? '')
    // Characters Windows, macOS or Linux refuse in a name, and control characters.
    // eslint-disable-next-line no-control-regex
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 100)
    .trim();
  return `${name || calc._id}.json`;
}

/** The exported file's text (indented, so it reads well in a diff or an editor). */
export function exportText(calc: { _id: string; doc: CalcDoc; doc_style: DocStyle }): string {
  const file: CalcFile = { _id: calc._id, doc: calc.doc, doc_style: calc.doc_style ?? {} };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** Downloads the calculator as a `.json` file. */
export function downloadCalc(calc: { _id: string; doc: CalcDoc; doc_style: DocStyle }): void {
  const blob = new Blob([exportText(calc)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(calc);
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // After the browser has taken the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The name an imported calculator gets: its own, unless a calculator here already has it
 * (`taken`); then the first of `marked(1)`, `marked(2)`, … ("Loan (imported)",
 * "Loan (imported 2)") that none has, so the two are told apart in every list.
 */
export function importedName(
  name: string,
  taken: ReadonlySet<string>,
  marked: (n: number) => string,
): string {
  if (!taken.has(name.trim())) return name;
  for (let n = 1; ; n++) {
    const candidate = marked(n);
    if (!taken.has(candidate.trim())) return candidate;
  }
}

/** Why a file was refused. */
export type ImportProblem =
  | { problem: 'tooLarge' }
  | { problem: 'unreadable' }
  | { problem: 'notJson' }
  | { problem: 'noDoc' }
  /** The engine does not read the doc as a calculator; `detail` is its reason. */
  | { problem: 'rejected'; detail: string };

export type ParsedFile = ({ ok: true } & Omit<CalcFile, '_id'>) | ({ ok: false } & ImportProblem);

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * Reads a file's text as a calculator: JSON with a `doc` object (and, if any, a
 * `doc_style` object). The `_id` is not kept: an import gets a fresh one. Everything in the
 * doc is kept as written, its tests and fields this version does not know included.
 */
export function parseCalcFile(text: string): ParsedFile {
  let value: unknown;
  try {
    // A byte order mark is not part of the JSON.
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return { ok: false, problem: 'notJson' };
  }
  if (!isObject(value) || !isObject(value.doc)) return { ok: false, problem: 'noDoc' };
  const style = value.doc_style;
  if (style !== undefined && style !== null && !isObject(style)) {
    return { ok: false, problem: 'rejected', detail: 'doc_style is not an object' };
  }
  return {
    ok: true,
    doc: value.doc as CalcDoc,
    doc_style: (style ?? {}) as DocStyle,
  };
}

/**
 * Asks the engine whether it reads `doc` as a calculator: the engine's reason when it does
 * not, else null. Implemented by a worker of its own (engineCheck), or a test's stand-in.
 */
export type DocCheck = (doc: CalcDoc, locale: Locale) => Promise<string | null>;

/** The engine's words for a doc it does not read (engine/src/faces/wasm.rs). */
const NOT_A_CALCULATOR = 'doc is not a calculator: ';

/**
 * The doc as the engine is asked to read it: the same fields, but a script that does
 * nothing and no libraries, so reading it runs none of the file's code and loads nothing.
 * A script or libraries of the wrong type are left for the engine to refuse.
 */
export function docToCheck(doc: CalcDoc): CalcDoc {
  const checked: Record<string, unknown> = { ...doc };
  if (typeof doc.script === 'string') checked.script = "'use strict';\nreturn {};\n";
  const libraries = doc.libraries as unknown;
  if (isObject(libraries)) {
    checked.libraries = Object.fromEntries(
      Object.entries(libraries).map(([name, on]) => [name, on === true ? false : on]),
    );
  }
  return checked as CalcDoc;
}

/** The real check: the engine in a worker started for it (by `factory`), stopped after. */
export const engineCheck =
  (factory: WorkerFactory = defaultWorkerFactory): DocCheck =>
  async (doc, locale) => {
    const client = new CalcWorkerClient(factory);
    try {
      const outcome = await client.evaluate(docToCheck(doc), {}, locale);
      const error = outcome.status === 'done' ? outcome.result.error : null;
      // Only the engine refusing the doc refuses the file: an error of the calculation
      // itself (duplicate names, a worker that could not start) is the editor's to show.
      return typeof error === 'string' && error.startsWith(NOT_A_CALCULATOR)
        ? error.slice(NOT_A_CALCULATOR.length)
        : null;
    } finally {
      client.suspend();
    }
  };

let docCheck: DocCheck = engineCheck();

/** Replaces the engine check (tests: a stand-in; null restores the real one). */
export function setDocCheckForTests(check: DocCheck | null): void {
  docCheck = check ?? engineCheck();
}

/** A file read as a calculator, checked by the engine. */
export async function readCalcFile(file: Blob, locale: Locale): Promise<ParsedFile> {
  if (file.size > MAX_FILE_BYTES) return { ok: false, problem: 'tooLarge' };
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  const parsed = parseCalcFile(text);
  if (!parsed.ok) return parsed;
  const refusal = await docCheck(parsed.doc, locale);
  return refusal === null ? parsed : { ok: false, problem: 'rejected', detail: refusal };
}
