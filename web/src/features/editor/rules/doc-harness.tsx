// Test harness of the form editors: one editor rendered over a doc held in state, as the
// editor's store would hold it, with the doc readable after each interaction.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import type { CalcDoc, InputDef } from '../../../lib/types';
import { useUi } from '../../../stores/ui';
import { FormDocContext } from './form-context';

type DocChange = (change: (doc: CalcDoc) => CalcDoc) => void;

/** Inputs of every type the rule builder knows (ids 1–5) and a list (6). */
export const INPUTS: InputDef[] = [
  { id: 1, name: 'coBorrower', type: 'binary' },
  { id: 2, name: 'income', type: 'number' },
  { id: 3, name: 'city', type: 'string' },
  {
    id: 4,
    name: 'plan',
    type: 'choice',
    choices: [
      { id: 1, label: 'Basic', value: 'basic' },
      { id: 2, label: 'Pro', value: 'pro' },
      { id: 3, label: 'Three', value: 3 },
    ],
  },
  { id: 5, name: 'start', type: 'date' },
  { id: 6, name: 'items', type: 'list', metaInputs: [] },
];

/** Renders `editor(doc, change)` over `doc`; `doc()` is the doc now. */
export function renderWithDoc(
  initial: CalcDoc,
  editor: (doc: CalcDoc, change: DocChange) => ReactNode,
  locale: 'en' | 'ru' = 'en',
) {
  useUi.setState({ locale, toasts: [] });
  let current = initial;
  function Host() {
    const [doc, setDoc] = useState(initial);
    current = doc;
    const change: DocChange = (edit) =>
      setDoc((old) => {
        current = edit(old);
        return current;
      });
    return <FormDocContext value={doc}>{editor(doc, change)}</FormDocContext>;
  }
  const user = userEvent.setup({ delay: null });
  const view = render(<Host />);
  return { ...view, user, doc: () => current };
}
