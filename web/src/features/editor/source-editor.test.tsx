// The source editor's flows (spec §2, §4, §8): defaults, save (button, Ctrl+S, failures),
// copy, delete, debug mode, the tabs and calc mode.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CalcDoc, InputDef } from '../../lib/types';
import { authGate } from '../../lib/api';
import { useCalcs } from '../../stores/calcs';
import { useSession } from '../../stores/session';
import { WhatIfClient, setWhatIfClientForTests } from '../../lib/engine/what-if-client';
import { errorResult, type GoalSeekRequest } from '../../lib/engine/protocol';
import { fakeWorkers, okResult } from '../../testing/fake-worker';
import { flush, json, stubFetch } from '../../testing/fetch';
import {
  CALC_ID,
  calcNow,
  docNow,
  inputGroup,
  location,
  renderEditor,
  resetCalcClient,
  seedDraft,
  toasts,
} from './editor-harness';
import SourceScreen from './source-screen';

afterEach(() => {
  resetCalcClient();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const numberInput = (id: number, name: string, extra: Partial<InputDef> = {}): InputDef => ({
  id,
  name,
  type: 'number',
  autohide: false,
  ...extra,
});

const loanDoc: Partial<CalcDoc> = {
  name: 'Loan',
  script: "'use strict';\n\nreturn { x: inputs.a };\n",
  metaInputs: [numberInput(1, 'a')],
  metaOutputs: [{ id: 1, name: 'x', type: 'value', percent: false }],
};

describe('the screen', () => {
  it('shows the name as heading and title, and the saved state', async () => {
    seedDraft(loanDoc);
    await renderEditor();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Loan$/);
    expect(document.title).toBe('Loan · Source · Calcsmith');
    expect(screen.getByText('Unsaved changes')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    // Not on the server yet: nothing published to view.
    expect(screen.queryByRole('link', { name: 'View published' })).toBeNull();
  });

  it('names a nameless calculator Untitled calculator', async () => {
    seedDraft();
    await renderEditor();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Untitled calculator$/);
    expect(document.title).toBe('Untitled calculator · Source · Calcsmith');
  });
});

describe('opening', () => {
  it('refuses an address that is not a calculator id', async () => {
    seedDraft();
    render(
      <MemoryRouter initialEntries={['/source/not-an-id']}>
        <Routes>
          <Route path="/source/:calcId" element={<SourceScreen />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('This is not a calculator address.');
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('shows a missing or foreign id as not found, never a blank editor to save over it', async () => {
    seedDraft();
    const published = {
      doc: { ...loanDoc, name: 'Theirs' },
      doc_style: { fsize: 14 },
      error: null,
    };
    const { calls } = stubFetch((call) => {
      if (call.path === '/api/calc/ZYXWVUTSRQ987654') return json(200, published);
      if (call.path === '/api/source/ZYXWVUTSRQ987654') {
        return json(404, { message: 'Calculator not found.' });
      }
      if (call.method === 'POST') return json(200, { message: 'Saved.', revision: 1 });
      // The copy, once saved, opens from the server.
      return json(200, { ...published, revision: 1 });
    });
    const fresh = 'ZYXWVUTSRQ987654';
    const { user } = await renderEditor(fresh, { editor: false });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Calculator not found' }),
    ).toBeVisible();
    expect(document.title).toBe('Calculator not found · Calcsmith');
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(useCalcs.getState().calcs[fresh]).toBeUndefined();
    expect(screen.getByRole('button', { name: 'New calculator' })).toBeEnabled();

    // The visitor may see the published version: it can become their own.
    await user.click(await screen.findByRole('button', { name: 'Save a copy as your own' }));
    await waitFor(() => expect(location()).not.toBe(`/source/${fresh}`));
    const copyId = location()!.split('/').pop()!;
    expect(copyId).toMatch(/^[0-9A-Za-z]{16}$/);
    const save = calls.find((call) => call.method === 'POST');
    expect(save).toMatchObject({ path: `/api/source/${copyId}` });
    expect(save!.body).toMatchObject({ doc: { name: 'Theirs' }, doc_style: { fsize: 14 } });
    expect(save!.body).not.toHaveProperty('revision');
    expect(useCalcs.getState().calcs[copyId]).toMatchObject({ saved: true, revision: 1 });
    expect(toasts()).toEqual(['Saved.']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Theirs' })).toBeVisible();
  });

  it('offers only a new calculator when there is no published version to copy', async () => {
    seedDraft();
    stubFetch(() => json(404, { message: 'Calculator not found.' }));
    const { user } = await renderEditor('ZYXWVUTSRQ987654', { editor: false });
    await screen.findByRole('heading', { level: 1, name: 'Calculator not found' });
    await act(flush);
    expect(screen.queryByRole('button', { name: 'Save a copy as your own' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'New calculator' }));
    const draftId = location()!.split('/').pop()!;
    expect(useCalcs.getState().calcs[draftId]).toMatchObject({ saved: false, stored: false });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Untitled calculator' }),
    ).toBeVisible();
  });

  it('asks for a sign-in to open a calculator the server keeps, and opens it after one', async () => {
    seedDraft();
    useSession.setState({ authenticated: false });
    let signedIn = false;
    stubFetch(() =>
      signedIn
        ? json(200, { doc: { ...loanDoc, name: 'Mine' }, doc_style: {}, revision: 4 })
        : json(401, { message: 'Please sign in.' }),
    );
    const { user } = await renderEditor('ZYXWVUTSRQ987654', { editor: false });
    await waitFor(() => expect(useSession.getState().authDialog).toBe('signin'));
    await act(async () => useSession.getState().closeAuthDialog());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to open this calculator' }),
    ).toBeVisible();
    expect(screen.queryByRole('tablist')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(useSession.getState().authDialog).toBe('signin'));
    signedIn = true;
    await act(async () => authGate.release());
    expect(await screen.findByRole('heading', { level: 1, name: 'Mine' })).toBeVisible();
    expect(calcNow('ZYXWVUTSRQ987654')).toMatchObject({ saved: true, revision: 4 });
  });
});

describe('side panels', () => {
  it('open one at a time from their toggles', async () => {
    seedDraft(loanDoc);
    const { user } = await renderEditor();
    const toggle = (name: string) => screen.getByRole('button', { name });
    for (const name of ['Settings', 'Formula helper', 'Cheatsheet', 'Schema help']) {
      expect(toggle(name)).toHaveAttribute('aria-pressed', 'false');
    }
    await user.click(toggle('Cheatsheet'));
    const cheatsheet = screen.getByRole('region', { name: 'Cheatsheet' });
    expect(
      await within(cheatsheet).findByRole('heading', { name: 'Limits and errors' }),
    ).toBeVisible();
    await user.click(toggle('Schema help'));
    expect(screen.queryByRole('region', { name: 'Cheatsheet' })).toBeNull();
    expect(toggle('Cheatsheet')).toHaveAttribute('aria-pressed', 'false');
    expect(toggle('Schema help')).toHaveAttribute('aria-pressed', 'true');
    const schema = screen.getByRole('region', { name: 'Schema help' });
    expect(await within(schema).findByRole('heading', { name: 'The inputs object' })).toBeVisible();
    // Its toggle closes it again.
    await user.click(toggle('Schema help'));
    expect(screen.queryByRole('region', { name: 'Schema help' })).toBeNull();
    expect(toggle('Schema help')).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('defaults', () => {
  it('offers to set defaults only when the values differ from them, and sets them', async () => {
    seedDraft({ ...loanDoc, metaInputs: [numberInput(1, 'a'), numberInput(2, 'b')] });
    const { user, latestValues } = await renderEditor();
    const setDefaults = () =>
      screen.queryByRole('button', { name: 'Set defaults to current values' });
    const reset = () => screen.queryByRole('button', { name: 'Reset to defaults' });
    expect(setDefaults()).toBeNull();
    expect(reset()).toBeNull();

    await user.type(within(inputGroup('a')).getByLabelText('Current value'), '5');
    expect(setDefaults()).toBeVisible();
    expect(reset()).toBeVisible();
    // Typed back to the default (empty is null): nothing differs any more.
    await user.clear(within(inputGroup('a')).getByLabelText('Current value'));
    expect(setDefaults()).toBeNull();

    await user.type(within(inputGroup('b')).getByLabelText('Current value'), '7');
    await user.click(setDefaults()!);
    expect(docNow().defaults).toEqual({ '1': null, '2': 7 });
    expect(toasts()).toEqual(['Defaults set to current values.']);
    expect(setDefaults()).toBeNull();
    expect(calcNow().saved).toBe(false);

    // Reset brings the values back to the defaults.
    await user.type(within(inputGroup('b')).getByLabelText('Current value'), '1');
    expect(await latestValues()).toEqual({ '1': null, '2': 71 });
    await user.click(reset()!);
    expect(within(inputGroup('b')).getByLabelText('Current value')).toHaveValue(7);
    expect(await latestValues()).toEqual({ '1': null, '2': 7 });
    expect(setDefaults()).toBeNull();
    expect(docNow().defaults).toEqual({ '1': null, '2': 7 });
  });

  it('starts from the stored defaults', async () => {
    seedDraft({ ...loanDoc, defaults: { '1': 12 } });
    const { latestValues } = await renderEditor();
    expect(within(inputGroup('a')).getByLabelText('Current value')).toHaveValue(12);
    expect(await latestValues()).toEqual({ '1': 12 });
    expect(screen.queryByRole('button', { name: 'Set defaults to current values' })).toBeNull();
  });
});

describe('save', () => {
  it('posts the doc and style to /api/source/{id}, toasts and shows it saved', async () => {
    seedDraft(loanDoc, { doc_style: { fsize: 12 } });
    let answer: (response: Response) => void = () => {};
    const { calls } = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = await renderEditor();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: `/api/source/${CALC_ID}`,
        body: { doc: docNow(), doc_style: { fsize: 12 } },
      },
    ]);
    await act(async () => answer(json(200, { ok: true })));

    expect(toasts()).toEqual(['Saved.']);
    expect(calcNow()).toMatchObject({ saved: true, stored: true });
    expect(screen.getByRole('button', { name: 'Saved' })).toBeDisabled();
    expect(screen.getByText('All changes saved')).toBeVisible();
    expect(screen.getByRole('link', { name: 'View published' })).toHaveAttribute(
      'href',
      `/calc/${CALC_ID}`,
    );

    // Any change makes it unsaved again.
    await user.type(within(inputGroup('a')).getByLabelText('Name'), 'b');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.getByText('Unsaved changes')).toBeVisible();
  });

  it('saves a calculator whose tests fail, and says how many fail', async () => {
    seedDraft(loanDoc);
    stubFetch(() =>
      json(200, {
        message: 'Saved.',
        revision: 2,
        version: 2,
        published_version: 2,
        tests: { passed: 1, failed: 2, tests: [] },
      }),
    );
    const { user } = await renderEditor();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts()).toEqual(['Saved. 2 of 3 tests fail.']));
    expect(calcNow()).toMatchObject({ saved: true, stored: true });
  });

  it('saves with Ctrl+S (and Cmd+S), from a field too, and not when already saved', async () => {
    seedDraft(loanDoc);
    const { calls } = stubFetch(() => json(200, { ok: true }));
    const { user } = await renderEditor();

    await user.click(within(inputGroup('a')).getByLabelText('Name'));
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(toasts()).toEqual(['Saved.']));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', path: `/api/source/${CALC_ID}` });
    // The letter was not typed into the field.
    expect(within(inputGroup('a')).getByLabelText('Name')).toHaveValue('a');

    // Saved: the shortcut does nothing.
    await user.keyboard('{Control>}s{/Control}');
    await act(flush);
    expect(calls).toHaveLength(1);

    await user.type(within(inputGroup('a')).getByLabelText('Name'), 'b');
    await user.keyboard('{Meta>}S{/Meta}');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].body).toMatchObject({ doc: { metaInputs: [{ name: 'ab' }] } });

    // Plain "s" and Ctrl+Alt+S are typing, not saving.
    await user.type(within(inputGroup('ab')).getByLabelText('Name'), 's');
    await user.keyboard('{Control>}{Alt>}s{/Alt}{/Control}');
    await act(flush);
    expect(calls).toHaveLength(2);
  });

  it('shows the server’s message in an Error dialog with Close and Upgrade on the plan’s 400', async () => {
    seedDraft(loanDoc);
    const message = 'The free plan holds 5 calculators. Upgrade to save more.';
    stubFetch(() => json(400, { message, refusedBy: 'plan' }));
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { user } = await renderEditor();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent(message);
    expect(within(dialog).getByRole('button', { name: 'Upgrade' })).toHaveFocus();
    expect(alert).not.toHaveBeenCalled();
    expect(calcNow()).toMatchObject({ saved: false, stored: false });
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Error' })).toBeNull();
    expect(open).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Error' })).getByRole('button', {
        name: 'Upgrade',
      }),
    );
    expect(open).toHaveBeenCalledWith('/pricing', '_blank', 'noopener');
    expect(screen.queryByRole('dialog', { name: 'Error' })).toBeNull();
  });

  it('alerts Oops, an error on any other failure', async () => {
    seedDraft(loanDoc);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    stubFetch((_call, index) =>
      index === 0 ? json(500, { message: 'database is locked' }) : Promise.reject(new TypeError()),
    );
    const { user } = await renderEditor();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(alert).toHaveBeenCalledTimes(1));
    expect(alert).toHaveBeenCalledWith('Oops, an error');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toasts()).toEqual([]);
    expect(calcNow().saved).toBe(false);

    // A network failure too.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(alert).toHaveBeenCalledTimes(2));
    expect(alert).toHaveBeenLastCalledWith('Oops, an error');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});

describe('a save that changed elsewhere', () => {
  const mine = { ...loanDoc, name: 'Mine' };
  const conflict = () =>
    json(409, {
      message: 'This calculator was changed elsewhere since you opened it.',
      revision: 2,
    });

  async function refusedSave(respond: Parameters<typeof stubFetch>[0]) {
    seedDraft(mine, { stored: true, saved: false, revision: 1 });
    const fetch = stubFetch(respond);
    const rendered = await renderEditor();
    await rendered.user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changed elsewhere' });
    return { ...fetch, ...rendered, dialog };
  }

  it('says so and offers reload theirs, overwrite and save as a copy; Cancel keeps mine', async () => {
    const { calls, dialog, user } = await refusedSave(conflict);
    expect(calls[0].body).toMatchObject({ revision: 1 });
    expect(dialog).toHaveTextContent('This calculator was changed elsewhere since you opened it.');
    for (const name of ['Reload theirs', 'Overwrite', 'Save as a copy', 'Cancel']) {
      expect(within(dialog).getByRole('button', { name })).toBeEnabled();
    }
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calcNow()).toMatchObject({ saved: false, revision: 1 });
    expect(docNow().name).toBe('Mine');
    expect(toasts()).toEqual([]);
  });

  it('overwrites theirs by saving again based on their revision', async () => {
    const { calls, dialog, user } = await refusedSave((_call, index) =>
      index === 0 ? conflict() : json(200, { message: 'Saved.', revision: 3 }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Overwrite' }));
    await waitFor(() => expect(toasts()).toEqual(['Saved.']));
    expect(calls[1]).toMatchObject({
      method: 'POST',
      body: { doc: { name: 'Mine' }, revision: 2 },
    });
    expect(calcNow()).toMatchObject({ saved: true, revision: 3 });
  });

  it('reloads theirs in place of mine', async () => {
    const { calls, dialog, user } = await refusedSave((call) =>
      call.method === 'POST'
        ? conflict()
        : json(200, { doc: { ...loanDoc, name: 'Theirs' }, doc_style: {}, revision: 2 }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reload theirs' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Theirs' })).toBeVisible();
    expect(calls[1]).toMatchObject({ method: 'GET', path: `/api/source/${CALC_ID}` });
    expect(calcNow()).toMatchObject({ saved: true, revision: 2 });
    expect(screen.getByRole('button', { name: 'Saved' })).toBeDisabled();
  });

  it('saves mine as a new calculator and opens it, leaving theirs alone', async () => {
    const { calls, dialog, user } = await refusedSave((call, index) => {
      if (index === 0) return conflict();
      // The copy, once saved, opens from the server.
      if (call.method === 'GET') {
        return json(200, { doc: { ...mine, name: 'Copy of Mine' }, doc_style: {}, revision: 1 });
      }
      return json(200, { message: 'Saved.', revision: 1 });
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save as a copy' }));
    await waitFor(() => expect(location()).not.toBe(`/source/${CALC_ID}`));
    const copyId = location()!.split('/').pop()!;
    expect(calls[1]).toMatchObject({ method: 'POST', path: `/api/source/${copyId}` });
    expect(calls[1].body).toMatchObject({ doc: { name: 'Copy of Mine' } });
    expect(calls[1].body).not.toHaveProperty('revision');
    expect(calcNow(copyId)).toMatchObject({ saved: true, stored: true, revision: 1 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Copy of Mine' })).toBeVisible();
    expect(toasts()).toEqual(['Saved.']);
  });

  it('offers only a copy when the calculator was deleted elsewhere', async () => {
    const { dialog } = await refusedSave(() => json(404, { message: 'Calculator not found.' }));
    expect(dialog).toHaveTextContent('This calculator was deleted, or it is not yours.');
    expect(within(dialog).queryByRole('button', { name: 'Overwrite' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Reload theirs' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Save as a copy' })).toBeEnabled();
  });
});

describe('save while signed out', () => {
  it('asks for a sign-in first, then saves', async () => {
    seedDraft(loanDoc);
    useSession.setState({ authenticated: false });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { calls } = stubFetch((_call, index) =>
      index === 0 ? json(401, { message: 'Sign in first' }) : json(200, { ok: true }),
    );
    const { user } = await renderEditor();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(useSession.getState().authDialog).toBe('signin'));
    expect(toasts()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();

    await act(async () => authGate.release());
    await waitFor(() => expect(toasts()).toEqual(['Saved.']));
    expect(calls.map((call) => call.path)).toEqual([
      `/api/source/${CALC_ID}`,
      `/api/source/${CALC_ID}`,
    ]);
    expect(calcNow()).toMatchObject({ saved: true, stored: true });
    expect(alert).not.toHaveBeenCalled();
  });

  it('says nothing when the sign-in is cancelled', async () => {
    seedDraft(loanDoc);
    useSession.setState({ authenticated: false });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    stubFetch(() => json(401));
    const { user } = await renderEditor();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(useSession.getState().authDialog).toBe('signin'));

    await act(async () => authGate.cancel('Sign-in cancelled'));
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(alert).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toasts()).toEqual([]);
    expect(calcNow()).toMatchObject({ saved: false, stored: false });
  });
});

describe('copy', () => {
  it('opens an unsaved copy under a new 16-character id', async () => {
    // A stored, saved calculator (the editor reloads it from the server).
    const stored = seedDraft(loanDoc, { saved: true, stored: true, doc_style: { fsize: 9 } });
    const { calls } = stubFetch(() => json(200, { doc: stored.doc, doc_style: stored.doc_style }));
    const { user } = await renderEditor();
    expect(screen.getByRole('button', { name: 'Saved' })).toBeDisabled();
    expect(calls).toEqual([{ method: 'GET', path: `/api/source/${CALC_ID}`, body: undefined }]);

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(location()).not.toBe(`/source/${CALC_ID}`));
    const newId = location()!.replace('/source/', '');
    expect(newId).toMatch(/^[0-9A-Za-z]{16}$/);
    expect(newId).not.toBe(CALC_ID);

    const copy = useCalcs.getState().calcs[newId];
    expect(copy).toMatchObject({ _id: newId, saved: false, stored: false });
    expect(copy.doc).toEqual({ ...stored.doc, name: 'Copy of Loan' });
    expect(copy.doc).not.toBe(stored.doc);
    expect(copy.doc_style).toEqual({ fsize: 9 });
    // The original is untouched, and the copy is not fetched from the server.
    expect(calcNow()).toMatchObject({ saved: true, stored: true });
    expect(calls).toHaveLength(1);

    await screen.findByRole('tablist', { name: 'Editor sections' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Copy of Loan');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.getByText('Unsaved changes')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'View published' })).toBeNull();
  });
});

describe('delete', () => {
  it('asks first; Cancel keeps the calculator', async () => {
    seedDraft(loanDoc);
    const { user } = await renderEditor();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this calculator?' });
    expect(dialog).toHaveTextContent('“Loan” will be deleted. This cannot be undone.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calcNow()).toBeDefined();
    expect(location()).toBe(`/source/${CALC_ID}`);
  });

  it('discards a draft that was never stored and goes home', async () => {
    seedDraft(loanDoc);
    const { calls } = stubFetch(() => json(200, { ok: true }));
    const { user } = await renderEditor();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this calculator?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(location()).toBe('/'));
    expect(screen.getByText('Home page')).toBeVisible();
    expect(useCalcs.getState().calcs[CALC_ID]).toBeUndefined();
    expect(useCalcs.getState().order).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('deletes a stored calculator on the server first', async () => {
    const stored = seedDraft(loanDoc, { saved: false, stored: true });
    const { calls } = stubFetch(() => json(200, { ok: true }));
    const { user } = await renderEditor();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this calculator?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(location()).toBe('/'));
    expect(calls).toEqual([
      { method: 'DELETE', path: `/api/source/${stored._id}`, body: undefined },
    ]);
    expect(useCalcs.getState().calcs[CALC_ID]).toBeUndefined();
  });
});

describe('delete failures', () => {
  it('toast the failure and stay on the calculator', async () => {
    seedDraft(loanDoc, { saved: false, stored: true });
    stubFetch(() => json(500));
    const { user } = await renderEditor();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this calculator?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(toasts()).toEqual(['Oops, an error.']));
    expect(location()).toBe(`/source/${CALC_ID}`);
    expect(calcNow()).toBeDefined();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('debug mode', () => {
  it('suspends recalculation until Run', async () => {
    seedDraft(loanDoc);
    const { user, workers, answer } = await renderEditor();
    await answer(okResult({ x: 'first' }));
    const posted = () => workers.workers.reduce((sum, worker) => sum + worker.posted.length, 0);
    expect(posted()).toBe(1);

    const debug = screen.getByRole('button', { name: 'Debug mode' });
    expect(debug).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: /Run/ })).toBeNull();
    await user.click(debug);
    expect(debug).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Debug mode: results update only when you press Run.')).toBeVisible();

    // Neither the inputs nor the outputs recalculate.
    await user.type(within(inputGroup('a')).getByLabelText('Current value'), '42');
    await user.click(screen.getByRole('button', { name: 'Delete output x' }));
    await act(flush);
    expect(posted()).toBe(1);

    await user.click(screen.getByRole('button', { name: /Run/ }));
    expect(posted()).toBe(2);
    expect(workers.current.last.values).toEqual({ '1': 42 });
    expect(workers.current.last.doc.metaOutputs).toEqual([]);
    await answer(okResult({}));

    // Still in debug mode: later changes wait for the next Run.
    await user.type(within(inputGroup('a')).getByLabelText('Current value'), '0');
    await act(flush);
    expect(posted()).toBe(2);

    // Leaving debug mode calculates with what is there now.
    await user.click(debug);
    expect(debug).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: /Run/ })).toBeNull();
    expect(posted()).toBe(3);
    expect(workers.current.last.values).toEqual({ '1': 420 });
  });
});

describe('debug mode, stale outputs', () => {
  it('marks the values stale from a change until Run, and says so', async () => {
    seedDraft(loanDoc);
    const { user, answer } = await renderEditor();
    await answer(okResult({ x: 'first' }));
    const outputsColumn = () => screen.getByRole('heading', { name: 'Outputs' }).closest('section');
    await user.click(screen.getByRole('button', { name: 'Debug mode' }));
    expect(outputsColumn()).not.toHaveClass('values-stale');

    await user.type(within(inputGroup('a')).getByLabelText('Current value'), '42');
    expect(outputsColumn()).toHaveClass('values-stale');
    expect(
      screen.getByText('Debug mode: the results are out of date. Press Run to update them.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Calc mode' }));
    expect(document.querySelector('.calc-outputs')).toHaveClass('values-stale');

    await user.click(screen.getByRole('button', { name: /Run/ }));
    await answer(okResult({ x: 'second' }));
    expect(document.querySelector('.calc-outputs')).not.toHaveClass('values-stale');
    expect(screen.getByText('Debug mode: results update only when you press Run.')).toBeVisible();
  });
});

describe('tabs', () => {
  it('switch with the arrow keys, Home and End', async () => {
    seedDraft(loanDoc);
    const { user } = await renderEditor();
    const tablist = screen.getByRole('tablist', { name: 'Editor sections' });
    const first = within(tablist).getByRole('tab', { name: 'Inputs & outputs' });
    const second = within(tablist).getByRole('tab', { name: 'Script' });
    const panel = (tab: HTMLElement) =>
      document.getElementById(tab.getAttribute('aria-controls')!)!;
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(second).toHaveAttribute('tabindex', '-1');
    expect(panel(first)).toBeVisible();
    expect(panel(second)).not.toBeVisible();

    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(second).toHaveFocus();
    expect(second).toHaveAttribute('tabindex', '0');
    expect(first).toHaveAttribute('tabindex', '-1');
    expect(panel(second)).toBeVisible();
    expect(panel(first)).not.toBeVisible();

    await user.keyboard('{ArrowRight}');
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(second).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(first).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(second).toHaveFocus();
    await user.keyboard('{Home}');
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(first).toHaveFocus();
    expect(panel(first)).toBeVisible();
  });
});

describe('script errors', () => {
  it('show on tab 0; one naming a line is a button that opens the Script tab', async () => {
    seedDraft(loanDoc);
    const { user, answer } = await renderEditor();
    await answer(errorResult('ReferenceError: y is not defined (line 3)'));
    const alert = screen.getByRole('alert');
    const button = within(alert).getByRole('button', {
      name: 'ReferenceError: y is not defined (line 3) Go to line 3',
    });
    await user.click(button);
    expect(screen.getByRole('tab', { name: 'Script' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Inputs & outputs' })).toHaveAttribute(
      'aria-selected',
      'false',
    );
  });

  it('show an error naming no line as text', async () => {
    seedDraft(loanDoc);
    const { answer } = await renderEditor();
    await answer(errorResult('Boom'));
    expect(screen.getByRole('alert')).toHaveTextContent(/^Boom$/);
    expect(within(screen.getByRole('alert')).queryByRole('button')).toBeNull();
  });
});

describe('calc mode', () => {
  it('hides an autohide input the last calculation did not read; edit mode shows all', async () => {
    seedDraft({
      ...loanDoc,
      metaInputs: [
        numberInput(1, 'unread', { autohide: true }),
        numberInput(2, 'read', { autohide: true }),
        numberInput(3, 'plain'),
      ],
    });
    const { user, answer } = await renderEditor();
    const mode = screen.getByRole('group', { name: 'Mode' });
    const calcMode = within(mode).getByRole('button', { name: 'Calc mode' });
    const editMode = within(mode).getByRole('button', { name: 'Edit mode' });
    expect(editMode).toHaveAttribute('aria-pressed', 'true');

    await user.click(calcMode);
    expect(calcMode).toHaveAttribute('aria-pressed', 'true');
    // No result yet: nothing is hidden.
    expect(screen.getByLabelText('unread')).toBeVisible();

    await answer(okResult({ x: 1 }, ['read']));
    expect(screen.queryByLabelText('unread')).toBeNull();
    expect(screen.getByLabelText('read')).toBeVisible();
    expect(screen.getByLabelText('plain')).toBeVisible();
    // The visitor's view has no editing controls.
    expect(screen.queryByRole('button', { name: 'Add input ▾' })).toBeNull();

    await user.click(editMode);
    expect(inputGroup('unread')).toBeVisible();
    expect(inputGroup('read')).toBeVisible();
    expect(inputGroup('plain')).toBeVisible();
  });

  it('edits values that edit mode then shows', async () => {
    seedDraft(loanDoc);
    const { user, latestValues } = await renderEditor();
    await user.click(screen.getByRole('button', { name: 'Calc mode' }));
    await user.type(screen.getByLabelText('a'), '8');
    expect(await latestValues()).toEqual({ '1': 8 });
    await user.click(screen.getByRole('button', { name: 'Edit mode' }));
    expect(within(inputGroup('a')).getByLabelText('Current value')).toHaveValue(8);
  });

  it('has the What if… panel, whose goal seek applies its value and saves a test in the doc', async () => {
    seedDraft(loanDoc);
    const whatIf = fakeWorkers();
    setWhatIfClientForTests(new WhatIfClient(whatIf.factory));
    try {
      const { user, answer, latestValues } = await renderEditor();
      expect(screen.queryByRole('button', { name: 'What if…' })).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Calc mode' }));
      await answer(okResult({ x: 5 }, ['a']));
      await user.click(await screen.findByRole('button', { name: 'What if…' }));
      await user.type(screen.getByLabelText('Target value'), '8');
      await user.click(screen.getByRole('button', { name: 'Find value' }));
      const request = whatIf.current.whatIf[0] as GoalSeekRequest;
      expect(request.spec).toEqual({ output: 'x', target: 8, input: 'a' });
      await act(async () => {
        whatIf.current.reply({
          type: 'sought',
          id: request.id,
          result: { value: 8, output: 8, display: '8', evaluations: 2, tolerance: 1e-8 },
        });
      });
      await user.click(screen.getByRole('button', { name: 'Apply' }));
      expect(await latestValues()).toEqual({ '1': 8 });
      await user.click(screen.getByRole('button', { name: 'Save as test' }));
      expect(docNow().tests).toEqual([
        {
          name: 'x = 8 by a',
          values: request.values,
          seek: { output: 'x', target: 8, input: 'a', value: 8, tolerance: 8e-6 },
        },
      ]);
    } finally {
      setWhatIfClientForTests(null);
    }
  });
});
