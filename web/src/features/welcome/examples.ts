// The example calculators of the welcome page: complete docs, in the visitor's language,
// that show what a calculator can do (sliders, dropdowns, dates, repeating items, tables,
// currency and percent outputs). Each is a calculator file (`examples/<key>.<locale>.json`,
// as the editor exports one); scripts refer to inputs and outputs by their display names,
// so each language has its own file. `examples.test.ts` and the engine's
// `engine/tests/wasm/examples.test.mjs` run every one in the engine.
import type { CalcFile } from '../../lib/calc-file/calc-file';
import type { CalcDoc } from '../../lib/types';
import type { Locale } from '../../stores/ui';
import ageEn from './examples/age.en.json';
import ageRu from './examples/age.ru.json';
import bmiEn from './examples/bmi.en.json';
import bmiRu from './examples/bmi.ru.json';
import loanEn from './examples/loan.en.json';
import loanRu from './examples/loan.ru.json';
import tipEn from './examples/tip.en.json';
import tipRu from './examples/tip.ru.json';

export type ExampleKey = 'loan' | 'bmi' | 'age' | 'tip';

export interface Example {
  key: ExampleKey;
  /** The doc in `locale`: names, labels and texts in that language. */
  doc(locale: Locale): CalcDoc;
}

/** An example from its files, one per language; each call gives a fresh copy of the doc. */
function example(key: ExampleKey, files: Record<Locale, unknown>): Example {
  return { key, doc: (locale) => structuredClone((files[locale] as CalcFile).doc) };
}

/** The examples in the order the welcome page shows them. */
export const EXAMPLES: readonly Example[] = [
  example('loan', { en: loanEn, ru: loanRu }),
  example('bmi', { en: bmiEn, ru: bmiRu }),
  example('age', { en: ageEn, ru: ageRu }),
  example('tip', { en: tipEn, ru: tipRu }),
];

export function exampleByKey(key: string): Example | undefined {
  return EXAMPLES.find((example) => example.key === key);
}
