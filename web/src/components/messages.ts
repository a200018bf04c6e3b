// Texts of the shared components that have no folder of their own (the error boundary).
import { defineMessages } from '../lib/i18n';

export const componentMessages = defineMessages(
  {
    somethingBroke: 'Something went wrong on this screen.',
    reload: 'Reload',
  },
  {
    somethingBroke: 'На этом экране что-то пошло не так.',
    reload: 'Перезагрузить',
  },
);
