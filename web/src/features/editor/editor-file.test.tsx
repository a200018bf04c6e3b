// Export and import from the editor: the toolbar's menu downloads the calculator as
// `<name>.json`; Import (or a dropped file) opens a calculator file as a new draft.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCalcs } from '../../stores/calcs';
import {
  CALC_ID,
  calcNow,
  location,
  renderEditor,
  resetCalcClient,
  seedDraft,
  toasts,
} from './editor-harness';
import { setDocCheckForTests } from '../../lib/calc-file/calc-file';

let downloads: { name: string; blob: Blob }[] = [];

beforeEach(() => {
  downloads = [];
  const blobs = new Map<string, Blob>();
  // jsdom has no object URLs.
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: () => {},
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push({ name: this.download, blob: blobs.get(this.getAttribute('href') ?? '')! });
  });
  setDocCheckForTests(async () => null);
});

afterEach(() => {
  resetCalcClient();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setDocCheckForTests(null);
});

describe('export and import in the editor', () => {
  it('downloads the calculator as <name>.json with _id, doc and doc_style', async () => {
    const calc = seedDraft(
      { name: 'Loan', tests: [{ name: 'Zero', values: {}, expected: {} }], extra: 1 },
      { doc_style: { bgcolor: '#ffeedd' } },
    );
    const { user } = await renderEditor();
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Export' }));
    expect(downloads).toHaveLength(1);
    expect(downloads[0].name).toBe('Loan.json');
    expect(JSON.parse(await downloads[0].blob.text())).toEqual({
      _id: CALC_ID,
      doc: calc.doc,
      doc_style: { bgcolor: '#ffeedd' },
    });
  });

  it('imports a file as a new draft, leaving the open calculator as it was', async () => {
    seedDraft({ name: 'Open one' });
    const { user } = await renderEditor();
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    const picked = vi.spyOn(HTMLInputElement.prototype, 'click');
    await user.click(screen.getByRole('menuitem', { name: 'Import' }));
    expect(picked).toHaveBeenCalled();
    const doc = { name: 'From a file', script: 'return {};', tests: [] };
    await user.upload(
      screen.getByTestId('import-file'),
      new File([JSON.stringify({ _id: CALC_ID, doc, doc_style: {} })], 'f.json'),
    );
    await waitFor(() => expect(location()).not.toBe(`/source/${CALC_ID}`));
    const id = location()!.split('/').pop()!;
    expect(useCalcs.getState().calcs[id]).toMatchObject({ saved: false, stored: false, doc });
    expect(calcNow().doc.name).toBe('Open one');
    expect(toasts()).toEqual(['“From a file” is open as a new draft. Save it to keep it.']);
  });

  it('refuses a dropped file that is not a calculator', async () => {
    seedDraft({ name: 'Open one' });
    await renderEditor();
    const before = useCalcs.getState().calcs;
    fireEvent.drop(screen.getByRole('heading', { level: 1 }), {
      dataTransfer: { types: ['Files'], files: [new File(['<html>'], 'page.html')] },
    });
    await waitFor(() =>
      expect(toasts()).toEqual([
        'This file is not a calculator: it is not JSON. Nothing was imported.',
      ]),
    );
    expect(useCalcs.getState().calcs).toBe(before);
    expect(location()).toBe(`/source/${CALC_ID}`);
  });

  it('leaves a file dropped into the script editor to it (CodeMirror inserts its text)', async () => {
    seedDraft({ name: 'Open one' });
    await renderEditor();
    const before = useCalcs.getState().calcs;
    const target = screen.getByRole('heading', { level: 1 });
    target.addEventListener('drop', (event) => event.preventDefault());
    fireEvent.drop(target, {
      dataTransfer: {
        types: ['Files'],
        files: [new File([JSON.stringify({ doc: { name: 'X' } })], 'x.json')],
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(useCalcs.getState().calcs).toBe(before);
    expect(toasts()).toEqual([]);
  });
});
