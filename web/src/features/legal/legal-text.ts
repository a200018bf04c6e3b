// The texts of /terms and /privacy in English and Russian. A section is a heading,
// paragraphs and optionally a bulleted list after them.
import type { Locale } from '../../stores/ui';

export interface LegalSection {
  heading: string;
  paragraphs: string[];
  list?: string[];
}

export interface LegalText {
  intro: string;
  sections: LegalSection[];
}

export const TERMS: Record<Locale, LegalText> = {
  en: {
    intro:
      'These terms apply when you use Calcsmith to build, publish, share or use online calculators. By using the service you accept them. If you do not agree, please do not use it.',
    sections: [
      {
        heading: '1. The service',
        paragraphs: [
          'Calcsmith lets you build calculators in your browser: you declare inputs and outputs and write a short script that turns one into the other. You can try everything without an account; to save, publish and share calculators you need one.',
        ],
      },
      {
        heading: '2. Your account',
        paragraphs: [
          'Give a real email address you can receive mail at, and keep your password to yourself. You are responsible for what happens under your account. Tell us at once if you think someone else is using it. You must be old enough to agree to these terms where you live.',
        ],
      },
      {
        heading: '3. Your calculators',
        paragraphs: [
          'What you create stays yours: the names, descriptions, scripts and styles of your calculators. You allow us to store, run, display and transmit them as far as needed to provide the service, including showing a public calculator to anyone who has its link or visits a page that embeds it.',
          'You are responsible for your calculators and must have the right to publish what they contain.',
        ],
      },
      {
        heading: '4. Acceptable use',
        paragraphs: ['Do not use Calcsmith to:'],
        list: [
          'break the law or infringe the rights of others;',
          'publish content that is misleading, hateful, harassing or harmful;',
          'attack, overload or probe the service, or try to get around its limits or its script sandbox;',
          'run scripts for purposes unrelated to calculating, such as mining cryptocurrency;',
          'send spam or pretend to be someone else.',
        ],
      },
      {
        heading: '5. Results are not advice',
        paragraphs: [
          'A calculator is only as good as its formula. Results, including those of our example calculators, are provided for information only and are not financial, medical, legal or other professional advice. Check results that matter with a qualified person.',
        ],
      },
      {
        heading: '6. Plans and payment',
        paragraphs: [
          'The free plan lets you save a limited number of public calculators. The paid plans, Regular and Premium, raise the limits and allow private calculators. Paid plans are billed in advance for each billing period by card through our payment provider; we never see or store your full card number.',
          'You can cancel a paid plan at any time; it stays active until the end of the period you have paid for. If prices change, we tell you before the change applies to you.',
        ],
      },
      {
        heading: '7. Availability and changes',
        paragraphs: [
          'We work to keep Calcsmith available and your calculators safe, but we cannot promise that the service will always be uninterrupted or free of errors. We may change or retire features. If we change these terms in a way that matters, we will announce it on the site before the change takes effect.',
        ],
      },
      {
        heading: '8. Ending',
        paragraphs: [
          'You can delete your account at any time on the Account page; this deletes your calculators too. We may suspend or close an account that breaks these terms, telling you why unless the law or the safety of others prevents it.',
        ],
      },
      {
        heading: '9. Liability',
        paragraphs: [
          'As far as the law allows, Calcsmith is provided "as is", and we are not liable for indirect or consequential losses, or for decisions made on the basis of a calculator\u2019s results. Our total liability is limited to what you paid us in the twelve months before the claim. Nothing here limits rights you have as a consumer that cannot be limited by agreement.',
        ],
      },
    ],
  },
  ru: {
    intro:
      'Эти условия действуют, когда вы пользуетесь Calcsmith, чтобы создавать, публиковать, распространять онлайн-калькуляторы или пользоваться ими. Пользуясь сервисом, вы принимаете эти условия. Если вы с ними не согласны, пожалуйста, не пользуйтесь сервисом.',
    sections: [
      {
        heading: '1. Сервис',
        paragraphs: [
          'Calcsmith позволяет создавать калькуляторы прямо в браузере: вы описываете входные данные и результаты и пишете короткий скрипт, который вычисляет одно из другого. Попробовать всё можно без учётной записи; чтобы сохранять, публиковать калькуляторы и делиться ими, она нужна.',
        ],
      },
      {
        heading: '2. Учётная запись',
        paragraphs: [
          'Указывайте настоящий адрес эл. почты, на который вы получаете письма, и никому не сообщайте пароль. Вы отвечаете за всё, что происходит от имени вашей учётной записи. Сразу сообщите нам, если думаете, что ею пользуется кто-то другой. Вы должны быть достаточно взрослым, чтобы по законам вашей страны принять эти условия.',
        ],
      },
      {
        heading: '3. Ваши калькуляторы',
        paragraphs: [
          'Всё, что вы создаёте, остаётся вашим: названия, описания, скрипты и оформление калькуляторов. Вы разрешаете нам хранить, выполнять, показывать и передавать их в той мере, в какой это нужно для работы сервиса, в том числе показывать открытый калькулятор всем, у кого есть ссылка на него или кто открывает страницу, куда он встроен.',
          'Вы отвечаете за свои калькуляторы и должны иметь право публиковать то, что в них содержится.',
        ],
      },
      {
        heading: '4. Допустимое использование',
        paragraphs: ['Не используйте Calcsmith, чтобы:'],
        list: [
          'нарушать закон или права других людей;',
          'публиковать материалы, которые вводят в заблуждение, оскорбляют, травят людей или причиняют вред;',
          'атаковать, перегружать или исследовать сервис на уязвимости, обходить его ограничения или песочницу скриптов;',
          'выполнять скрипты, не связанные с расчётами, например майнинг криптовалюты;',
          'рассылать спам или выдавать себя за другого.',
        ],
      },
      {
        heading: '5. Результаты — не консультация',
        paragraphs: [
          'Калькулятор хорош настолько, насколько хороша его формула. Результаты, в том числе наших калькуляторов-примеров, носят справочный характер и не являются финансовой, медицинской, юридической или иной профессиональной консультацией. Важные результаты проверяйте у специалиста.',
        ],
      },
      {
        heading: '6. Тарифы и оплата',
        paragraphs: [
          'Бесплатный тариф позволяет сохранить ограниченное число открытых калькуляторов. Платные тарифы Regular и Premium расширяют ограничения и позволяют делать калькуляторы закрытыми. Платные тарифы оплачиваются картой заранее за каждый расчётный период через нашего платёжного провайдера; полный номер вашей карты мы не видим и не храним.',
          'Платный тариф можно отменить в любой момент; он действует до конца оплаченного периода. Если цены изменятся, мы сообщим об этом до того, как изменение коснётся вас.',
        ],
      },
      {
        heading: '7. Доступность и изменения',
        paragraphs: [
          'Мы стараемся, чтобы Calcsmith был доступен, а ваши калькуляторы — в сохранности, но не можем обещать, что сервис всегда будет работать без перерывов и ошибок. Мы можем менять и убирать функции. Если мы существенно изменим эти условия, мы заранее объявим об этом на сайте.',
        ],
      },
      {
        heading: '8. Прекращение',
        paragraphs: [
          'Вы можете удалить учётную запись в любой момент на странице «Учётная запись»; при этом удаляются и ваши калькуляторы. Мы можем приостановить или закрыть учётную запись, которая нарушает эти условия, и сообщим причину, если этому не препятствуют закон или безопасность других людей.',
        ],
      },
      {
        heading: '9. Ответственность',
        paragraphs: [
          'В пределах, допускаемых законом, Calcsmith предоставляется «как есть», и мы не отвечаем за косвенные убытки и за решения, принятые на основе результатов калькулятора. Наша общая ответственность ограничена суммой, которую вы заплатили нам за двенадцать месяцев до претензии. Ничто здесь не ограничивает права потребителя, которые по закону нельзя ограничить договором.',
        ],
      },
    ],
  },
};

export const PRIVACY: Record<Locale, LegalText> = {
  en: {
    intro:
      'This policy explains what Calcsmith collects when you use it, why, and what you can do about it. We collect as little as we can to run the service, and we do not sell your data or use it for advertising.',
    sections: [
      {
        heading: '1. What we collect',
        paragraphs: [],
        list: [
          'Account: your email address, your name and your password, which is stored only as a salted hash that cannot be turned back into the password.',
          'Settings you choose to add: phone, address, zip code, city, state or region and country, used for invoices and card payments.',
          'Calculators you save: their inputs, outputs, scripts, styles, privacy setting and the result of the last save.',
          'Payments: your plan, invoices and a reference to your customer record at our payment provider. Card details go straight to the provider; we never see or store full card numbers.',
          'Technical data: IP addresses and request details in server logs and rate limits, kept for a short time to keep the service secure and working.',
        ],
      },
      {
        heading: '2. Cookies and browser storage',
        paragraphs: [
          'When you sign in we set one cookie, which keeps you signed in; it is deleted when you sign out. Your browser\u2019s local storage keeps the calculators you have open, unsaved drafts, and your language and theme choices; they stay on your device until you save a calculator. We use no advertising or analytics cookies and no third-party trackers.',
        ],
      },
      {
        heading: '3. How we use it',
        paragraphs: [
          'To run the service: to sign you in, store and run your calculators, send the emails you ask for (such as password resets), take payments for paid plans, and protect the service against abuse. We do not use your data for advertising, and we do not sell it.',
        ],
      },
      {
        heading: '4. Who can see what',
        paragraphs: [
          'A public calculator can be opened by anyone who has its link and can be embedded in other sites. A private calculator can be opened only by you. Your account details are seen only by you and, when needed to help you or to keep the service running, by us. We share data with service providers — hosting, email delivery and the card payment provider — only as far as each needs it to do its job for us, or when the law requires it.',
        ],
      },
      {
        heading: '5. How long we keep it',
        paragraphs: [
          'We keep your data while your account exists. When you delete your account, your account, sessions and calculators are deleted at once; copies in backups disappear as the backups expire. Invoices are kept as long as tax law requires.',
        ],
      },
      {
        heading: '6. Your rights',
        paragraphs: [
          'You can see and correct your details on the Account page, and delete your account and calculators there at any time. Depending on where you live you may also have the right to a copy of your data, to restrict or object to its use, and to complain to a data protection authority. Contact us through the site to use these rights.',
        ],
      },
      {
        heading: '7. Security',
        paragraphs: [
          'Passwords and session tokens are stored only as hashes, connections are encrypted, and author scripts run in an isolated sandbox. No system is perfectly secure, so please use a strong password that you do not use anywhere else.',
        ],
      },
      {
        heading: '8. Children and changes',
        paragraphs: [
          'Calcsmith is not meant for children under 13 (16 in some countries) and we do not knowingly collect their data. If this policy changes in a way that matters, we will say so on the site before the change takes effect.',
        ],
      },
    ],
  },
  ru: {
    intro:
      'Эта политика объясняет, какие данные Calcsmith собирает, когда вы им пользуетесь, зачем, и что вы можете с этим сделать. Мы собираем минимум, необходимый для работы сервиса, не продаём ваши данные и не используем их для рекламы.',
    sections: [
      {
        heading: '1. Что мы собираем',
        paragraphs: [],
        list: [
          'Учётная запись: адрес эл. почты, имя и пароль, который хранится только в виде хеша с солью; восстановить из него пароль нельзя.',
          'Настройки, которые вы решили указать: телефон, адрес, почтовый индекс, город, область или регион и страна — для счетов и оплаты картой.',
          'Сохранённые калькуляторы: входные данные, результаты, скрипты, оформление, настройка доступа и результат последнего сохранения.',
          'Оплата: ваш тариф, счета и ссылка на вашу запись у платёжного провайдера. Данные карты передаются напрямую провайдеру; полные номера карт мы не видим и не храним.',
          'Технические данные: IP-адреса и сведения о запросах в журналах сервера и ограничителях частоты запросов; они хранятся недолго и нужны для безопасности и работы сервиса.',
        ],
      },
      {
        heading: '2. Cookie и хранилище браузера',
        paragraphs: [
          'Когда вы входите, мы устанавливаем один cookie, чтобы вы оставались в системе; он удаляется при выходе. В локальном хранилище браузера хранятся открытые калькуляторы, несохранённые черновики, выбранные язык и тема; они остаются на вашем устройстве, пока вы не сохраните калькулятор. Мы не используем рекламные и аналитические cookie и сторонние трекеры.',
        ],
      },
      {
        heading: '3. Как мы используем данные',
        paragraphs: [
          'Для работы сервиса: чтобы вы могли войти, чтобы хранить и выполнять ваши калькуляторы, отправлять письма, которые вы запрашиваете (например, для сброса пароля), принимать оплату платных тарифов и защищать сервис от злоупотреблений. Мы не используем ваши данные для рекламы и не продаём их.',
        ],
      },
      {
        heading: '4. Кто что видит',
        paragraphs: [
          'Открытый калькулятор может открыть любой, у кого есть ссылка на него, и его можно встроить на другие сайты. Закрытый калькулятор можете открыть только вы. Данные вашей учётной записи видите только вы и, когда это нужно, чтобы помочь вам или поддерживать работу сервиса, мы. Мы передаём данные поставщикам услуг — хостингу, службе доставки почты и платёжному провайдеру — только в том объёме, который нужен каждому для его работы, или когда этого требует закон.',
        ],
      },
      {
        heading: '5. Сколько мы храним данные',
        paragraphs: [
          'Мы храним данные, пока существует ваша учётная запись. Когда вы удаляете учётную запись, она, ваши сеансы и калькуляторы удаляются сразу; копии в резервных копиях исчезают по мере их устаревания. Счета хранятся столько, сколько требует налоговое законодательство.',
        ],
      },
      {
        heading: '6. Ваши права',
        paragraphs: [
          'Вы можете просматривать и исправлять свои данные на странице «Учётная запись» и в любой момент удалить там учётную запись и калькуляторы. В зависимости от страны проживания у вас также может быть право получить копию своих данных, ограничить их использование или возразить против него и подать жалобу в орган по защите данных. Чтобы воспользоваться этими правами, свяжитесь с нами через сайт.',
        ],
      },
      {
        heading: '7. Безопасность',
        paragraphs: [
          'Пароли и токены сеансов хранятся только в виде хешей, соединения шифруются, а скрипты авторов выполняются в изолированной песочнице. Абсолютно защищённых систем не бывает, поэтому используйте надёжный пароль, который больше нигде не применяете.',
        ],
      },
      {
        heading: '8. Дети и изменения',
        paragraphs: [
          'Calcsmith не предназначен для детей младше 13 лет (в некоторых странах — 16), и мы сознательно не собираем их данные. Если эта политика существенно изменится, мы заранее сообщим об этом на сайте.',
        ],
      },
    ],
  },
};
