// The What if… panel over a stand-in worker (the worker client's boundary): the disclosure,
// the tools' tabs, goal seek, the sensitivity table and scenarios.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GoalSeekRequest, SweepRequest } from '../../lib/engine/protocol';
import type { CalcDoc, EvalResult } from '../../lib/types';
import { WhatIfClient, setWhatIfClientForTests } from '../../lib/engine/what-if-client';
import { fakeWorkers, okResult } from '../../testing/fake-worker';
import { useUi } from '../../stores/ui';

import WhatIf from './what-if';

const loan: CalcDoc = {
  name: 'Loan',
  script: 'return { payment: 0 };',
  metaInputs: [
    { id: 1, name: 'amount', type: 'number' },
    { id: 2, name: 'years', type: 'number' },
    { id: 3, name: 'rate', type: 'number' },
  ],
  metaOutputs: [
    { id: 1, name: 'payment', type: 'value', decimalPlaces: 2 },
    { id: 2, name: 'schedule', type: 'table', metaOutputs: [] },
  ],
};
const values = { '1': 300000, '2': 30, '3': 0.06 };
const result: EvalResult = {
  outputs: { payment: 1798.65, schedule: [] },
  display: { payment: '1,798.65', schedule: [] },
  usedInputs: ['amount', 'years', 'rate'],
  hiddenInputs: [],
  hiddenOutputs: [],
  error: null,
};

let fake: ReturnType<typeof fakeWorkers>;

beforeEach(() => {
  fake = fakeWorkers();
  setWhatIfClientForTests(new WhatIfClient(fake.factory));
  useUi.setState({ locale: 'en', theme: 'light', toasts: [] });
});
afterEach(() => {
  setWhatIfClientForTests(null);
  window.location.hash = '';
});

function renderPanel(extra: Partial<Parameters<typeof WhatIf>[0]> = {}) {
  const onValuesChange = vi.fn();
  const onAddTest = vi.fn();
  const user = userEvent.setup();
  render(
    <WhatIf
      doc={loan}
      values={values}
      result={result}
      onValuesChange={onValuesChange}
      onAddTest={onAddTest}
      storageKey="calc1"
      shareUrl="https://calcsmith.test/calc/calc1"
      {...extra}
    />,
  );
  return { user, onValuesChange, onAddTest };
}

async function open(user: ReturnType<typeof userEvent.setup>) {
  const toggle = screen.getByRole('button', { name: 'What if…' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByRole('tablist')).toBeNull();
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

describe('the What if… panel', () => {
  it('stays closed until opened, then moves between its tools with the arrow keys', async () => {
    const { user } = renderPanel();
    await open(user);
    const tabs = within(screen.getByRole('tablist', { name: 'What-if tools' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Goal seek',
      'Sensitivity table',
      'Scenarios',
    ]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    tabs[0].focus();
    await user.keyboard('{ArrowRight}');
    expect(tabs[1]).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Sensitivity table');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(tabs[2]).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Scenarios');
    // Nothing was asked of the worker yet.
    expect(fake.workers).toHaveLength(0);
  });

  it('finds a value by goal seek, applies it and saves it as a test', async () => {
    const { user, onValuesChange, onAddTest } = renderPanel();
    await open(user);
    expect(screen.getByLabelText('Output')).toHaveValue('payment');
    await user.type(screen.getByLabelText('Target value'), '2,000');
    await user.selectOptions(screen.getByLabelText('Input to change'), 'rate');
    await user.click(screen.getByRole('button', { name: 'Find value' }));
    const request = fake.current.whatIf[0] as GoalSeekRequest;
    expect(request).toMatchObject({
      type: 'goalSeek',
      values,
      spec: { output: 'payment', target: 2000, input: 'rate' },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Searching…');
    await act(async () => {
      fake.current.reply({
        type: 'sought',
        id: request.id,
        result: {
          value: 0.0736490642,
          output: 2000,
          display: '2,000.00',
          evaluations: 8,
          tolerance: 2e-6,
        },
      });
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'rate = 0.0736490642 gives payment = 2,000.00.',
    );
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onValuesChange).toHaveBeenCalledWith({ ...values, '3': 0.0736490642 });
    await user.click(screen.getByRole('button', { name: 'Save as test' }));
    expect(onAddTest).toHaveBeenCalledWith({
      name: 'payment = 2,000 by rate',
      values,
      seek: {
        output: 'payment',
        target: 2000,
        input: 'rate',
        value: 0.0736490642,
        tolerance: 1e-6,
      },
    });
  });

  it('says why a goal seek found nothing, with the value where it failed, and checks what was typed', async () => {
    const { user } = renderPanel({ onAddTest: undefined });
    await open(user);
    await user.type(screen.getByLabelText('Target value'), 'lots');
    await user.click(screen.getByRole('button', { name: 'Find value' }));
    expect(screen.getByLabelText('Target value')).toHaveFocus();
    expect(screen.getByLabelText('Target value')).toHaveAccessibleDescription('Enter a number.');
    expect(fake.workers).toHaveLength(0);
    await user.clear(screen.getByLabelText('Target value'));
    await user.type(screen.getByLabelText('Target value'), '-5');
    await user.type(screen.getByLabelText('Lowest value (optional)'), '0');
    await user.click(screen.getByRole('button', { name: 'Find value' }));
    const request = fake.current.whatIf[0] as GoalSeekRequest;
    expect(request.spec).toEqual({ output: 'payment', target: -5, input: 'amount', min: 0 });
    await act(async () => {
      fake.current.reply({
        type: 'sought',
        id: request.id,
        result: { error: 'The script failed: negative amount', at: -1, evaluations: 3 },
      });
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'No value found: The script failed: negative amount (at amount = -1)',
    );
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save as test' })).toBeNull();
  });

  it('makes a two-input table with progress, marks the base case and shows a cell error on focus', async () => {
    const { user } = renderPanel();
    await open(user);
    await user.click(screen.getByRole('tab', { name: 'Sensitivity table' }));
    // The first input's range is around its current value.
    expect(screen.getByLabelText('From')).toHaveValue('240000');
    expect(screen.getByLabelText('To')).toHaveValue('360000');
    await user.selectOptions(screen.getAllByLabelText('Input to change')[0], 'rate');
    await user.click(screen.getByRole('radio', { name: 'List of values', checked: false }));
    await user.type(screen.getByLabelText(/^Values/), '0.05 0.06');
    await user.click(screen.getByRole('checkbox', { name: 'Vary a second input' }));
    const columnsBox = screen.getByRole('group', { name: 'Input across the columns' });
    await user.selectOptions(within(columnsBox).getByLabelText('Input to change'), 'years');
    await user.clear(within(columnsBox).getByLabelText('From'));
    await user.type(within(columnsBox).getByLabelText('From'), '15');
    await user.clear(within(columnsBox).getByLabelText('To'));
    await user.type(within(columnsBox).getByLabelText('To'), '30');
    await user.clear(within(columnsBox).getByLabelText('Steps (2–50)'));
    await user.type(within(columnsBox).getByLabelText('Steps (2–50)'), '2');
    await user.click(screen.getByRole('button', { name: 'Make table' }));
    const request = fake.current.whatIf[0] as SweepRequest;
    expect(request.spec).toEqual({
      output: 'payment',
      input: 'rate',
      values: [0.05, 0.06],
      input2: 'years',
      from2: 15,
      to2: 30,
      steps2: 2,
    });
    const slice = (rowStart: number, cells: unknown[]) => ({
      type: 'sweepSlice' as const,
      id: request.id,
      slice: {
        output: 'payment',
        input: 'rate',
        input2: 'years',
        rows: [0.05, 0.06],
        columns: [15, 30],
        rowStart,
        cells: [cells as never],
      },
    });
    await act(async () => {
      fake.current.reply({ type: 'started', id: request.id });
      fake.current.reply(
        slice(0, [{ value: 2372.38, display: '2,372.38' }, { error: 'RangeError: too long' }]),
      );
    });
    expect(screen.getByRole('status')).toHaveTextContent('Row 1 of 2');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await act(async () => {
      fake.current.reply(
        slice(1, [
          { value: 2531.57, display: '2,531.57' },
          { value: 1798.65, display: '1,798.65' },
        ]),
      );
      fake.current.reply({ type: 'swept', id: request.id, cancelled: false });
    });
    expect(screen.getByRole('status')).toHaveTextContent('Table ready: 2 × 2.');
    const table = screen.getByRole('table', { name: 'payment by rate (rows) and years (columns)' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'rate \\ years1530',
      // The error's text is there for the tooltip (shown on hover and focus).
      '0.052,372.38ErrorRangeError: too long',
      '0.062,531.571,798.65 (current values)',
    ]);
    const error = within(rows[1]).getByText('Error').closest('td')!;
    expect(error).toHaveAttribute('tabindex', '0');
    expect(error).toHaveAccessibleDescription('RangeError: too long');
    const base = within(rows[2]).getByText('1,798.65').closest('td')!;
    expect(base).toHaveClass('sweep-base');
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make table' })).toBeEnabled();
  });

  it('cancels a table while it is made, keeping the rows so far', async () => {
    const { user } = renderPanel();
    await open(user);
    await user.click(screen.getByRole('tab', { name: 'Sensitivity table' }));
    await user.click(screen.getByRole('button', { name: 'Make table' }));
    const request = fake.current.whatIf[0] as SweepRequest;
    expect(request.spec).toEqual({
      output: 'payment',
      input: 'amount',
      from: 240000,
      to: 360000,
      steps: 5,
    });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(fake.current.whatIf.at(-1)).toEqual({ type: 'cancel', id: request.id });
    expect(screen.getByRole('status')).toHaveTextContent('Table cancelled after 0 of 5 rows.');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('refuses steps outside 2 to 50', async () => {
    const { user } = renderPanel();
    await open(user);
    await user.click(screen.getByRole('tab', { name: 'Sensitivity table' }));
    await user.clear(screen.getByLabelText('Steps (2–50)'));
    await user.type(screen.getByLabelText('Steps (2–50)'), '51');
    await user.click(screen.getByRole('button', { name: 'Make table' }));
    expect(screen.getByLabelText('Steps (2–50)')).toHaveFocus();
    expect(screen.getByLabelText('Steps (2–50)')).toHaveAccessibleDescription(
      'Steps must be a whole number from 2 to 50.',
    );
    expect(fake.workers).toHaveLength(0);
  });

  it('saves scenarios on the device, compares them, marks differences, and removes them', async () => {
    const { user, onValuesChange } = renderPanel();
    await open(user);
    await user.click(screen.getByRole('tab', { name: 'Scenarios' }));
    expect(screen.getByText(/No scenarios yet/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Scenario name'), 'Bank A');
    await user.click(screen.getByRole('button', { name: 'Save current inputs' }));
    expect(JSON.parse(localStorage.getItem('calcsmith:scenarios:calc1')!)).toEqual([
      { name: 'Bank A', values },
    ]);
    const answer = async (payment: number, display: string) => {
      const request = fake.current.posted.at(-1)!;
      await act(async () => {
        fake.current.answer(
          { ...result, outputs: { payment }, display: { payment: display, schedule: [] } },
          request.id,
        );
      });
    };
    await answer(1798.65, '1,798.65');
    const table = screen.getByRole('table', { name: 'Scenarios side by side' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toContain('payment1,798.65');
    // A second scenario with other values: the panel is given them, as after an edit.
    await user.type(screen.getByLabelText('Scenario name'), 'Bank B');
    localStorage.setItem('calcsmith:scenarios:calc1', JSON.stringify([{ name: 'Bank A', values }]));
    await user.click(screen.getByRole('button', { name: 'Save current inputs' }));
    expect(fake.current.posted.length).toBeGreaterThan(1);
    await act(async () => {
      for (const request of fake.current.posted.slice(1))
        fake.current.answer(okResult({ payment: 1798.65 }), request.id);
    });
    expect(screen.getByRole('button', { name: 'Use Bank A' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use Bank B' }));
    expect(onValuesChange).toHaveBeenCalledWith(values);
    await user.click(screen.getByRole('button', { name: 'Remove Bank A' }));
    expect(JSON.parse(localStorage.getItem('calcsmith:scenarios:calc1')!)).toEqual([
      { name: 'Bank B', values },
    ]);
    expect(screen.getByLabelText('Scenario name')).toHaveFocus();
  });

  it('opens on the scenarios a link carries, and keeps them on the device when asked', async () => {
    const shared = [
      { name: '30 years', values },
      { name: '15 years', values: { ...values, '2': 15 } },
    ];
    window.location.hash = `#scenarios=${encodeURIComponent(JSON.stringify(shared))}`;
    const { user } = renderPanel();
    expect(screen.getByRole('button', { name: 'What if…' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Scenarios' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('These scenarios came with the link.')).toBeInTheDocument();
    await act(async () => {
      for (const request of fake.current.posted)
        fake.current.answer(
          okResult({ payment: request.values['2'] === 15 ? 2531.57 : 1798.65 }),
          request.id,
        );
    });
    const rows = within(screen.getByRole('table'))
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toContain('years3015 (differs from 30 years)');
    expect(rows).toContain('payment1798.652531.57 (differs from 30 years)');
    expect(rows).toContain('amount300,000300,000');
    expect(localStorage.getItem('calcsmith:scenarios:calc1')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Keep them on this device' }));
    expect(JSON.parse(localStorage.getItem('calcsmith:scenarios:calc1')!)).toEqual(shared);
    expect(screen.getByLabelText('Scenario name')).toBeInTheDocument();
  });

  it('keeps at most 4 scenarios and says why the fifth is not saved', async () => {
    const four = ['A', 'B', 'C', 'D'].map((name) => ({ name, values }));
    localStorage.setItem('calcsmith:scenarios:calc1', JSON.stringify(four));
    const { user } = renderPanel();
    await open(user);
    await user.click(screen.getByRole('tab', { name: 'Scenarios' }));
    const save = screen.getByRole('button', { name: 'Save current inputs' });
    expect(screen.getByLabelText('Scenario name')).toHaveAccessibleDescription(
      'Up to 4 scenarios: remove one to save another.',
    );
    await user.type(screen.getByLabelText('Scenario name'), 'E');
    await user.click(save);
    expect(JSON.parse(localStorage.getItem('calcsmith:scenarios:calc1')!)).toEqual(four);
    expect(screen.queryByRole('button', { name: 'Use E' })).toBeNull();
  });

  it('speaks Russian', async () => {
    useUi.setState({ locale: 'ru' });
    const { user } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Что если…' }));
    expect(screen.getByRole('tab', { name: 'Подбор параметра' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Подобрать' })).toBeInTheDocument();
  });
});
