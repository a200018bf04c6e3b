import { defineMessages } from '../../lib/i18n';

export const publishedMessages = defineMessages(
  {
    notFound: 'This calculator does not exist or is private.',
    share: 'Share',
    shareOn: 'Share on',
    twitter: 'X (Twitter)',
    facebook: 'Facebook',
    email: 'E-mail',
    link: 'Link',
    shareTitle: 'Share this calculator',
    linkLabel: 'Link to this calculator',
    shareValues: 'Open with the values entered now',
    oneLineLabel:
      'One-line embed: it sizes itself, and your page’s scripts can fill it in and read its results',
    embedLabel: 'Embed on your site (the frame sizes itself to the calculator)',
    copy: 'Copy',
    copied: 'Copied to the clipboard.',
    close: 'Close',
    editSource: 'Edit source',
    madeWith: 'Made with Calcsmith',
    emailSubject: 'A calculator for you: {name}',
    untitled: 'Untitled calculator',
    refusedValue: 'The link gave “{value}”, which this input cannot take; the default is used.',
    goHome: 'Go to the start page',
    missingTitle: 'Calculator not found',
    print: 'Print',
    printed: 'Printed on {date} from {link}',
    offlineCopy: 'You are offline. This is the copy saved on this device.',
    offlineMissing:
      'You are offline, and this calculator has not been saved on this device. Open it once with a connection to use it offline.',
    privateScript:
      'Its author keeps this calculator’s formulas private: it calculates on the server, so it does not work offline and has no What if… tools or export.',
  },
  {
    notFound: 'Этого калькулятора нет или он закрыт.',
    share: 'Поделиться',
    shareOn: 'Поделиться в',
    twitter: 'X (Twitter)',
    facebook: 'Facebook',
    email: 'Эл. почта',
    link: 'Ссылка',
    shareTitle: 'Поделиться калькулятором',
    linkLabel: 'Ссылка на калькулятор',
    shareValues: 'Открывать с введёнными сейчас значениями',
    oneLineLabel:
      'Встраивание одной строкой: подстраивается по размеру, а скрипты вашей страницы могут заполнять его и читать результаты',
    embedLabel: 'Встроить на свой сайт (рамка подстраивается под калькулятор)',
    copy: 'Копировать',
    copied: 'Скопировано в буфер обмена.',
    close: 'Закрыть',
    editSource: 'Редактировать',
    madeWith: 'Сделано в Calcsmith',
    emailSubject: 'Калькулятор для вас: {name}',
    untitled: 'Калькулятор без названия',
    refusedValue:
      'В ссылке указано «{value}», но это поле такое значение не принимает; взято значение по умолчанию.',
    goHome: 'На главную',
    missingTitle: 'Калькулятор не найден',
    print: 'Печать',
    printed: 'Напечатано {date} со страницы {link}',
    offlineCopy: 'Нет подключения к сети. Это копия, сохранённая на этом устройстве.',
    offlineMissing:
      'Нет подключения к сети, а этот калькулятор не сохранён на этом устройстве. Откройте его один раз при подключении, чтобы пользоваться им без сети.',
    privateScript:
      'Автор держит формулы этого калькулятора в тайне: он считает на сервере, поэтому не работает без сети, и у него нет инструментов «Что если…» и экспорта.',
  },
);
