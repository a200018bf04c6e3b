import { defineMessages } from '../../../lib/i18n';

// What the editor itself says about versions (a few words, so that the editor's chunk does
// not carry the History panel's messages).
export const versionNoticeMessages = defineMessages(
  {
    restored: 'Version {n} is in the editor. Save to make it the current version.',
    heldNotice: 'Visitors still see version {n}: the tests of the newer version fail.',
  },
  {
    restored: 'Версия {n} загружена в редактор. Сохраните, чтобы сделать её текущей.',
    heldNotice: 'Посетители пока видят версию {n}: тесты новой версии не пройдены.',
  },
);
