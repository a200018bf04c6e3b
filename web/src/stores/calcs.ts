// Calculators opened in this browser (spec §4): drafts and loaded sources, kept in local
// storage so nothing is lost on a reload — but only while someone is signed in, or for
// drafts nobody signed in ever had: a device shared after a session ended elsewhere must
// not show the next person an account's calculators (issue 25).
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { api, ApiError } from '../lib/api';
import type { Answer, Body, Narrow, Schemas } from '../lib/api/wire';
import { docDefaults, newDoc } from '../lib/doc';
import { translate } from '../lib/i18n';
import { randomId } from '../lib/ids';
import type { CalcDoc, DocStyle, SourceRecord, User } from '../lib/types';
import { useSession } from './session';
import { calcsMessages } from './messages';
import { useUi } from './ui';

export interface OpenCalc extends SourceRecord {
  /** The server has it (it is in the user's list or was saved from here). */
  stored: boolean;
  /**
   * The server's revision this doc is based on (loaded or last saved). A save sends it, and
   * the server refuses one based on an older revision (409). Absent before the first save.
   */
  revision?: number;
  /** The server's current version of it (each save that changed it makes one). */
  version?: number;
  /**
   * The version visitors see: the current one, unless "Don't publish while tests fail"
   * holds back a version whose tests fail.
   */
  publishedVersion?: number;
  /**
   * Made or changed while someone was signed in, or copied from a calculator of an account:
   * it is that account's even before it is saved. Absent on an anonymous draft.
   */
  owned?: boolean;
  /**
   * The values the editor is trying (what was typed, by input id): kept here so a reload
   * loses none of them, but never saved and never the doc's defaults (issue 26).
   */
  values?: Record<string, unknown>;
}

interface CalcsState {
  calcs: Record<string, OpenCalc>;
  /** Ids in the order they were opened. */
  order: string[];
  /** A new draft, or the untouched empty one already here; returns the id. */
  createDraft(): string;
  /** An unsaved draft holding a copy of `doc` (someone's published calculator); returns the id. */
  draftFrom(doc: CalcDoc, docStyle: DocStyle | null): string;
  /**
   * The calculator, from here or from the server. It never makes up a blank doc: a 401
   * waits for a sign-in, and an id the server does not have for this user fails with
   * `not_found`.
   */
  open(id: string): Promise<OpenCalc>;
  /** Replaces the doc here with the server's ("reload theirs" after a conflict). */
  reload(id: string): Promise<OpenCalc>;
  updateDoc(id: string, change: (doc: CalcDoc) => CalcDoc): void;
  updateStyle(id: string, style: DocStyle): void;
  /** Keeps the editor's current values with the calculator; the doc stays as it is. */
  setValues(id: string, values: Record<string, unknown>): void;
  /**
   * Saves the doc, based on its revision, or on `basedOn` (the server's current revision,
   * to overwrite it after a conflict). Fails with `conflict` when it changed elsewhere.
   */
  save(id: string, basedOn?: number): Promise<SavedTests | undefined>;
  /** An unsaved copy named "Copy of …" under a new id; returns the id. */
  copy(id: string): string;
  remove(id: string): Promise<void>;
  /** Drops a draft the server never had; returns what puts it back where it was. */
  discard(id: string): () => void;
  /**
   * Forgets every calculator of an account — saved ones, their unsaved changes, drafts made
   * signed in and copies — keeping only anonymous drafts (on sign-out, or when nobody is).
   */
  forgetAccountCalcs(): void;
}

/** What `GET /api/source/{id}` answers. */
type SourceAnswer = Narrow<
  Answer<'/api/source/{id}', 'get'>,
  { doc: CalcDoc; doc_style: DocStyle | null }
>;

/** What a save answers. */
type SaveAnswer = Answer<'/api/source/{id}', 'post'>;

/** How the saved doc's tests came out on the server (a failing test never blocks a save). */
export type SavedTests = Pick<Schemas['TestReport'], 'passed' | 'failed'>;

/**
 * The version visitors see after a save: the server's word when it gives it; else the
 * saved version, unless the doc holds back versions whose tests fail and these did.
 */
function publishedAfterSave(
  answer: SaveAnswer | null,
  doc: CalcDoc,
  before: number | undefined,
): number | undefined {
  if (typeof answer?.published_version === 'number') return answer.published_version;
  if (typeof answer?.version !== 'number') return undefined;
  const held = doc.holdWhileTestsFail === true && (answer.tests?.failed ?? 0) > 0;
  return held ? before : answer.version;
}

function put(state: CalcsState, calc: OpenCalc): Partial<CalcsState> {
  return {
    calcs: { ...state.calcs, [calc._id]: calc },
    order: state.order.includes(calc._id) ? state.order : [...state.order, calc._id],
  };
}

function without(state: CalcsState, id: string): Partial<CalcsState> {
  const calcs = { ...state.calcs };
  delete calcs[id];
  return { calcs, order: state.order.filter((other) => other !== id) };
}

/** A draft made while nobody was signed in, from nothing of an account: kept on sign-out. */
export function isAnonymousDraft(calc: OpenCalc): boolean {
  return !calc.stored && calc.owned !== true;
}

/** Only the anonymous drafts of `state`. */
function anonymousOnly(state: Pick<CalcsState, 'calcs' | 'order'>) {
  const calcs = Object.fromEntries(
    Object.entries(state.calcs).filter(([, calc]) => isAnonymousDraft(calc)),
  );
  return { calcs, order: state.order.filter((id) => id in calcs) };
}

/** Someone is signed in, as far as the page knows: what is made now is their account's. */
function signedIn(): boolean {
  const session = useSession.getState();
  return session.authenticated && !session.noSession;
}

/** `calc`, marked as an account's when someone is signed in. */
function ownedNow(calc: OpenCalc): OpenCalc {
  return signedIn() ? { ...calc, owned: true } : calc;
}

function inUserList(id: string): boolean {
  return useSession.getState().user?.calcs.some((c) => c._id === id) ?? false;
}

function replaceInUser(calc: OpenCalc) {
  const session = useSession.getState();
  const user: User | null = session.user;
  if (!user) return;
  const item = { _id: calc._id, doc: calc.doc, doc_style: calc.doc_style };
  const known = user.calcs.find((c) => c._id === calc._id);
  // A first save makes a public calculator.
  const calcs = known
    ? user.calcs.map((c) => (c._id === calc._id ? { ...c, ...item } : c))
    : [{ ...item, private: false }, ...user.calcs];
  session.setUser({ ...user, calcs });
}

/** A draft nobody has touched: never stored, and still the doc and style "New" made. */
export function isUntouchedDraft(calc: OpenCalc): boolean {
  return (
    !calc.stored &&
    Object.keys(calc.doc_style ?? {}).length === 0 &&
    JSON.stringify(calc.doc) === JSON.stringify(newDoc())
  );
}

/** "Copy of <name>", in the interface's language. */
function copyName(name: unknown): string {
  const locale = useUi.getState().locale;
  const shown =
    typeof name === 'string' && name.trim() ? name : translate(calcsMessages, locale, 'untitled');
  return translate(calcsMessages, locale, 'copyOf', { name: shown });
}

/** `calc` from the server, with the values the editor was trying on the copy here. */
function withValuesOf(calc: OpenCalc, local: OpenCalc | undefined): OpenCalc {
  return local?.values ? { ...calc, values: local.values } : calc;
}

async function fetchSource(id: string): Promise<OpenCalc> {
  // Through the 401 hold: a session that ended asks for a sign-in and then loads.
  const source = await api.get<SourceAnswer>(`/api/source/${id}`);
  return {
    _id: id,
    doc: { ...docDefaults(), ...source.doc },
    doc_style: source.doc_style ?? {},
    saved: true,
    stored: true,
    revision: source.revision,
    version: source.version,
    publishedVersion: source.published_version,
  };
}

export const useCalcs = create<CalcsState>()(
  persist(
    (set, get) => ({
      calcs: {},
      order: [],
      createDraft() {
        const { calcs, order } = get();
        const untouched = order.find((id) => calcs[id] && isUntouchedDraft(calcs[id]));
        if (untouched) return untouched;
        const id = randomId(16);
        const draft = { _id: id, doc: newDoc(), doc_style: {}, saved: false, stored: false };
        set(put(get(), ownedNow(draft)));
        return id;
      },
      draftFrom(doc, docStyle) {
        const id = randomId(16);
        // A copy keeps the original's `explore` (off when it has none), not a new doc's.
        const draft: OpenCalc = {
          _id: id,
          doc: { ...docDefaults(), ...structuredClone(doc) },
          doc_style: structuredClone(docStyle ?? {}),
          saved: false,
          stored: false,
        };
        set(put(get(), ownedNow(draft)));
        return id;
      },
      async open(id) {
        const local = get().calcs[id];
        // A changed draft is the author's work: never overwrite it from the server.
        if (local && (!local.saved || !local.stored)) return local;
        try {
          const calc = withValuesOf(await fetchSource(id), get().calcs[id]);
          set(put(get(), calc));
          return calc;
        } catch (error) {
          if (error instanceof ApiError && error.code === 'not_found') {
            // Deleted elsewhere, or not this user's: an unchanged copy here holds nothing
            // the server did not have, and must not pose as theirs.
            if (local) set(without(get(), id));
            throw error;
          }
          if (error instanceof ApiError && error.code === 'cancelled') {
            // Whoever declined to sign in may not be its owner (issue 25): show nothing of
            // it, and drop the unchanged copy here (the server has all of it).
            if (local && get().calcs[id] === local) set(without(get(), id));
            throw error;
          }
          // Offline: the copy last seen here, never a blank.
          if (local) return local;
          throw error;
        }
      },
      async reload(id) {
        const calc = withValuesOf(await fetchSource(id), get().calcs[id]);
        set(put(get(), calc));
        return calc;
      },
      updateDoc(id, change) {
        const calc = get().calcs[id];
        if (!calc) return;
        set(put(get(), ownedNow({ ...calc, doc: change(calc.doc), saved: false })));
      },
      updateStyle(id, style) {
        const calc = get().calcs[id];
        if (!calc) return;
        set(put(get(), ownedNow({ ...calc, doc_style: style, saved: false })));
      },
      setValues(id, values) {
        const calc = get().calcs[id];
        if (!calc) return;
        set(put(get(), { ...calc, values }));
      },
      async save(id, basedOn) {
        const calc = get().calcs[id];
        if (!calc) return;
        const revision = basedOn ?? calc.revision;
        const answer = await api.post<SaveAnswer | null>(`/api/source/${id}`, {
          doc: calc.doc,
          doc_style: calc.doc_style,
          ...(revision === undefined ? {} : { revision }),
        } satisfies Body<'/api/source/{id}', 'post'>);
        const now = get().calcs[id];
        const tests = answer?.tests
          ? { passed: answer.tests.passed ?? 0, failed: answer.tests.failed ?? 0 }
          : undefined;
        // The server has it now, even if it was removed here while the save was on its way.
        replaceInUser(calc);
        if (!now) return tests;
        // Edits made while the save was on its way keep the calculator unsaved.
        const saved = now.doc === calc.doc && now.doc_style === calc.doc_style;
        set(
          put(get(), {
            ...now,
            stored: true,
            saved,
            revision: answer?.revision,
            version: answer?.version,
            publishedVersion: publishedAfterSave(answer, calc.doc, now.publishedVersion),
          }),
        );
        return tests;
      },
      copy(id) {
        const calc = get().calcs[id];
        const newId = randomId(16);
        if (!calc) return newId;
        const doc = { ...structuredClone(calc.doc), name: copyName(calc.doc.name) };
        const copy: OpenCalc = {
          _id: newId,
          doc,
          doc_style: structuredClone(calc.doc_style),
          saved: false,
          stored: false,
        };
        // A copy of an account's calculator holds all of it: it is the account's too.
        set(put(get(), isAnonymousDraft(calc) ? ownedNow(copy) : { ...copy, owned: true }));
        return newId;
      },
      async remove(id) {
        const calc = get().calcs[id];
        if (calc?.stored || inUserList(id)) {
          await api.delete(`/api/source/${id}`);
          const user = useSession.getState().user;
          if (user) {
            useSession
              .getState()
              .setUser({ ...user, calcs: user.calcs.filter((c) => c._id !== id) });
          }
        }
        set(without(get(), id));
      },
      discard(id) {
        const { calcs, order } = get();
        const calc = calcs[id];
        if (!calc || calc.stored) return () => {};
        const at = order.indexOf(id);
        set(without(get(), id));
        return () => {
          if (get().calcs[id]) return;
          const order = [...get().order];
          order.splice(Math.min(at, order.length), 0, id);
          set({ calcs: { ...get().calcs, [id]: calc }, order });
        };
      },
      forgetAccountCalcs() {
        set(anonymousOnly(get()));
      },
    }),
    {
      name: 'calcsmith.calcs',
      version: 1,
      // Known signed out: the page may keep an account's calculators for a sign-in, but
      // localStorage, which outlives the page, keeps none of them.
      partialize: (state) =>
        useSession.getState().noSession
          ? anonymousOnly(state)
          : { calcs: state.calcs, order: state.order },
    },
  ),
);

// A start knowing nobody is signed in (signed out in another tab, a password changed
// elsewhere, an expired session): nothing of an account shows, here or after a reload.
if (useSession.getState().noSession) useCalcs.getState().forgetAccountCalcs();

useSession.subscribe((now, before) => {
  // Someone else signed in: nothing of the previous account is theirs to see.
  if (now.user && before.user && now.user.email !== before.user.email) {
    useCalcs.getState().forgetAccountCalcs();
  } else if (now.noSession !== before.noSession) {
    // localStorage follows the session at once: emptied of the account's calculators when
    // it ends, given the page's back after a sign-in.
    useCalcs.setState({});
  }
});

/** Calculators with changes the server does not have (an untouched draft has none). */
export const unsavedCalcs = (state: Pick<CalcsState, 'calcs'>) =>
  Object.values(state.calcs).filter((calc) => !calc.saved && !isUntouchedDraft(calc));
