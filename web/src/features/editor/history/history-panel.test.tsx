// The History side panel: versions newest first with their time, "current", "published"
// and test badges, more pages on request, a version compared with the editor's doc (the
// change list and the script side by side), and Restore as an unsaved change.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newDoc } from '../../../lib/doc';
import type { CalcDoc } from '../../../lib/types';
import { useUi } from '../../../stores/ui';
import { json, stubFetch, type FetchCall } from '../../../testing/fetch';
import {
  CALC_ID,
  calcNow,
  docNow,
  renderEditor,
  resetCalcClient,
  seedDraft,
  styleNow,
  toasts,
} from '../editor-harness';
import { testBadge, versionTime } from './versions';
import { historyMessages } from './messages';
import { translate } from '../../../lib/i18n';

afterEach(() => {
  resetCalcClient();
  vi.unstubAllGlobals();
});

// 2026-11-27 10:00 and 11:30 UTC
const T1 = Date.UTC(2026, 10, 27, 10, 0);
const T2 = Date.UTC(2026, 10, 27, 11, 30);

const row = (number: number, fields: Record<string, unknown> = {}) => ({
  number,
  created_at: T1 + number * 60_000,
  error: null,
  tests: null,
  current: false,
  published: false,
  ...fields,
});

const current: CalcDoc = {
  ...newDoc(),
  name: 'Loan',
  script: "'use strict';\n\nreturn { total: inputs.rate * 3 };\n",
  metaInputs: [{ id: 1, name: 'Rate', type: 'number', step: 0.05 }],
  metaOutputs: [{ id: 1, name: 'Total', type: 'value' }],
};
const first: CalcDoc = {
  ...newDoc(),
  name: 'Loan',
  script: "'use strict';\n\nreturn { total: inputs.rate * 2 };\n",
  metaInputs: [{ id: 1, name: 'Rate', type: 'number', step: 0.1 }],
  metaOutputs: [],
};

function server(extra?: (call: FetchCall) => Response | undefined) {
  return stubFetch((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.path === `/api/source/${CALC_ID}`) {
      return json(200, {
        doc: current,
        doc_style: {},
        revision: 3,
        version: 3,
        published_version: 2,
      });
    }
    if (call.path === `/api/source/${CALC_ID}/versions?page=1`) {
      return json(200, {
        data: [
          row(3, { current: true, tests: { passed: 1, failed: 1 }, created_at: T2 }),
          row(2, { published: true, tests: { passed: 2, failed: 0 } }),
        ],
        paging: { page: 1, pages: 2, perPage: 2, total: 3 },
      });
    }
    if (call.path === `/api/source/${CALC_ID}/versions?page=2`) {
      return json(200, {
        data: [row(1, { created_at: T1 })],
        paging: { page: 2, pages: 2, perPage: 2, total: 3 },
      });
    }
    const detail = /\/versions\/(\d+)$/.exec(call.path);
    if (detail && call.path.startsWith(`/api/source/${CALC_ID}/`)) {
      // Every version holds the first doc here.
      return json(200, {
        ...row(Number(detail[1]), { created_at: T1 }),
        doc: first,
        doc_style: { bgcolor: '#ffeedd' },
        tests: null,
      });
    }
    return json(404, { message: 'Not found.' });
  });
}

/** The editor on the stored calculator (saved: as the server has it), History open. */
async function openHistory({ saved = true } = {}) {
  seedDraft(current, { stored: true, saved, revision: 3, version: 3, publishedVersion: 2 });
  const editor = await renderEditor();
  await editor.user.click(screen.getByRole('button', { name: 'History' }));
  const panel = screen.getByRole('region', { name: 'History' });
  return { ...editor, panel };
}

describe('HistoryPanel', () => {
  it('is offered for a saved calculator only', async () => {
    seedDraft(current);
    await renderEditor();
    // A draft keeps its place in the toolbar, hidden.
    expect(screen.queryByRole('button', { name: 'History' })).toBeNull();
  });

  it('lists versions newest first, with time, current, published and tests, and loads more', async () => {
    const { calls } = server();
    const { user, panel } = await openHistory();
    const list = await within(panel).findByRole('list', { name: 'Versions' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      // Held back: visitors see version 2.
      `Version 3${versionTime(T2, 'en')}currentnot published✗ Tests failed: 1 of 2`,
      `Version 2${versionTime(T1 + 120_000, 'en')}published✓ Tests passed: 2`,
    ]);
    expect(within(items[0]).getByText(versionTime(T2, 'en'))).toHaveAttribute(
      'datetime',
      new Date(T2).toISOString(),
    );
    expect(calls.map((call) => call.path)).toContain(`/api/source/${CALC_ID}/versions?page=1`);

    await user.click(within(panel).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent('Version 1');
    expect(within(panel).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('compares a version with the editor and restores it as an unsaved change', async () => {
    server();
    const { user, panel } = await openHistory();
    await within(panel).findByRole('list', { name: 'Versions' });
    await user.click(within(panel).getByRole('button', { name: 'Load more' }));
    await user.click(await within(panel).findByRole('button', { name: /^Version 1/ }));

    const dialog = await screen.findByRole('dialog', {
      name: `Version 1 · ${versionTime(T1, 'en')}`,
    });
    const changes = within(dialog).getByRole('region', {
      name: 'Changes from version 1 to the editor',
    });
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Background colour: “#ffeedd” → none',
      'Input “Rate”: step 0.1 → 0.05',
      'Output “Total” added',
    ]);
    // The script side by side, the changed line marked on both sides.
    const diff = await within(dialog).findByTestId('script-diff');
    await waitFor(() => expect(diff.querySelectorAll('.cm-editor')).toHaveLength(2));
    const [left, right] = [...diff.querySelectorAll('.cm-editor')];
    expect(left.textContent).toContain('inputs.rate * 2');
    expect(right.textContent).toContain('inputs.rate * 3');
    expect(left.querySelector('.cm-changedLine')?.textContent).toContain('inputs.rate * 2');
    expect(right.querySelector('.cm-changedLine')?.textContent).toContain('inputs.rate * 3');

    await user.click(within(dialog).getByRole('button', { name: 'Restore this version' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(docNow()).toEqual(first);
    expect(styleNow()).toEqual({ bgcolor: '#ffeedd' });
    // Not saved: the next save (on the current revision) makes it the current version.
    expect(calcNow()).toMatchObject({ saved: false, revision: 3 });
    expect(toasts()).toEqual(['Version 1 is in the editor. Save to make it the current version.']);
  });

  it('asks before a restore replaces changes not saved yet', async () => {
    server();
    const { user, panel } = await openHistory({ saved: false });
    await within(panel).findByRole('list', { name: 'Versions' });
    await user.click(within(panel).getByRole('button', { name: /^Version 2/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Version 2/ });
    await user.click(within(dialog).getByRole('button', { name: 'Restore this version' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'The editor has changes that are not saved. Restoring this version replaces them.',
    );
    expect(docNow()).toEqual(current);
    await user.click(within(dialog).getByRole('button', { name: 'Replace my unsaved changes' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(docNow()).toEqual(first);
  });

  it('loads the list again after a save made a new version', async () => {
    let saved = false;
    const { calls } = server((call) => {
      if (call.method === 'POST') {
        saved = true;
        return json(200, { message: 'Saved.', revision: 4, version: 4, tests: null });
      }
      if (saved && call.path === `/api/source/${CALC_ID}/versions?page=1`) {
        return json(200, {
          data: [row(4, { current: true, published: true }), row(3)],
          paging: { page: 1, pages: 2, perPage: 2, total: 4 },
        });
      }
      return undefined;
    });
    const { user, panel } = await openHistory({ saved: false });
    const list = await within(panel).findByRole('list', { name: 'Versions' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(/^Version 3/);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(panel).getAllByRole('listitem')[0]).toHaveTextContent(/^Version 4.*current/),
    );
    expect(calls.filter((call) => call.path.endsWith('/versions?page=1'))).toHaveLength(2);
    // Saved and published: no notice any more.
    expect(screen.queryByText(/Visitors still see/)).toBeNull();
  });

  it('says when a version has the editor’s doc and script', async () => {
    server((call) =>
      call.path === `/api/source/${CALC_ID}/versions/1`
        ? json(200, { ...row(1), doc: current, doc_style: {}, tests: null })
        : undefined,
    );
    const { user, panel } = await openHistory();
    await within(panel).findByRole('list', { name: 'Versions' });
    await user.click(within(panel).getByRole('button', { name: 'Load more' }));
    await user.click(await within(panel).findByRole('button', { name: /^Version 1/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Version 1 · / });
    expect(
      await within(dialog).findByText(
        'Inputs, outputs and settings are the same as in the editor.',
      ),
    ).toBeVisible();
    expect(within(dialog).getByText('The script is the same as in the editor.')).toBeVisible();
  });

  it('offers a retry when the versions cannot be loaded', async () => {
    let fail = true;
    server((call) => (fail && call.path.includes('/versions') ? json(500) : undefined));
    const { user, panel } = await openHistory();
    const retry = await within(panel).findByRole('button', { name: 'Try again' });
    expect(within(panel).getByRole('alert')).toHaveTextContent('The versions could not be loaded.');
    fail = false;
    await user.click(retry);
    expect(await within(panel).findByRole('list', { name: 'Versions' })).toBeVisible();
  });

  it('shows the notice while visitors see an older version', async () => {
    server();
    await openHistory();
    expect(
      screen.getByText('Visitors still see version 2: the tests of the newer version fail.'),
    ).toHaveAttribute('role', 'status');
  });

  it('has no such notice while visitors see the current version', async () => {
    seedDraft(current, { stored: true, saved: false, version: 3, publishedVersion: 3 });
    await renderEditor();
    expect(screen.queryByText(/Visitors still see/)).toBeNull();
  });
});

describe('testBadge', () => {
  const t = (key: keyof typeof historyMessages.en, params?: Record<string, string | number>) =>
    translate(historyMessages, 'en', key, params);
  it('says how many failed, or passed; nothing without tests', () => {
    expect(testBadge({ passed: 2, failed: 1 }, t)).toEqual({
      text: 'Tests failed: 1 of 3',
      failed: true,
    });
    expect(testBadge({ passed: 4, failed: 0 }, t)).toEqual({
      text: 'Tests passed: 4',
      failed: false,
    });
    expect(testBadge({ passed: 0, failed: 0 }, t)).toBeNull();
    expect(testBadge(null, t)).toBeNull();
  });

  it('writes the time in the interface’s language', () => {
    useUi.setState({ locale: 'ru' });
    expect(versionTime(T1, 'ru')).toBe(
      new Intl.DateTimeFormat('ru', { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(T1),
      ),
    );
    expect(versionTime(Number.NaN, 'en')).toBe('—');
  });
});
