import { defineMessages } from '../../lib/i18n';

/** The rounding fields of a value output or a table column. */
export const roundingMessages = defineMessages(
  {
    rounding: 'Rounding',
    halfExpand: 'Half away from zero (default)',
    halfEven: 'Half to even (banker’s)',
    halfTrunc: 'Half toward zero',
    ceil: 'Up (toward +∞)',
    floor: 'Down (toward −∞)',
    expand: 'Away from zero',
    trunc: 'Toward zero',
    step: 'Round to a multiple of',
    stepHint: 'Empty: no step. E.g. 0.05 for cash, 1000 for thousands; before the decimal places.',
    stepInvalid: 'Enter a number above 0, such as 0.05 or 1000.',
  },
  {
    rounding: 'Округление',
    halfExpand: 'Половина — от нуля (по умолчанию)',
    halfEven: 'Половина — к чётному (банковское)',
    halfTrunc: 'Половина — к нулю',
    ceil: 'Вверх (к +∞)',
    floor: 'Вниз (к −∞)',
    expand: 'От нуля',
    trunc: 'К нулю',
    step: 'Округлять до кратного',
    stepHint: 'Пусто: без шага. Напр. 0,05 для наличных, 1000 для тысяч; до знаков после запятой.',
    stepInvalid: 'Введите число больше 0, например 0,05 или 1000.',
  },
);
