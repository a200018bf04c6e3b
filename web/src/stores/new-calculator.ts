// "+ New calculator", wherever its button is (the header, the navigation, the welcome page,
// My calculators, a calculator that cannot be opened): a draft (the untouched one already
// here, if any) opened in the editor with a mark in the router's state, so that the editor
// puts focus on its first control and a keyboard user starts building at once.
import { useNavigate } from 'react-router';
import { useCalcs } from './calcs';

const NEW_DRAFT_STATE = { newDraft: true } as const;

/** Opens a new draft in the editor. */
export function useNewCalculator(): () => void {
  const navigate = useNavigate();
  return () => navigate(`/source/${useCalcs.getState().createDraft()}`, { state: NEW_DRAFT_STATE });
}

/** Whether a location's state is the mark of a draft "+ New calculator" opened. */
export const isNewDraftState = (state: unknown): boolean =>
  typeof state === 'object' &&
  state !== null &&
  (state as { newDraft?: unknown }).newDraft === true;
