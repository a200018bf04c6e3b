import { defineMessages } from '../lib/i18n';

/** What `<calcsmith-calculator>` says itself (the calculator's own texts are the view's). */
export const elementMessages = defineMessages(
  {
    loading: 'Loading the calculator…',
    loadFailed: 'The calculator could not be loaded.',
    privateScript:
      'This calculator keeps its script on its Calcsmith server, so it can only be used there.',
  },
  {
    loading: 'Загружаем калькулятор…',
    loadFailed: 'Не удалось загрузить калькулятор.',
    privateScript:
      'Скрипт этого калькулятора хранится только на его сервере Calcsmith, поэтому пользоваться им можно только там.',
  },
);
