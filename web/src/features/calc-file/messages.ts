import { defineMessages } from '../../lib/i18n';

export const calcFileMessages = defineMessages(
  {
    export: 'Export',
    exportHint: 'Download this calculator as a .json file',
    import: 'Import',
    importHint: 'Open a calculator’s .json file as a new draft',
    importing: 'Reading the file…',
    dropHere: 'Drop a calculator’s .json file to open it as a new draft',
    imported: '“{name}” is open as a new draft. Save it to keep it.',
    untitled: 'Untitled calculator',
    tooLarge: 'This file is too large for a calculator (at most 512 KB). Nothing was imported.',
    unreadable: 'The file could not be read. Nothing was imported.',
    notJson: 'This file is not a calculator: it is not JSON. Nothing was imported.',
    noDoc: 'This file is not a calculator: it has no “doc” object. Nothing was imported.',
    rejected: 'This file is not a calculator: {detail}. Nothing was imported.',
  },
  {
    export: 'Экспорт',
    exportHint: 'Скачать этот калькулятор файлом .json',
    import: 'Импорт',
    importHint: 'Открыть файл калькулятора .json как новый черновик',
    importing: 'Чтение файла…',
    dropHere: 'Перетащите сюда файл калькулятора .json, чтобы открыть его как новый черновик',
    imported: '«{name}» открыт как новый черновик. Сохраните его, чтобы не потерять.',
    untitled: 'Калькулятор без названия',
    tooLarge: 'Файл слишком велик для калькулятора (не больше 512 КБ). Ничего не импортировано.',
    unreadable: 'Не удалось прочитать файл. Ничего не импортировано.',
    notJson: 'Этот файл — не калькулятор: это не JSON. Ничего не импортировано.',
    noDoc: 'Этот файл — не калькулятор: в нём нет объекта «doc». Ничего не импортировано.',
    rejected: 'Этот файл — не калькулятор: {detail}. Ничего не импортировано.',
  },
);
