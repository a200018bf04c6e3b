// The calculators store's own texts: the name a calculator without one shows, and the
// name of a copy.
import { defineMessages } from '../lib/i18n';

export const calcsMessages = defineMessages(
  {
    untitled: 'Untitled calculator',
    copyOf: 'Copy of {name}',
  },
  {
    untitled: 'Калькулятор без названия',
    copyOf: 'Копия «{name}»',
  },
);
