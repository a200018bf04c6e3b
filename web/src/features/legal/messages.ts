import { defineMessages } from '../../lib/i18n';

export const legalMessages = defineMessages(
  {
    termsTitle: 'Terms of Service',
    privacyTitle: 'Privacy Policy',
    contents: 'Contents',
    seeAlso: 'See also:',
  },
  {
    termsTitle: 'Условия использования',
    privacyTitle: 'Политика конфиденциальности',
    contents: 'Содержание',
    seeAlso: 'См. также:',
  },
);
