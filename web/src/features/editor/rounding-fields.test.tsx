// The rounding fields of an output and of a table column: the mode in plain words, the step
// checked as it is typed, and both left out of the doc when they are the default.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutputDef } from '../../lib/types';
import { useUi } from '../../stores/ui';
import {
  docNow,
  group,
  outputGroup,
  renderEditor,
  resetCalcClient,
  seedDraft,
} from './editor-harness';
import { parseRoundingStep, RoundingFields } from './rounding-fields';

const value: OutputDef = { id: 1, name: 'total', type: 'value', decimalPlaces: 2 };
const output = (name: string) => (docNow().metaOutputs ?? []).find((one) => one.name === name);

afterEach(() => {
  resetCalcClient();
  act(() => useUi.setState({ locale: 'en' }));
});

describe('the rounding mode', () => {
  it('lists the seven modes in plain words and writes the one picked', async () => {
    seedDraft({ metaOutputs: [value] });
    const { user } = await renderEditor();
    const rounding = within(outputGroup('total')).getByLabelText('Rounding');
    expect(rounding).toHaveDisplayValue('Half away from zero (default)');
    expect(
      within(rounding)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Half away from zero (default)',
      'Half to even (banker’s)',
      'Half toward zero',
      'Up (toward +∞)',
      'Down (toward −∞)',
      'Away from zero',
      'Toward zero',
    ]);
    await user.selectOptions(rounding, 'Half to even (banker’s)');
    expect(output('total')).toEqual({ ...value, roundingMode: 'halfEven' });
    await user.selectOptions(rounding, 'Down (toward −∞)');
    expect(output('total')?.roundingMode).toBe('floor');
    // The default is no field at all: the doc is as it was.
    await user.selectOptions(rounding, 'Half away from zero (default)');
    expect(output('total')).toEqual(value);
  });

  it('is set per column of a table', async () => {
    const column: OutputDef = { id: 1, name: 'price', type: 'value' };
    seedDraft({ metaOutputs: [{ id: 1, name: 'rows', type: 'table', metaOutputs: [column] }] });
    const { user } = await renderEditor();
    const price = group('Column price');
    await user.selectOptions(within(price).getByLabelText('Rounding'), 'Toward zero');
    await user.type(within(price).getByLabelText('Round to a multiple of'), '1000');
    expect(output('rows')?.metaOutputs).toEqual([
      { ...column, roundingMode: 'trunc', roundingStep: 1000 },
    ]);
  });
});

describe('the step', () => {
  it('writes a positive decimal, with a point or a comma, and leaves it out when emptied', async () => {
    seedDraft({ metaOutputs: [value] });
    const { user } = await renderEditor();
    const step = within(outputGroup('total')).getByLabelText('Round to a multiple of');
    expect(step).toHaveAccessibleDescription(
      'Empty: no step. E.g. 0.05 for cash, 1000 for thousands; before the decimal places.',
    );
    await user.type(step, '0.05');
    expect(output('total')?.roundingStep).toBe(0.05);
    await user.clear(step);
    await user.type(step, '0,25');
    expect(output('total')?.roundingStep).toBe(0.25);
    await user.clear(step);
    expect(output('total')).toEqual(value);
  });

  it('says under the field when the step is not a number above 0, and keeps the last good one', async () => {
    seedDraft({ metaOutputs: [{ ...value, roundingStep: 0.5 }] });
    const { user } = await renderEditor();
    const step = within(outputGroup('total')).getByLabelText('Round to a multiple of');
    expect(step).toHaveValue('0.5');
    for (const bad of ['0', '-1', 'abc', '1e3', '0.0']) {
      // Replaced in one change, as a paste over the whole text does.
      fireEvent.change(step, { target: { value: bad } });
      expect(step).toHaveValue(bad);
      expect(step).toHaveAttribute('aria-invalid', 'true');
      expect(step).toHaveAccessibleDescription(
        'Empty: no step. E.g. 0.05 for cash, 1000 for thousands; before the decimal places. ' +
          'Enter a number above 0, such as 0.05 or 1000.',
      );
      expect(output('total')?.roundingStep).toBe(0.5);
    }
    await user.clear(step);
    await user.type(step, '2');
    expect(step).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Enter a number above 0, such as 0.05 or 1000.')).toBeNull();
    expect(output('total')?.roundingStep).toBe(2);
  });

  it('reads typed steps', () => {
    expect(parseRoundingStep('  ')).toBeUndefined();
    expect(parseRoundingStep('.5')).toBe(0.5);
    expect(parseRoundingStep('10.')).toBe(10);
    expect(parseRoundingStep(' 0,05 ')).toBe(0.05);
    for (const bad of ['0', '+1', '1,000.5', 'Infinity', '0x10', '1 000']) {
      expect(parseRoundingStep(bad)).toBeNull();
    }
  });
});

it('speaks Russian', () => {
  act(() => useUi.setState({ locale: 'ru' }));
  render(<RoundingFields output={{ ...value, roundingMode: 'halfEven' }} change={() => {}} />);
  expect(screen.getByLabelText('Округление')).toHaveDisplayValue(
    'Половина — к чётному (банковское)',
  );
  expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
    'Половина — от нуля (по умолчанию)',
    'Половина — к чётному (банковское)',
    'Половина — к нулю',
    'Вверх (к +∞)',
    'Вниз (к −∞)',
    'От нуля',
    'К нулю',
  ]);
  expect(screen.getByLabelText('Округлять до кратного')).toHaveAccessibleDescription(
    'Пусто: без шага. Напр. 0,05 для наличных, 1000 для тысяч; до знаков после запятой.',
  );
});
