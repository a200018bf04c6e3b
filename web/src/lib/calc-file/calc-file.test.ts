// Export and import of a calculator file: the file's name and content, and what an import
// accepts (a calculator) and refuses (not JSON, no doc, a doc the engine does not read).
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newDoc } from '../doc';
import { fakeWorkers, okResult } from '../../testing/fake-worker';
import {
  docToCheck,
  engineCheck,
  exportFileName,
  exportText,
  importedName,
  MAX_FILE_BYTES,
  parseCalcFile,
  readCalcFile,
  setDocCheckForTests,
} from './calc-file';

afterEach(() => setDocCheckForTests(null));

const ID = 'abcdefgh12345678';
const doc = {
  ...newDoc(),
  name: 'Loan',
  script: "'use strict';\nreturn { x: 1 };\n",
  tests: [{ name: 'Typical', values: { '1': 5 }, expected: { x: 1 }, futureField: true }],
  holdWhileTestsFail: true,
  embedDomains: ['example.com', 'http://127.0.0.1:5174'],
  somethingNew: { kept: [1, 2] },
};

describe('export', () => {
  it('names the file after the calculator, made safe, else after its id', () => {
    expect(exportFileName({ _id: ID, doc: { name: 'Loan' } })).toBe('Loan.json');
    expect(exportFileName({ _id: ID, doc: { name: ' a/b: "c"?\n' } })).toBe('a b c.json');
    expect(exportFileName({ _id: ID, doc: { name: '..hidden' } })).toBe('hidden.json');
    expect(exportFileName({ _id: ID, doc: { name: '  ' } })).toBe(`${ID}.json`);
    expect(exportFileName({ _id: ID, doc: {} })).toBe(`${ID}.json`);
    expect(exportFileName({ _id: ID, doc: { name: 'Ипотека' } })).toBe('Ипотека.json');
  });

  it('writes {_id, doc, doc_style} with everything in the doc', () => {
    const text = exportText({ _id: ID, doc, doc_style: { bgcolor: '#ffffff' } });
    expect(JSON.parse(text)).toEqual({ _id: ID, doc, doc_style: { bgcolor: '#ffffff' } });
    expect(Object.keys(JSON.parse(text))).toEqual(['_id', 'doc', 'doc_style']);
  });
});

describe('importedName', () => {
  const marked = (n: number) => (n === 1 ? 'Loan (imported)' : `Loan (imported ${n})`);

  it('keeps a name no calculator here has', () => {
    expect(importedName('Loan', new Set(['Mortgage', '']), marked)).toBe('Loan');
  });

  it('marks a name a calculator here has, with the first mark none has', () => {
    expect(importedName('Loan', new Set(['Loan']), marked)).toBe('Loan (imported)');
    expect(importedName(' Loan ', new Set(['Loan']), marked)).toBe('Loan (imported)');
    expect(importedName('Loan', new Set(['Loan', 'Loan (imported)']), marked)).toBe(
      'Loan (imported 2)',
    );
  });
});

describe('parseCalcFile', () => {
  it('reads an exported file back: the same doc, tests and unknown fields included', () => {
    const parsed = parseCalcFile(exportText({ _id: ID, doc, doc_style: { fsize: 12 } }));
    expect(parsed).toEqual({ ok: true, doc, doc_style: { fsize: 12 } });
    // The sites allowed to embed it travel with it.
    expect(parsed.ok && parsed.doc.embedDomains).toEqual(['example.com', 'http://127.0.0.1:5174']);
  });

  it('takes a file without a style, or with a byte order mark', () => {
    expect(parseCalcFile(`\uFEFF${JSON.stringify({ doc })}`)).toEqual({
      ok: true,
      doc,
      doc_style: {},
    });
  });

  it('refuses text that is not JSON', () => {
    expect(parseCalcFile('name,value\nLoan,1\n')).toEqual({ ok: false, problem: 'notJson' });
    expect(parseCalcFile('')).toEqual({ ok: false, problem: 'notJson' });
  });

  it('refuses JSON without a doc object', () => {
    for (const text of [
      '[1,2]',
      '"doc"',
      'null',
      '{"name":"Loan"}',
      '{"doc":"Loan"}',
      '{"doc":[]}',
    ]) {
      expect(parseCalcFile(text), text).toEqual({ ok: false, problem: 'noDoc' });
    }
  });

  it('refuses a style that is not an object', () => {
    expect(parseCalcFile(JSON.stringify({ doc, doc_style: 'blue' }))).toEqual({
      ok: false,
      problem: 'rejected',
      detail: 'doc_style is not an object',
    });
  });
});

describe('readCalcFile', () => {
  const file = (text: string) => new Blob([text], { type: 'application/json' });

  it('asks the engine about the doc and takes what it reads', async () => {
    const check = vi.fn(async () => null);
    setDocCheckForTests(check);
    const parsed = await readCalcFile(file(JSON.stringify({ _id: ID, doc })), 'en');
    expect(parsed).toEqual({ ok: true, doc, doc_style: {} });
    expect(check).toHaveBeenCalledWith(doc, 'en');
  });

  it('refuses a doc the engine does not read, with its reason', async () => {
    setDocCheckForTests(async () => 'invalid type: string "x", expected a sequence');
    const bad = { doc: { ...doc, metaInputs: 'x' } };
    expect(await readCalcFile(file(JSON.stringify(bad)), 'en')).toEqual({
      ok: false,
      problem: 'rejected',
      detail: 'invalid type: string "x", expected a sequence',
    });
  });

  it('refuses a file too large to be a calculator without reading it', async () => {
    const check = vi.fn(async () => null);
    setDocCheckForTests(check);
    const big = file(' '.repeat(MAX_FILE_BYTES + 1));
    expect(await readCalcFile(big, 'en')).toEqual({ ok: false, problem: 'tooLarge' });
    expect(check).not.toHaveBeenCalled();
  });
});

describe('the engine check', () => {
  it('reads the doc in a worker of its own, with no script to run and no libraries', async () => {
    const workers = fakeWorkers();
    const checked = engineCheck(workers.factory)(
      { ...doc, libraries: { lodash: true, moment: false, mathjs: true } },
      'ru',
    );
    const request = workers.current.last;
    expect(request.doc.script).toBe("'use strict';\nreturn {};\n");
    expect(request.doc.libraries).toEqual({ lodash: false, moment: false, mathjs: false });
    expect(request.doc.tests).toEqual(doc.tests);
    expect(request.locale).toBe('ru');
    await act(async () => workers.current.answer(okResult({})));
    expect(await checked).toBeNull();
    expect(workers.current.terminated).toBe(true);
  });

  it('returns the engine’s reason when it refuses the doc', async () => {
    const workers = fakeWorkers();
    const checked = engineCheck(workers.factory)(doc, 'en');
    workers.current.fail('doc is not a calculator: missing field `name` at metaInputs[0]');
    expect(await checked).toBe('missing field `name` at metaInputs[0]');
  });

  it('leaves other errors to the editor', async () => {
    const workers = fakeWorkers();
    const checked = engineCheck(workers.factory)(doc, 'en');
    workers.current.answer({
      ...okResult({}),
      outputs: null,
      error: 'Multiple inputs have name "a".',
    });
    expect(await checked).toBeNull();
  });

  it('keeps a script or libraries of the wrong type for the engine to refuse', () => {
    expect(docToCheck({ script: 5, libraries: 'all' } as never)).toEqual({
      script: 5,
      libraries: 'all',
    });
  });
});
