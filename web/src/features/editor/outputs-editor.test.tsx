// The outputs editor on the source screen (tab 0, edit mode): values and tables with their
// columns, formatting, live values, reordering and deleting (spec §3).
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutputDef } from '../../lib/types';
import { okResult } from '../../testing/fake-worker';
import {
  docNow,
  group,
  outputGroup,
  pick,
  renderEditor,
  resetCalcClient,
  seedDraft,
} from './editor-harness';
import { errorResult } from '../../lib/engine/protocol';

const outputs = () => docNow().metaOutputs ?? [];
const output = (name: string) => outputs().find((one) => one.name === name) as OutputDef;

afterEach(resetCalcClient);

describe('Add output', () => {
  it('adds values and tables with the highest id plus 1 and the first unused name', async () => {
    seedDraft({ metaOutputs: [{ id: 4, name: 'b', type: 'value', percent: false }] });
    const { user } = await renderEditor();
    await user.click(screen.getByRole('button', { name: 'Add output ▾' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Value',
      'Table',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Value' }));
    await pick(user, 'Add output', 'Table');
    expect(outputs()).toEqual([
      { id: 4, name: 'b', type: 'value', percent: false },
      { id: 5, name: 'a', type: 'value', percent: false },
      { id: 6, name: 'c', type: 'table', percent: false, metaOutputs: [] },
    ]);
    expect(within(outputGroup('c')).getByText('No columns yet.')).toBeVisible();
    // A table has columns instead of a format of its own.
    expect(within(outputGroup('c')).queryByLabelText('Decimal places')).toBeNull();
  });

  it('says when there are no outputs', async () => {
    seedDraft();
    await renderEditor();
    expect(screen.getByText('No outputs yet. The script returns a value for each.')).toBeVisible();
  });
});

describe('a value output', () => {
  const value: OutputDef = { id: 1, name: 'total', type: 'value', percent: false };

  it('writes the text before and after the number, and leaves it out when emptied', async () => {
    seedDraft({ metaOutputs: [value] });
    const { user } = await renderEditor();
    const total = outputGroup('total');
    await user.type(within(total).getByLabelText('Before the number'), '≈');
    await user.type(within(total).getByLabelText('After the number'), '₽');
    expect(output('total')).toMatchObject({ prefix: '≈', suffix: '₽' });
    await user.clear(within(total).getByLabelText('Before the number'));
    await user.clear(within(total).getByLabelText('After the number'));
    expect(output('total')).toEqual(value);
  });

  it('writes percent, currency sign and decimal places to its definition', async () => {
    seedDraft({ metaOutputs: [value] });
    const { user, workers, answer } = await renderEditor();
    const total = outputGroup('total');

    await user.click(within(total).getByRole('checkbox', { name: 'Percent' }));
    expect(output('total').percent).toBe(true);
    await user.type(within(total).getByLabelText('Currency sign'), '$');
    expect(output('total').currencySign).toBe('$');
    const places = within(total).getByLabelText('Decimal places');
    expect(places).toHaveAccessibleDescription('Empty: automatic');
    await user.type(places, '2');
    expect(output('total').decimalPlaces).toBe(2);

    // Decimal places are whole numbers from 0 to 20: anything else is not written.
    await user.clear(places);
    expect(output('total')).not.toHaveProperty('decimalPlaces');
    for (const bad of ['1.5', '-1', '21', 'x']) {
      await user.clear(places);
      await user.paste(bad);
      expect(places).toHaveValue(bad);
      expect(output('total')).not.toHaveProperty('decimalPlaces');
    }
    await user.clear(places);
    await user.type(places, '0');
    expect(output('total').decimalPlaces).toBe(0);

    await user.click(within(total).getByRole('checkbox', { name: 'Percent' }));
    expect(output('total')).toEqual({
      id: 1,
      name: 'total',
      type: 'value',
      percent: false,
      currencySign: '$',
      decimalPlaces: 0,
    });
    // Outputs changed: the calculation runs again with the new definition.
    await answer();
    expect(workers.current.last.doc.metaOutputs).toEqual([output('total')]);
  });

  it('shows its current value from the last calculation', async () => {
    seedDraft({ metaOutputs: [value] });
    const { answer } = await renderEditor();
    const live = within(outputGroup('total')).getByRole('group', { name: 'Current value' });
    expect(live).toHaveTextContent('Calculating…');
    await answer(okResult({ total: '$1,234.50' }));
    expect(live).toHaveTextContent('$1,234.50');
    expect(live).not.toHaveTextContent('Calculating…');
  });

  it('shows no value, and the error once, when the script fails', async () => {
    seedDraft({ metaOutputs: [value] });
    const { answer } = await renderEditor();
    await answer(errorResult('Boom'));
    const live = within(outputGroup('total')).getByRole('group', { name: 'Current value' });
    expect(live).toHaveTextContent(/^—$/);
    expect(screen.getByRole('alert')).toHaveTextContent(/^Boom$/);
  });

  it('flags a name used twice and can be renamed', async () => {
    seedDraft({ metaOutputs: [value, { ...value, id: 2, name: 'tax' }] });
    const { user } = await renderEditor();
    const name = within(outputGroup('tax')).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'total');
    expect(screen.getAllByText('Another output here is also named “total”.')).toHaveLength(2);
    await user.type(name, '2');
    expect(outputs().map((one) => one.name)).toEqual(['total', 'total2']);
    expect(screen.queryByText('Another output here is also named “total”.')).toBeNull();
  });
});

describe('a table output', () => {
  const table: OutputDef = { id: 1, name: 'rows', type: 'table', percent: false, metaOutputs: [] };

  it('adds, formats, reorders and deletes columns', async () => {
    seedDraft({ metaOutputs: [table] });
    const { user } = await renderEditor();
    const rows = outputGroup('rows');
    await user.click(within(rows).getByRole('button', { name: '+ Add column' }));
    await user.click(within(rows).getByRole('button', { name: '+ Add column' }));
    await user.click(within(rows).getByRole('button', { name: '+ Add column' }));
    expect(output('rows').metaOutputs).toEqual([
      { id: 1, name: 'a', type: 'value', percent: false },
      { id: 2, name: 'b', type: 'value', percent: false },
      { id: 3, name: 'c', type: 'value', percent: false },
    ]);
    // Columns have no live value of their own.
    expect(within(group('Column a')).queryByRole('group', { name: 'Current value' })).toBeNull();

    const b = group('Column b');
    await user.click(within(b).getByRole('checkbox', { name: 'Percent' }));
    await user.type(within(b).getByLabelText('Currency sign'), '€');
    await user.type(within(b).getByLabelText('Decimal places'), '1');
    expect(output('rows').metaOutputs?.[1]).toEqual({
      id: 2,
      name: 'b',
      type: 'value',
      percent: true,
      currencySign: '€',
      decimalPlaces: 1,
    });

    expect(within(rows).getByRole('button', { name: 'Move column a up' })).toBeDisabled();
    await user.click(within(rows).getByRole('button', { name: 'Move column a down' }));
    await user.click(within(rows).getByRole('button', { name: 'Move column c up' }));
    expect(output('rows').metaOutputs?.map((column) => column.name)).toEqual(['b', 'c', 'a']);

    await user.click(within(rows).getByRole('button', { name: 'Delete column c' }));
    expect(output('rows').metaOutputs?.map((column) => column.name)).toEqual(['b', 'a']);

    // A column named like another column of the table is flagged.
    const name = within(group('Column a')).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'b');
    expect(screen.getAllByText('Another column of this table is also named “b”.')).toHaveLength(2);
    // The table itself is still one output.
    expect(outputs()).toHaveLength(1);
  });

  it('shows its rows as the current value', async () => {
    seedDraft({
      metaOutputs: [
        {
          ...table,
          metaOutputs: [
            { id: 1, name: 'n', type: 'value' },
            { id: 2, name: 'sq', type: 'value' },
          ],
        },
      ],
    });
    const { answer } = await renderEditor();
    await answer({
      outputs: {},
      display: {
        rows: [
          { n: '1', sq: '1' },
          { n: '2', sq: '4' },
        ],
      },
      usedInputs: [],
      hiddenInputs: [],
      hiddenOutputs: [],
      error: null,
    });
    const live = within(outputGroup('rows')).getByRole('region', { name: 'rows' });
    expect(
      within(live)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['n', 'sq']);
    expect(
      within(live)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '1', '2', '4']);
  });
});

describe('outputs', () => {
  it('move up and down and are deleted', async () => {
    seedDraft({
      metaOutputs: [
        { id: 1, name: 'a', type: 'value', percent: false },
        { id: 2, name: 'b', type: 'table', percent: false, metaOutputs: [] },
        { id: 3, name: 'c', type: 'value', percent: false },
      ],
    });
    const { user } = await renderEditor();
    expect(screen.getByRole('button', { name: 'Move output a up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move output c down' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move output a down' }));
    expect(outputs().map((one) => one.name)).toEqual(['b', 'a', 'c']);
    await user.click(screen.getByRole('button', { name: 'Move output c up' }));
    expect(outputs().map((one) => one.name)).toEqual(['b', 'c', 'a']);
    expect(
      screen
        .getAllByRole('group', { name: /^Output / })
        .map((one) => one.getAttribute('aria-label')),
    ).toEqual(['Output b', 'Output c', 'Output a']);

    await user.click(screen.getByRole('button', { name: 'Delete output b' }));
    expect(outputs().map((one) => one.name)).toEqual(['c', 'a']);
    await user.click(screen.getByRole('button', { name: 'Delete output c' }));
    await user.click(screen.getByRole('button', { name: 'Delete output a' }));
    expect(outputs()).toEqual([]);
    expect(screen.getByText('No outputs yet. The script returns a value for each.')).toBeVisible();
  });
});

describe("a table's chart", () => {
  const table: OutputDef = {
    id: 1,
    name: 'schedule',
    type: 'table',
    metaOutputs: [
      { id: 1, name: 'Month', type: 'value' },
      { id: 2, name: 'Interest', type: 'value' },
      { id: 3, name: 'Balance', type: 'value' },
    ],
  };

  it('is set up in the settings and kept in the table’s chart field', async () => {
    seedDraft({ metaOutputs: [table] });
    const { user } = await renderEditor();
    const card = outputGroup('schedule');
    expect(within(card).getByLabelText('Chart')).toHaveValue('none');
    await user.selectOptions(within(card).getByLabelText('Chart'), 'Bar');
    // A first chart: the first column along x, the second drawn.
    expect(output('schedule').chart).toEqual({ type: 'bar', x: 1, y: [2], show: 'both' });

    await user.click(within(card).getByRole('checkbox', { name: 'Balance' }));
    await user.click(within(card).getByRole('checkbox', { name: 'Stacked' }));
    await user.type(within(card).getByLabelText('Chart title'), 'Paid');
    await user.selectOptions(within(card).getByLabelText('Show'), 'chart');
    expect(output('schedule').chart).toEqual({
      type: 'bar',
      x: 1,
      y: [2, 3],
      show: 'chart',
      stacked: true,
      title: 'Paid',
    });
    // The y axis label starts as the drawn column's name (shown as a placeholder).
    await user.click(within(card).getByRole('checkbox', { name: 'Interest' }));
    expect(within(card).getByLabelText('Y axis label')).toHaveAttribute('placeholder', 'Balance');
  });

  it('keeps its settings when the type changes, asks for a column, and goes with "No chart"', async () => {
    seedDraft({
      metaOutputs: [{ ...table, chart: { type: 'line', x: 1, y: [3], future: 'kept' } }],
    });
    const { user } = await renderEditor();
    const card = outputGroup('schedule');
    await user.selectOptions(within(card).getByLabelText('Chart'), 'Pie');
    expect(output('schedule').chart).toEqual({ type: 'pie', x: 1, y: [3], future: 'kept' });
    expect(within(card).queryByLabelText('X axis label')).toBeNull();
    expect(within(card).getByLabelText('Column of slice names')).toHaveValue('1');

    await user.click(within(card).getByRole('checkbox', { name: 'Balance' }));
    expect(within(card).getByText('Tick at least one column to draw.')).toBeVisible();

    await user.selectOptions(within(card).getByLabelText('Chart'), 'none');
    expect(output('schedule')).toEqual(table);
  });
});
