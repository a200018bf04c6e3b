// Calculators opened in this browser (spec §4): drafts and loaded sources, kept in local
// storage so nothing is lost on a reload.
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { api, ApiError } from '../lib/api';
import { newDoc } from '../lib/doc';
import { randomId } from '../lib/ids';
import type { CalcDoc, DocStyle, SourceRecord, User } from '../lib/types';
import { useSession } from './session';

export interface OpenCalc extends SourceRecord {
  /** The server has it (it is in the user's list or was saved from here). */
  stored: boolean;
}

interface CalcsState {
  calcs: Record<string, OpenCalc>;
  /** Ids in the order they were opened. */
  order: string[];
  createDraft(): string;
  /** The calculator, from here or from the server; an unknown id becomes a new draft. */
  open(id: string): Promise<OpenCalc>;
  updateDoc(id: string, change: (doc: CalcDoc) => CalcDoc): void;
  updateStyle(id: string, style: DocStyle): void;
  save(id: string): Promise<void>;
  /** An unsaved copy under a new id; returns the id. */
  copy(id: string): string;
  remove(id: string): Promise<void>;
  /** Forgets stored calculators (on sign-out); drafts stay. */
  forgetStored(): void;
}

function put(state: CalcsState, calc: OpenCalc): Partial<CalcsState> {
  return {
    calcs: { ...state.calcs, [calc._id]: calc },
    order: state.order.includes(calc._id) ? state.order : [...state.order, calc._id],
  };
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
  const calcs = known
    ? user.calcs.map((c) => (c._id === calc._id ? { ...c, ...item } : c))
    : [item, ...user.calcs];
  session.setUser({ ...user, calcs });
}

export const useCalcs = create<CalcsState>()(
  persist(
    (set, get) => ({
      calcs: {},
      order: [],
      createDraft() {
        const id = randomId(16);
        set(put(get(), { _id: id, doc: newDoc(), doc_style: {}, saved: false, stored: false }));
        return id;
      },
      async open(id) {
        const local = get().calcs[id];
        // A changed draft is the author's work: never overwrite it from the server.
        if (local && (!local.saved || !local.stored)) return local;
        // A visitor has no stored calculators: a 401 just means "not one of yours", so no
        // sign-in dialog. Someone signed in whose session ended is asked to sign in again.
        const signedIn = useSession.getState().authenticated;
        try {
          const source = await api.get<{ doc: CalcDoc; doc_style: DocStyle | null }>(
            `/api/source/${id}`,
            { skipAuthHold: !signedIn },
          );
          const calc: OpenCalc = {
            _id: id,
            doc: { ...newDoc(), ...source.doc },
            doc_style: source.doc_style ?? {},
            saved: true,
            stored: true,
          };
          set(put(get(), calc));
          return calc;
        } catch (error) {
          const unknown =
            error instanceof ApiError &&
            (error.code === 'not_found' || (error.code === 'unauthorized' && !signedIn));
          if (unknown && !inUserList(id)) {
            const calc: OpenCalc = {
              _id: id,
              doc: newDoc(),
              doc_style: {},
              saved: false,
              stored: false,
            };
            set(put(get(), calc));
            return calc;
          }
          if (local) return local;
          throw error;
        }
      },
      updateDoc(id, change) {
        const calc = get().calcs[id];
        if (!calc) return;
        set(put(get(), { ...calc, doc: change(calc.doc), saved: false }));
      },
      updateStyle(id, style) {
        const calc = get().calcs[id];
        if (!calc) return;
        set(put(get(), { ...calc, doc_style: style, saved: false }));
      },
      async save(id) {
        const calc = get().calcs[id];
        if (!calc) return;
        await api.post(`/api/source/${id}`, { doc: calc.doc, doc_style: calc.doc_style });
        const now = get().calcs[id];
        // The server has it now, even if it was removed here while the save was on its way.
        replaceInUser(calc);
        if (!now) return;
        // Edits made while the save was on its way keep the calculator unsaved.
        const saved = now.doc === calc.doc && now.doc_style === calc.doc_style;
        set(put(get(), { ...now, stored: true, saved }));
      },
      copy(id) {
        const calc = get().calcs[id];
        const newId = randomId(16);
        if (!calc) return newId;
        const doc = structuredClone(calc.doc);
        set(
          put(get(), {
            _id: newId,
            doc,
            doc_style: structuredClone(calc.doc_style),
            saved: false,
            stored: false,
          }),
        );
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
        const calcs = { ...get().calcs };
        delete calcs[id];
        set({ calcs, order: get().order.filter((other) => other !== id) });
      },
      forgetStored() {
        const calcs = Object.fromEntries(
          Object.entries(get().calcs).filter(([, calc]) => !calc.stored),
        );
        set({ calcs, order: get().order.filter((id) => id in calcs) });
      },
    }),
    { name: 'calcsmith.calcs', version: 1 },
  ),
);

/** Calculators with changes the server does not have. */
export const unsavedCalcs = (state: Pick<CalcsState, 'calcs'>) =>
  Object.values(state.calcs).filter((calc) => !calc.saved);
