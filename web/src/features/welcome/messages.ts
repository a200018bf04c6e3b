import { defineMessages } from '../../lib/i18n';

export const welcomeMessages = defineMessages(
  {
    pageTitle: 'Calcsmith — Build a Custom Online Calculator',
    title: 'Welcome to Calcsmith!',
    subtitle: 'Build a Custom Online Calculator',
    lead: 'Declare inputs and outputs, write a few lines of JavaScript, and publish a calculator anyone can use, share or embed in their own site.',
    create: 'Create a calculator',
    noSignUp: 'No sign-up needed to start. Sign in when you want to save.',
    examplesTitle: 'See what you can build',
    examplesLead:
      'Every example is a real calculator. Preview it here, or open it in the editor to see how it works and make it your own.',
    preview: 'Preview',
    previewing: 'Showing',
    tryIt: 'Open in the editor',
    previewTitle: 'Preview: {name}',
    previewHint: 'Change the inputs: results update as you type.',
    featuresLabel: 'What it shows',
    'loan.features': 'Slider · currency · table',
    'bmi.features': 'Dropdown · decimals · text',
    'age.features': 'Dates · date output · plurals',
    'tip.features': 'Repeating items · percent · auto-hide',
    howTitle: 'How it works',
    step1Title: 'Build',
    step1Text:
      'Add inputs (numbers, sliders, text, checkboxes, dates, choices, repeating items) and outputs (values and tables), then write the formula as a short script. Results appear as you type.',
    step2Title: 'Publish',
    step2Text:
      'Save it to your account and it is live at its own address. Keep it public, or make it private on a paid plan.',
    step3Title: 'Share and embed',
    step3Text:
      'Send the link, share it on social networks, or paste a snippet to embed it in any web page; the frame sizes itself to the calculator.',
  },
  {
    pageTitle: 'Calcsmith — создайте свой онлайн-калькулятор',
    title: 'Добро пожаловать в Calcsmith!',
    subtitle: 'Создайте свой онлайн-калькулятор',
    lead: 'Опишите входные данные и результаты, напишите несколько строк на JavaScript и опубликуйте калькулятор, которым любой сможет пользоваться, делиться и встраивать его на свой сайт.',
    create: 'Создать калькулятор',
    noSignUp: 'Регистрация для начала не нужна. Войдите, когда захотите сохранить.',
    examplesTitle: 'Что можно сделать',
    examplesLead:
      'Каждый пример — настоящий калькулятор. Посмотрите его здесь или откройте в редакторе, чтобы увидеть, как он устроен, и сделать свой.',
    preview: 'Посмотреть',
    previewing: 'Показан',
    tryIt: 'Открыть в редакторе',
    previewTitle: 'Пример: {name}',
    previewHint: 'Меняйте входные данные — результаты обновляются сразу.',
    featuresLabel: 'Что показывает',
    'loan.features': 'Ползунок · валюта · таблица',
    'bmi.features': 'Список · десятичные · текст',
    'age.features': 'Даты · дата в результате · склонения',
    'tip.features': 'Повторяющиеся элементы · проценты · автоскрытие',
    howTitle: 'Как это работает',
    step1Title: 'Создайте',
    step1Text:
      'Добавьте входные данные (числа, ползунки, текст, флажки, даты, варианты, повторяющиеся элементы) и результаты (значения и таблицы), затем запишите формулу коротким скриптом. Результаты появляются по мере ввода.',
    step2Title: 'Опубликуйте',
    step2Text:
      'Сохраните калькулятор в учётной записи — и он доступен по собственному адресу. Оставьте его открытым или сделайте закрытым на платном тарифе.',
    step3Title: 'Делитесь и встраивайте',
    step3Text:
      'Отправьте ссылку, поделитесь в соцсетях или вставьте фрагмент кода, чтобы встроить калькулятор в любую веб-страницу; рамка сама подстроится под его размер.',
  },
);
