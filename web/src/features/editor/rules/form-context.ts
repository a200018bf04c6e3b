// The doc as the input and output cards' form settings need it (the inputs a rule may name,
// the sections one may join), without threading it through every list and card.
import { createContext, useContext } from 'react';
import type { CalcDoc } from '../../../lib/types';

/** The calculator being edited; null outside the editor's columns (e.g. sub-inputs' tests). */
export const FormDocContext = createContext<CalcDoc | null>(null);

/** The calculator being edited, if any. */
export const useFormDoc = () => useContext(FormDocContext);
