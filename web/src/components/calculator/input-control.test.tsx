import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InputDef } from '../../lib/types';
import { useUi } from '../../stores/ui';
import { InputControl } from './input-control';

/** An input as a page holds it: the value in state, every change recorded. */
function Harness({
  input,
  initial,
  onChange,
}: {
  input: InputDef;
  initial: unknown;
  onChange(value: unknown): void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <div>
      <label id="in-label" htmlFor="in">
        {input.name}
      </label>
      <InputControl
        input={input}
        controlId="in"
        value={value}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
    </div>
  );
}

function setup(input: InputDef, initial: unknown) {
  const onChange = vi.fn();
  const user = userEvent.setup();
  render(<Harness input={input} initial={initial} onChange={onChange} />);
  const last = () => onChange.mock.lastCall?.[0];
  return { onChange, user, last };
}

beforeEach(() => {
  useUi.setState({ locale: 'en' });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('number', () => {
  const input: InputDef = { id: 1, name: 'Amount', type: 'number' };

  it('gives a number, and null when emptied', async () => {
    const { user, last } = setup(input, null);
    const field = screen.getByLabelText('Amount');
    expect(field).toHaveAttribute('type', 'number');
    expect(field).toHaveValue(null);

    await user.type(field, '12.5');
    expect(last()).toBe(12.5);
    expect(field).toHaveValue(12.5);

    await user.clear(field);
    expect(last()).toBeNull();
  });

  it('says so when the typed text is not a number, instead of computing silently', () => {
    const { last } = setup(input, 5);
    const field = screen.getByLabelText('Amount');
    // What a browser reports for "12abc" or "1e999" in a number field: no value, bad input.
    Object.defineProperty(field, 'validity', { value: { badInput: true }, configurable: true });
    fireEvent.change(field, { target: { value: '' } });
    expect(last()).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Not a number: the calculation treats this input as empty.',
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(
      'Not a number: the calculation treats this input as empty.',
    );

    Object.defineProperty(field, 'validity', { value: { badInput: false }, configurable: true });
    fireEvent.change(field, { target: { value: '3' } });
    expect(last()).toBe(3);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the current value', () => {
    setup(input, 7);
    expect(screen.getByLabelText('Amount')).toHaveValue(7);
  });

  it('as a slider uses 0 and 100 by default', () => {
    const { last } = setup({ ...input, presentationType: 'slider' }, null);
    const slider = screen.getByRole('slider', { name: 'Amount' });
    expect(slider).toHaveAttribute('min', '0');
    expect(slider).toHaveAttribute('max', '100');
    fireEvent.change(slider, { target: { value: '42' } });
    expect(last()).toBe(42);
  });

  it('as a slider uses sliderMin and sliderMax when set', () => {
    setup({ ...input, presentationType: 'slider', sliderMin: -10, sliderMax: 250 }, 30);
    const slider = screen.getByRole('slider', { name: 'Amount' });
    expect(slider).toHaveAttribute('min', '-10');
    expect(slider).toHaveAttribute('max', '250');
    expect(slider).toHaveValue('30');
  });
});

describe('text', () => {
  it('gives the text, and null when emptied', async () => {
    const { user, last } = setup({ id: 1, name: 'Title', type: 'string' }, null);
    const field = screen.getByLabelText('Title');
    await user.type(field, 'Hi there');
    expect(last()).toBe('Hi there');
    await user.clear(field);
    expect(last()).toBeNull();
  });
});

describe('checkbox', () => {
  it('gives true and false', async () => {
    const { user, last } = setup(
      { id: 1, name: 'Insured', type: 'binary', presentationType: 'checkbox' },
      false,
    );
    const box = screen.getByRole('checkbox', { name: /Insured/ });
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(last()).toBe(true);
    expect(box).toBeChecked();
    await user.click(box);
    expect(last()).toBe(false);
  });

  it('as a switch is a keyboard-usable switch', async () => {
    const { user, last } = setup(
      { id: 1, name: 'Insured', type: 'binary', presentationType: 'switch' },
      false,
    );
    const toggle = screen.getByRole('switch', { name: 'Insured' });
    toggle.focus();
    await user.keyboard(' ');
    expect(last()).toBe(true);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });
});

describe('date', () => {
  const input: InputDef = { id: 1, name: 'Start', type: 'date' };

  it('starts relative and changes the amount and the units', async () => {
    const { user, last } = setup(input, { type: 'relative', params: { delta: 0, units: 'days' } });
    const group = screen.getByRole('group', { name: 'Start' });
    expect(within(group).getByRole('radio', { name: 'Relative to today' })).toBeChecked();

    const amount = within(group).getByRole('spinbutton', { name: 'Amount' });
    await user.clear(amount);
    await user.type(amount, '3');
    expect(last()).toEqual({ type: 'relative', params: { delta: 3, units: 'days' } });

    await user.selectOptions(within(group).getByRole('combobox', { name: 'Units' }), 'months');
    expect(last()).toEqual({ type: 'relative', params: { delta: 3, units: 'months' } });
  });

  it('switches to a specific date (today) and takes a date from the date field', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 0, 31, 12));
    const { user, last } = setup(input, { type: 'relative', params: { delta: 0, units: 'days' } });

    await user.click(screen.getByRole('radio', { name: 'Specific date' }));
    expect(last()).toEqual({ type: 'absolute', params: { day: 31, month: 0, year: 2025 } });
    const field = screen.getByLabelText('Date');
    expect(field).toHaveValue('2025-01-31');

    fireEvent.change(field, { target: { value: '2024-03-15' } });
    expect(last()).toEqual({ type: 'absolute', params: { day: 15, month: 2, year: 2024 } });
  });

  it('shows a stored absolute date (month 0-11) in the date field', () => {
    setup(input, { type: 'absolute', params: { day: 5, month: 11, year: 2030 } });
    expect(screen.getByLabelText('Date')).toHaveValue('2030-12-05');
  });

  it('goes back to relative', async () => {
    const { user, last } = setup(input, {
      type: 'absolute',
      params: { day: 5, month: 11, year: 2030 },
    });
    await user.click(screen.getByRole('radio', { name: 'Relative to today' }));
    expect(last()).toEqual({ type: 'relative', params: { delta: 0, units: 'days' } });
  });
});

describe('choice', () => {
  const choices = [
    { id: 1, label: 'Small', value: 10 },
    { id: 2, label: 'Large', value: 'L' },
  ];

  it("as radio buttons gives the chosen choice's value", async () => {
    const { user, last } = setup(
      { id: 1, name: 'Size', type: 'choice', presentationType: 'radio', choices },
      null,
    );
    const group = screen.getByRole('radiogroup', { name: 'Size' });
    await user.click(within(group).getByRole('radio', { name: 'Large' }));
    expect(last()).toBe('L');
    await user.click(within(group).getByRole('radio', { name: 'Small' }));
    expect(last()).toBe(10);
    expect(within(group).getByRole('radio', { name: 'Small' })).toBeChecked();
  });

  it("clicking the input's name does not choose the first radio button", async () => {
    const { user, onChange } = setup(
      { id: 1, name: 'Size', type: 'choice', presentationType: 'radio', choices },
      null,
    );
    await user.click(screen.getByText('Size'));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('radio', { name: 'Small' })).not.toBeChecked();
  });

  it("as a dropdown gives the chosen choice's value, and null for none", async () => {
    const { user, last } = setup(
      { id: 1, name: 'Size', type: 'choice', presentationType: 'dropdown', choices },
      10,
    );
    const select = screen.getByRole('combobox', { name: 'Size' });
    expect(select).toHaveDisplayValue('Small');
    await user.selectOptions(select, 'Large');
    expect(last()).toBe('L');
    await user.selectOptions(select, 'Choose…');
    expect(last()).toBeNull();
  });
});

describe('repeating item', () => {
  const prototype = { '1': 3, '2': 'Apples' };
  const list: InputDef = {
    id: 9,
    name: 'Items',
    type: 'list',
    metaInputs: [
      { id: 1, name: 'qty', type: 'number' },
      { id: 2, name: 'label', type: 'string' },
    ],
    itemPrototype: prototype,
  };

  it('adds a copy of the item prototype, edits an item, removes it', async () => {
    const { user, last } = setup(list, []);
    expect(screen.getByText('No items.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Add item/ }));
    expect(last()).toEqual([{ '1': 3, '2': 'Apples' }]);
    expect((last() as unknown[])[0]).not.toBe(prototype);

    await user.click(screen.getByRole('button', { name: /Add item/ }));
    expect(last()).toHaveLength(2);

    const second = screen.getByRole('group', { name: 'Item 2' });
    const qty = within(second).getByLabelText('qty');
    expect(qty).toHaveValue(3);
    await user.clear(qty);
    await user.type(qty, '8');
    expect(last()).toEqual([
      { '1': 3, '2': 'Apples' },
      { '1': 8, '2': 'Apples' },
    ]);
    expect(prototype).toEqual({ '1': 3, '2': 'Apples' });

    await user.click(screen.getByRole('button', { name: 'Remove item 1' }));
    expect(last()).toEqual([{ '1': 8, '2': 'Apples' }]);
    expect(screen.getAllByRole('group', { name: /^Item \d/ })).toHaveLength(1);
  });
});
