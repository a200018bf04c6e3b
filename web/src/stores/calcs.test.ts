import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, authGate } from '../lib/api';
import type { CalcDoc, User } from '../lib/types';
import { json, stubFetch } from '../testing/fetch';
import { testUser } from '../testing/user';
import { unsavedCalcs, useCalcs, type OpenCalc } from './calcs';
import { useSession } from './session';
import { useUi } from './ui';

const storedDoc = (name: string): CalcDoc => ({
  name,
  description: '',
  script: "'use strict';\n\nreturn { x: 1 };\n",
  libraries: { lodash: false, moment: false, mathjs: false },
  tabSize: 2,
  defaults: {},
  metaInputs: [{ id: 1, name: 'a', type: 'number' }],
  metaOutputs: [{ id: 1, name: 'x', type: 'value' }],
  inputs_label: '',
  outputs_label: '',
});

const calc = (id: string) => useCalcs.getState().calcs[id];

function signedIn(calcs: User['calcs'] = []) {
  useSession.setState({
    user: testUser({ calcs }),
    authenticated: true,
  });
}

/** A calculator that is on the server and unchanged here. */
function putStored(id: string, doc = storedDoc('Stored')): OpenCalc {
  const open: OpenCalc = { _id: id, doc, doc_style: {}, saved: true, stored: true, revision: 1 };
  useCalcs.setState((state) => ({
    calcs: { ...state.calcs, [id]: open },
    order: [...state.order, id],
  }));
  return open;
}

beforeEach(() => {
  useCalcs.setState({ calcs: {}, order: [] });
  useSession.setState({ user: null, authenticated: false, authDialog: null, noSession: false });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createDraft', () => {
  it('makes an unsaved draft with a 16-character id and the default doc', () => {
    const id = useCalcs.getState().createDraft();
    expect(id).toMatch(/^[0-9A-Za-z]{16}$/);
    const draft = calc(id);
    expect(draft).toMatchObject({ _id: id, saved: false, stored: false, doc_style: {} });
    expect(draft.doc.script).toBe("'use strict';\n\nreturn {};\n");
    expect(draft.doc).toMatchObject({
      name: '',
      tabSize: 2,
      metaInputs: [],
      metaOutputs: [],
      defaults: {},
    });
    expect(useCalcs.getState().order).toEqual([id]);
  });

  it('reuses an untouched empty draft instead of adding another', () => {
    const first = useCalcs.getState().createDraft();
    expect(useCalcs.getState().createDraft()).toBe(first);
    expect(useCalcs.getState().order).toEqual([first]);
  });

  it('gives every draft its own id once the last one was changed', () => {
    const ids = new Set(
      Array.from({ length: 50 }, (_, n) => {
        const id = useCalcs.getState().createDraft();
        useCalcs.getState().updateDoc(id, (doc) => ({ ...doc, name: `Draft ${n}` }));
        return id;
      }),
    );
    expect(ids.size).toBe(50);
  });

  it('does not reuse a draft whose style was changed', () => {
    const first = useCalcs.getState().createDraft();
    useCalcs.getState().updateStyle(first, { fsize: 14 });
    expect(useCalcs.getState().createDraft()).not.toBe(first);
  });
});

describe('discard', () => {
  it('drops a draft, and its undo puts it back where it was', () => {
    putStored('stored0000000001');
    const draft = useCalcs.getState().createDraft();
    useCalcs.getState().updateDoc(draft, (doc) => ({ ...doc, name: 'Mine' }));
    putStored('stored0000000002');
    const undo = useCalcs.getState().discard(draft);
    expect(calc(draft)).toBeUndefined();
    expect(useCalcs.getState().order).toEqual(['stored0000000001', 'stored0000000002']);
    undo();
    expect(calc(draft).doc.name).toBe('Mine');
    expect(useCalcs.getState().order).toEqual(['stored0000000001', draft, 'stored0000000002']);
  });

  it('leaves a stored calculator alone', () => {
    putStored('stored0000000001');
    useCalcs.getState().discard('stored0000000001');
    expect(calc('stored0000000001')).toBeDefined();
  });
});

describe('updateDoc and updateStyle', () => {
  it('mark the calculator unsaved', () => {
    putStored('s1');
    useCalcs.getState().updateDoc('s1', (doc) => ({ ...doc, name: 'Renamed' }));
    expect(calc('s1')).toMatchObject({ saved: false, stored: true });
    expect(calc('s1').doc.name).toBe('Renamed');

    putStored('s2');
    useCalcs.getState().updateStyle('s2', { bgcolor: '#ffffff' });
    expect(calc('s2')).toMatchObject({ saved: false, doc_style: { bgcolor: '#ffffff' } });
  });
});

describe('setValues', () => {
  it('keeps the values tried beside the doc: still saved, never sent, kept across a fetch', async () => {
    putStored('v1');
    useCalcs.getState().setValues('v1', { '1': 5 });
    expect(calc('v1')).toMatchObject({ saved: true, values: { '1': 5 } });
    expect(calc('v1').doc.defaults).toEqual({});

    useCalcs.getState().updateDoc('v1', (doc) => ({ ...doc, name: 'Renamed' }));
    const { calls } = stubFetch(() => json(200, { message: 'Saved.', revision: 2 }));
    await useCalcs.getState().save('v1');
    expect(calls[0].body).toEqual({ doc: calc('v1').doc, doc_style: {}, revision: 1 });

    stubFetch(() => json(200, { doc: storedDoc('Renamed'), doc_style: {}, revision: 2 }));
    await useCalcs.getState().open('v1');
    expect(calc('v1')).toMatchObject({ revision: 2, values: { '1': 5 } });
  });
});

describe('save', () => {
  it('posts doc and doc_style, marks it saved and stored and adds it to the user list', async () => {
    signedIn([{ _id: 'other', doc: storedDoc('Other'), doc_style: {}, private: false }]);
    const { calls } = stubFetch(() => json(200, { message: 'Saved.', revision: 1 }));
    const id = useCalcs.getState().createDraft();
    useCalcs.getState().updateDoc(id, (doc) => ({ ...doc, name: 'Loan' }));
    useCalcs.getState().updateStyle(id, { fsize: 12 });

    await useCalcs.getState().save(id);

    expect(calls).toHaveLength(1);
    expect(calls[0].method).toBe('POST');
    expect(calls[0].path).toBe(`/api/source/${id}`);
    // A first save: no revision.
    expect(calls[0].body).toEqual({ doc: calc(id).doc, doc_style: { fsize: 12 } });
    expect(calc(id)).toMatchObject({ saved: true, stored: true, revision: 1 });
    const list = useSession.getState().user!.calcs;
    expect(list.map((c) => c._id)).toEqual([id, 'other']);
    expect(list[0].doc.name).toBe('Loan');
  });

  it('sends the revision it is based on and keeps the one the server answers', async () => {
    putStored('stored0000000001');
    useCalcs.setState((state) => ({
      calcs: { ...state.calcs, stored0000000001: { ...calc('stored0000000001'), revision: 4 } },
    }));
    useCalcs.getState().updateDoc('stored0000000001', (doc) => ({ ...doc, name: 'Edited' }));
    const { calls } = stubFetch(() => json(200, { message: 'Saved.', revision: 5 }));
    await useCalcs.getState().save('stored0000000001');
    expect(calls[0].body).toMatchObject({ revision: 4 });
    expect(calc('stored0000000001')).toMatchObject({ saved: true, revision: 5 });
    // Overwriting after a conflict: based on the server's revision instead.
    useCalcs.getState().updateDoc('stored0000000001', (doc) => ({ ...doc, name: 'Again' }));
    await useCalcs.getState().save('stored0000000001', 9);
    expect(calls[1].body).toMatchObject({ revision: 9 });
  });

  it('leaves the calculator unsaved and on its revision when it changed elsewhere', async () => {
    putStored('stored0000000001');
    useCalcs.setState((state) => ({
      calcs: { ...state.calcs, stored0000000001: { ...calc('stored0000000001'), revision: 1 } },
    }));
    useCalcs.getState().updateDoc('stored0000000001', (doc) => ({ ...doc, name: 'Mine' }));
    stubFetch(() => json(409, { message: 'Changed elsewhere.', revision: 2 }));
    await expect(useCalcs.getState().save('stored0000000001')).rejects.toMatchObject({
      code: 'conflict',
      body: { revision: 2 },
    });
    expect(calc('stored0000000001')).toMatchObject({ saved: false, revision: 1 });
    expect(calc('stored0000000001').doc.name).toBe('Mine');
  });

  it('keeps the calculator unsaved when it was edited while the save was on its way', async () => {
    let answer: (response: Response) => void = () => {};
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const id = useCalcs.getState().createDraft();
    const saving = useCalcs.getState().save(id);
    useCalcs.getState().updateDoc(id, (doc) => ({ ...doc, name: 'Typed during the save' }));
    answer(json(200, { ok: true }));
    await saving;
    expect(calc(id)).toMatchObject({ saved: false, stored: true });
    expect(calc(id).doc.name).toBe('Typed during the save');
  });

  it('does not bring back a calculator removed while its save was on its way', async () => {
    let answer: (response: Response) => void = () => {};
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const id = useCalcs.getState().createDraft();
    const saving = useCalcs.getState().save(id);
    await useCalcs.getState().remove(id); // a never-stored draft: removed at once
    answer(json(200, { ok: true }));
    await expect(saving).resolves.toBeUndefined();
    expect(calc(id)).toBeUndefined();
    expect(useCalcs.getState().order).toEqual([]);
  });

  it('leaves the calculator unsaved when the server refuses it', async () => {
    stubFetch(() => json(400, { message: 'Upgrade your plan.' }));
    const id = useCalcs.getState().createDraft();
    await expect(useCalcs.getState().save(id)).rejects.toMatchObject({
      code: 'bad_request',
      message: 'Upgrade your plan.',
    });
    expect(calc(id)).toMatchObject({ saved: false, stored: false });
  });
});

describe('reload', () => {
  it("replaces the doc here with the server's, as saved", async () => {
    putStored('stored0000000001');
    useCalcs.getState().updateDoc('stored0000000001', (doc) => ({ ...doc, name: 'Mine' }));
    stubFetch(() => json(200, { doc: storedDoc('Theirs'), doc_style: {}, revision: 7 }));
    await useCalcs.getState().reload('stored0000000001');
    expect(calc('stored0000000001')).toMatchObject({ saved: true, stored: true, revision: 7 });
    expect(calc('stored0000000001').doc.name).toBe('Theirs');
  });
});

describe('draftFrom', () => {
  it('makes an unsaved draft holding a copy of a published doc', () => {
    const published = storedDoc('Theirs');
    const id = useCalcs.getState().draftFrom(published, { fsize: 14 });
    expect(calc(id)).toMatchObject({ saved: false, stored: false, doc_style: { fsize: 14 } });
    expect(calc(id).revision).toBeUndefined();
    expect(calc(id).doc).toEqual(published);
    expect(calc(id).doc).not.toBe(published);
  });
});

describe('copy', () => {
  it('makes an unsaved deep copy under a new id', () => {
    putStored('original0000001');
    const copyId = useCalcs.getState().copy('original0000001');
    expect(copyId).toMatch(/^[0-9A-Za-z]{16}$/);
    expect(copyId).not.toBe('original0000001');
    const copy = calc(copyId);
    expect(copy).toMatchObject({ saved: false, stored: false });
    // A copy is new to the server: its first save carries no revision.
    expect(copy.revision).toBeUndefined();
    expect(copy.doc).toEqual({ ...calc('original0000001').doc, name: 'Copy of Stored' });
    expect(copy.doc.metaInputs).not.toBe(calc('original0000001').doc.metaInputs);

    // Changing the copy leaves the original alone.
    copy.doc.metaInputs![0].name = 'changed';
    expect(calc('original0000001').doc.metaInputs![0].name).toBe('a');
    expect(calc('original0000001').saved).toBe(true);
  });
});

describe('copy names', () => {
  it('names a copy in the interface language, an untitled one too', () => {
    putStored('original0000001', storedDoc(''));
    expect(calc(useCalcs.getState().copy('original0000001')).doc.name).toBe(
      'Copy of Untitled calculator',
    );
    useUi.setState({ locale: 'ru' });
    putStored('original0000002', storedDoc('Ипотека'));
    expect(calc(useCalcs.getState().copy('original0000002')).doc.name).toBe('Копия «Ипотека»');
    useUi.setState({ locale: 'en' });
  });
});

describe('remove', () => {
  it('discards a never-stored draft without a request', async () => {
    const { fetch } = stubFetch(() => json(200));
    const id = useCalcs.getState().createDraft();
    await useCalcs.getState().remove(id);
    expect(fetch).not.toHaveBeenCalled();
    expect(calc(id)).toBeUndefined();
    expect(useCalcs.getState().order).toEqual([]);
  });

  it('deletes a stored calculator on the server and removes it from the user list', async () => {
    signedIn([
      { _id: 'stored0000000001', doc: storedDoc('A'), doc_style: {}, private: false },
      { _id: 'stored0000000002', doc: storedDoc('B'), doc_style: {}, private: false },
    ]);
    putStored('stored0000000001');
    const { calls } = stubFetch(() => json(200));
    await useCalcs.getState().remove('stored0000000001');
    expect(calls).toEqual([
      { method: 'DELETE', path: '/api/source/stored0000000001', body: undefined },
    ]);
    expect(calc('stored0000000001')).toBeUndefined();
    expect(useSession.getState().user!.calcs.map((c) => c._id)).toEqual(['stored0000000002']);
  });

  it('deletes on the server a calculator of the user list that was never opened here', async () => {
    signedIn([{ _id: 'listed0000000001', doc: storedDoc('A'), doc_style: {}, private: false }]);
    const { calls } = stubFetch(() => json(200));
    await useCalcs.getState().remove('listed0000000001');
    expect(calls.map((c) => c.method)).toEqual(['DELETE']);
    expect(useSession.getState().user!.calcs).toEqual([]);
  });

  it('keeps a stored calculator when the server delete fails', async () => {
    putStored('stored0000000001');
    stubFetch(() => json(500));
    await expect(useCalcs.getState().remove('stored0000000001')).rejects.toMatchObject({
      code: 'server',
    });
    expect(calc('stored0000000001')).toBeDefined();
  });
});

describe('open', () => {
  it('never makes up a draft for an id the server does not have for this user', async () => {
    const { calls } = stubFetch(() => json(404, { message: 'Not found.' }));
    await expect(useCalcs.getState().open('unknown000000001')).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(calls.map((c) => c.path)).toEqual(['/api/source/unknown000000001']);
    expect(calc('unknown000000001')).toBeUndefined();
  });

  it('drops an unchanged copy here of a calculator the server no longer has for this user', async () => {
    putStored('deleted000000001');
    stubFetch(() => json(404, { message: 'Not found.' }));
    await expect(useCalcs.getState().open('deleted000000001')).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(calc('deleted000000001')).toBeUndefined();
    expect(useCalcs.getState().order).toEqual([]);
  });

  it('loads a stored calculator as saved, with its revision', async () => {
    stubFetch(() => json(200, { doc: storedDoc('From server'), doc_style: null, revision: 3 }));
    const opened = await useCalcs.getState().open('server0000000001');
    expect(opened).toMatchObject({ saved: true, stored: true, doc_style: {}, revision: 3 });
    expect(opened.doc.name).toBe('From server');
  });

  it('opens a calculator saved before "Let visitors explore" with it off, as saved', async () => {
    const saved = storedDoc('Older');
    delete (saved as { explore?: boolean }).explore;
    stubFetch(() => json(200, { doc: saved, doc_style: {}, revision: 1 }));
    const opened = await useCalcs.getState().open('older00000000001');
    expect(opened.doc.explore).toBeUndefined();
  });

  it('refetches a stored calculator that has no local changes', async () => {
    putStored('stored0000000001', storedDoc('Old'));
    const { calls } = stubFetch(() => json(200, { doc: storedDoc('Newer'), doc_style: {} }));
    const opened = await useCalcs.getState().open('stored0000000001');
    expect(calls).toHaveLength(1);
    expect(opened.doc.name).toBe('Newer');
    expect(calc('stored0000000001').doc.name).toBe('Newer');
  });

  it('never overwrites a calculator with unsaved local changes', async () => {
    putStored('stored0000000001', storedDoc('Server copy'));
    useCalcs.getState().updateDoc('stored0000000001', (doc) => ({ ...doc, name: 'My edit' }));
    const draft = useCalcs.getState().createDraft();
    const { fetch } = stubFetch(() => json(200, { doc: storedDoc('Server copy'), doc_style: {} }));

    expect((await useCalcs.getState().open('stored0000000001')).doc.name).toBe('My edit');
    expect((await useCalcs.getState().open(draft)).doc.name).toBe('');
    expect(fetch).not.toHaveBeenCalled();
    expect(calc('stored0000000001')).toMatchObject({ saved: false });
  });

  it('holds the load of a calculator kept here for a sign-in once the session has ended', async () => {
    // The found path: the password changed elsewhere, the page says nobody is signed in,
    // and the navigation still lists a calculator saved from here.
    putStored('kept000000000001', storedDoc('Kept'));
    useSession.setState({ user: null, authenticated: false });
    const onUnauthorized = vi.spyOn(authGate, 'onUnauthorized').mockImplementation(() => {});
    const { calls } = stubFetch((_, index) =>
      index === 0
        ? json(401, { message: 'Please sign in.' })
        : json(200, { doc: storedDoc('On the server'), doc_style: {}, revision: 2 }),
    );
    const opening = useCalcs.getState().open('kept000000000001');
    await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
    authGate.release(); // signed in
    const opened = await opening;
    expect(calls.map((c) => c.path)).toEqual([
      '/api/source/kept000000000001',
      '/api/source/kept000000000001',
    ]);
    expect(opened).toMatchObject({ saved: true, stored: true, revision: 2 });
    expect(opened.doc.name).toBe('On the server');
    onUnauthorized.mockRestore();
  });

  it('shows nothing of the copy kept here when that sign-in is cancelled (issue 25)', async () => {
    // Whoever declined to sign in may not be its owner; the server has it all, so an
    // unchanged copy is dropped, and the editor asks for a sign-in instead of a blank.
    putStored('kept000000000001', storedDoc('Kept'));
    useSession.setState({ user: null, authenticated: false });
    const onUnauthorized = vi.spyOn(authGate, 'onUnauthorized').mockImplementation(() => {});
    stubFetch(() => json(401, { message: 'Please sign in.' }));
    const opening = useCalcs.getState().open('kept000000000001');
    await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
    authGate.cancel('Sign-in was cancelled.');
    await expect(opening).rejects.toMatchObject({ code: 'cancelled' });
    expect(calc('kept000000000001')).toBeUndefined();
    onUnauthorized.mockRestore();
  });

  it('shows the copy kept here, never a blank, when the network is down', async () => {
    putStored('kept000000000001', storedDoc('Kept'));
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect((await useCalcs.getState().open('kept000000000001')).doc.name).toBe('Kept');
  });

  it('holds the load for a sign-in when a signed-in session has ended', async () => {
    signedIn();
    const onUnauthorized = vi.spyOn(authGate, 'onUnauthorized').mockImplementation(() => {});
    stubFetch(() => json(401, { message: 'Please sign in.' }));
    const opening = useCalcs.getState().open('expired000000001');
    await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
    authGate.cancel('Sign-in was cancelled.');
    await expect(opening).rejects.toMatchObject({ code: 'cancelled' });
    expect(calc('expired000000001')).toBeUndefined();
    onUnauthorized.mockRestore();
  });

  it('does not turn a calculator of the user list into a draft on a 404', async () => {
    signedIn([{ _id: 'listed0000000001', doc: storedDoc('A'), doc_style: {}, private: false }]);
    stubFetch(() => json(404));
    await expect(useCalcs.getState().open('listed0000000001')).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(calc('listed0000000001')).toBeUndefined();
  });
});

describe('persistence', () => {
  it('keeps the calculators in localStorage under calcsmith.calcs', () => {
    const id = useCalcs.getState().createDraft();
    useCalcs.getState().updateDoc(id, (doc) => ({ ...doc, name: 'Kept' }));
    const stored = JSON.parse(localStorage.getItem('calcsmith.calcs') ?? 'null') as {
      state: { calcs: Record<string, OpenCalc>; order: string[] };
    };
    expect(stored.state.order).toEqual([id]);
    expect(stored.state.calcs[id]).toMatchObject({ saved: false, doc: { name: 'Kept' } });
  });

  it('restores the calculators from localStorage', async () => {
    const draft: OpenCalc = {
      _id: 'restored00000001',
      doc: storedDoc('Restored'),
      doc_style: {},
      saved: false,
      stored: false,
    };
    localStorage.setItem(
      'calcsmith.calcs',
      JSON.stringify({ state: { calcs: { [draft._id]: draft }, order: [draft._id] }, version: 1 }),
    );
    await useCalcs.persist.rehydrate();
    expect(calc('restored00000001')).toEqual(draft);
  });
});

/** The calculators in localStorage, by id. */
function inLocalStorage(): Record<string, OpenCalc> {
  const kept = JSON.parse(localStorage.getItem('calcsmith.calcs') ?? 'null') as {
    state: { calcs: Record<string, OpenCalc>; order: string[] };
  } | null;
  return kept?.state.calcs ?? {};
}

/** An anonymous draft, a private calculator, its unsaved draft and a draft made signed in. */
function deviceOfAnAccount() {
  const anonymous = useCalcs.getState().createDraft();
  useCalcs.getState().updateDoc(anonymous, (doc) => ({ ...doc, name: 'Anonymous draft' }));
  signedIn();
  putStored('private000000001', storedDoc('Private'));
  putStored('private000000002', storedDoc('Private, changed'));
  useCalcs.getState().updateDoc('private000000002', (doc) => ({ ...doc, script: 'secret' }));
  const mine = useCalcs.getState().createDraft();
  useCalcs.getState().updateDoc(mine, (doc) => ({ ...doc, name: 'Made signed in' }));
  const copy = useCalcs.getState().copy('private000000001');
  return { anonymous, mine, copy };
}

describe('calculators of an account, once nobody is signed in (issue 25)', () => {
  afterEach(() => {
    document.getElementById('calcsmith-preload')?.remove();
    vi.resetModules();
  });

  /** Loads the store afresh, as a new page does, on a page whose data says `preload`. */
  async function startPage(preload: string | null) {
    document.getElementById('calcsmith-preload')?.remove();
    if (preload !== null) {
      const script = document.createElement('script');
      script.id = 'calcsmith-preload';
      script.type = 'application/json';
      script.textContent = preload;
      document.head.append(script);
    }
    vi.resetModules();
    return (await import('./calcs')).useCalcs;
  }

  it('forgetAccountCalcs keeps only drafts made while nobody was signed in', () => {
    const { anonymous } = deviceOfAnAccount();
    useCalcs.getState().forgetAccountCalcs();
    expect(useCalcs.getState().order).toEqual([anonymous]);
    expect(Object.keys(inLocalStorage())).toEqual([anonymous]);
  });

  it('a start whose page says nobody is signed in drops them from the page and localStorage', async () => {
    const { anonymous } = deviceOfAnAccount();
    expect(Object.keys(inLocalStorage())).toHaveLength(5);
    const started = await startPage('{"authenticated":false,"user":null}');
    expect(started.getState().order).toEqual([anonymous]);
    expect(started.getState().calcs[anonymous].doc.name).toBe('Anonymous draft');
    expect(Object.keys(inLocalStorage())).toEqual([anonymous]);
    expect(localStorage.getItem('calcsmith.calcs')).not.toContain('Private');
    expect(localStorage.getItem('calcsmith.calcs')).not.toContain('secret');
  });

  it('a start signed in, or in the offline app shell (no page data), keeps them all', async () => {
    deviceOfAnAccount();
    const signedInPage = await startPage('{"authenticated":true,"user":null}');
    expect(signedInPage.getState().order).toHaveLength(5);
    const offlineShell = await startPage(null);
    expect(offlineShell.getState().order).toHaveLength(5);
    expect(Object.keys(inLocalStorage())).toHaveLength(5);
  });

  it('a 401 takes them out of localStorage; the page keeps them for a sign-in, which puts them back', async () => {
    const { anonymous } = deviceOfAnAccount();
    const onUnauthorized = vi.spyOn(authGate, 'onUnauthorized');
    let session = false;
    stubFetch((call) => {
      if (call.path === '/api/login') session = true;
      if (call.path === '/api/account') return json(200, useSession.getState().user);
      return session ? json(200, {}) : json(401, { message: 'Please sign in.' });
    });
    const held = api.get('/api/user/calculators');
    await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
    expect(Object.keys(inLocalStorage())).toEqual([anonymous]);
    // Nothing of the page is lost while it asks for a sign-in.
    expect(useCalcs.getState().order).toHaveLength(5);
    // A change made meanwhile is not written out either.
    useCalcs.getState().updateDoc('private000000002', (doc) => ({ ...doc, name: 'Renamed' }));
    expect(Object.keys(inLocalStorage())).toEqual([anonymous]);

    await useSession.getState().signIn('ann@example.com', 'secret');
    await held;
    expect(Object.keys(inLocalStorage())).toHaveLength(5);
    expect(inLocalStorage()['private000000002'].doc.name).toBe('Renamed');
    onUnauthorized.mockRestore();
  });

  it('a start whose account check answers 401 drops them from localStorage', async () => {
    const { anonymous } = deviceOfAnAccount();
    stubFetch(() => json(401, { message: 'Please sign in.' }));
    await expect(useSession.getState().loadUser()).rejects.toMatchObject({ code: 'unauthorized' });
    expect(Object.keys(inLocalStorage())).toEqual([anonymous]);
  });

  it('someone else signing in finds nothing of the previous account', async () => {
    const { anonymous } = deviceOfAnAccount();
    useSession.getState().setUser(testUser({ name: 'Bob', email: 'bob@example.com' }));
    expect(useCalcs.getState().order).toEqual([anonymous]);
    expect(Object.keys(inLocalStorage())).toEqual([anonymous]);
  });

  it('a draft made from a calculator of an account is that account’s, even made signed out', () => {
    putStored('private000000001', storedDoc('Private'));
    const copy = useCalcs.getState().copy('private000000001');
    useCalcs.getState().forgetAccountCalcs();
    expect(calc(copy)).toBeUndefined();
  });
});

describe('unsavedCalcs', () => {
  it('lists exactly the calculators with unsaved changes', () => {
    putStored('stored0000000001');
    putStored('stored0000000002');
    useCalcs.getState().updateDoc('stored0000000002', (doc) => ({ ...doc, name: 'x' }));
    const draft = useCalcs.getState().createDraft();
    // An untouched empty draft holds nothing to lose.
    expect(unsavedCalcs(useCalcs.getState()).map((c) => c._id)).toEqual(['stored0000000002']);
    useCalcs.getState().updateDoc(draft, (doc) => ({ ...doc, script: 'return {};' }));
    expect(
      unsavedCalcs(useCalcs.getState())
        .map((c) => c._id)
        .sort(),
    ).toEqual(['stored0000000002', draft].sort());
  });
});

describe('versions', () => {
  it('keeps the current and the published version the server names', async () => {
    stubFetch(() =>
      json(200, {
        doc: storedDoc('Held'),
        doc_style: {},
        revision: 4,
        version: 4,
        published_version: 2,
      }),
    );
    const opened = await useCalcs.getState().open('server0000000001');
    expect(opened).toMatchObject({ version: 4, publishedVersion: 2 });
  });

  it('after a save: the published version as the server says, else as the hold decides', async () => {
    putStored('stored0000000001');
    const save = async (answer: Record<string, unknown>, doc: Partial<CalcDoc> = {}) => {
      useCalcs.getState().updateDoc('stored0000000001', (old) => ({ ...old, ...doc, name: 'x' }));
      stubFetch(() => json(200, { message: 'Saved.', revision: 1, ...answer }));
      await useCalcs.getState().save('stored0000000001');
      return calc('stored0000000001');
    };
    expect(await save({ version: 2, tests: null })).toMatchObject({
      version: 2,
      publishedVersion: 2,
    });
    // Held: tests fail and the doc holds back such versions.
    expect(
      await save({ version: 3, tests: { passed: 0, failed: 1 } }, { holdWhileTestsFail: true }),
    ).toMatchObject({ version: 3, publishedVersion: 2 });
    expect(await save({ version: 4, tests: { passed: 1, failed: 0 } })).toMatchObject({
      version: 4,
      publishedVersion: 4,
    });
    // Failing tests without the hold are published.
    expect(
      await save({ version: 5, tests: { passed: 0, failed: 1 } }, { holdWhileTestsFail: false }),
    ).toMatchObject({ version: 5, publishedVersion: 5 });
    expect(await save({ version: 6, published_version: 1 })).toMatchObject({
      version: 6,
      publishedVersion: 1,
    });
  });

  it('gives a draft made from an imported doc none of them', () => {
    const id = useCalcs.getState().draftFrom({ ...storedDoc('Imported'), tests: [] }, null);
    expect(calc(id).version).toBeUndefined();
    expect(calc(id).doc.tests).toEqual([]);
  });
});
