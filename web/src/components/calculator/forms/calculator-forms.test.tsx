// The calculator view with the author's forms (issue 30): Show-when and Valid-when results,
// steps, sections and presets, as a visitor meets them. The engine's rules are played by
// `evaluate` below (the fields its results carry), so these tests need no worker.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalcDoc, EvalResult } from '../../../lib/types';
import { useUi } from '../../../stores/ui';
import { CalculatorView, type CalculatorViewProps } from '../calculator-view';

const doc: CalcDoc = {
  name: 'Mortgage',
  description: 'Plan your **mortgage**. See [rates](https://example.com/rates).',
  metaInputs: [
    { id: 1, name: 'age', type: 'number' },
    { id: 2, name: 'coBorrower', type: 'binary', section: 'co' },
    { id: 3, name: 'coIncome', type: 'number', required: true, section: 'co' },
    { id: 4, name: 'price', type: 'number', required: true },
  ],
  metaOutputs: [
    { id: 1, name: 'loan', type: 'value' },
    { id: 2, name: 'coShare', type: 'value', section: 'co' },
  ],
  defaults: { '1': 30, '2': false, '4': 200000 },
  sections: [
    { id: 'co', title: 'Co-borrower', description: 'Only *if* there is one.', columns: 2 },
  ],
  presets: [
    { name: 'Couple', values: { '1': 35, '2': true, '3': 40000, '4': 'not a number' } },
    { name: 'Single', values: { '1': 25, '2': false } },
  ],
};

/** The engine's part: coIncome and coShare hidden without a co-borrower; age ≥ 18. */
function evaluate(values: Record<string, unknown>): EvalResult {
  const co = values['2'] === true;
  const age = Number(values['1']);
  const invalid = age < 18 ? { age: 'must be 18 or over' } : undefined;
  return {
    outputs: invalid ? null : { loan: 1, coShare: co ? 2 : null },
    display: invalid ? null : { loan: `$${String(values['4'])}`, coShare: co ? '50%' : null },
    usedInputs: ['age', 'coBorrower', 'coIncome', 'price'],
    error: null,
    hiddenInputs: co ? [] : ['coIncome'],
    hiddenOutputs: co ? [] : ['coShare'],
    ...(invalid ? { invalid } : {}),
  } as EvalResult;
}

/** The view over live values, as the published page holds them. */
function Live({
  start,
  onValuesChange,
  ...rest
}: Partial<CalculatorViewProps> & { start?: Record<string, unknown> }) {
  const [values, setValues] = useState<Record<string, unknown>>(
    start ?? { '1': 30, '2': false, '4': 200000 },
  );
  return (
    <CalculatorView
      doc={doc}
      result={evaluate(values)}
      {...rest}
      values={values}
      onValuesChange={(next) => {
        setValues(next);
        onValuesChange?.(next);
      }}
    />
  );
}

const outputNames = () =>
  Array.from(document.querySelectorAll('[data-output]')).map((el) =>
    el.getAttribute('data-output'),
  );

beforeEach(() => {
  useUi.setState({ locale: 'en' });
});

describe('Show when', () => {
  it('hides the inputs and outputs the rules hid, and keeps their values for later', async () => {
    const onValuesChange = vi.fn();
    render(<Live onValuesChange={onValuesChange} start={{ '1': 30, '2': true, '3': 5, '4': 1 }} />);
    expect(screen.getByLabelText(/coIncome/)).toHaveValue(5);
    expect(outputNames()).toEqual(['loan', 'coShare']);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Yes'));
    expect(screen.queryByLabelText(/coIncome/)).toBeNull();
    expect(outputNames()).toEqual(['loan']);
    expect(onValuesChange).toHaveBeenLastCalledWith({ '1': 30, '2': false, '3': 5, '4': 1 });
    await user.click(screen.getByLabelText('Yes'));
    expect(screen.getByLabelText(/coIncome/)).toHaveValue(5);
  });

  it('does not hold a hidden required input against the calculation', () => {
    render(<Live />);
    expect(screen.queryByText('Not calculated: put right the marked inputs.')).toBeNull();
    expect(screen.getByText('$200000')).toBeInTheDocument();
  });

  it('hides every member of a hidden section', () => {
    const hidden = { ...evaluate({ '1': 30, '2': true }), hiddenSections: ['co'] } as EvalResult;
    render(<CalculatorView doc={doc} values={{}} onValuesChange={() => {}} result={hidden} />);
    expect(screen.queryByLabelText('coBorrower')).toBeNull();
    expect(outputNames()).toEqual(['loan']);
  });

  it('works as today with a result from an engine without rules', () => {
    render(
      <CalculatorView
        doc={doc}
        values={{ '1': 30, '2': true, '3': 1, '4': 2 }}
        onValuesChange={() => {}}
        result={
          {
            outputs: {},
            display: { loan: 'x', coShare: 'y' },
            usedInputs: [],
            error: null,
          } as unknown as EvalResult
        }
      />,
    );
    expect(screen.getByLabelText(/coIncome/)).toBeInTheDocument();
    expect(outputNames()).toEqual(['loan', 'coShare']);
  });
});

describe('Valid when', () => {
  it('shows the message at the input, and the outputs wait', async () => {
    render(<Live />);
    const age = screen.getByLabelText('age');
    const user = userEvent.setup();
    await user.clear(age);
    await user.type(age, '15');
    expect(age).toHaveAttribute('aria-invalid', 'true');
    const message = document.getElementById(age.getAttribute('aria-describedby') ?? '');
    expect(message).toHaveTextContent('must be 18 or over');
    expect(screen.getByText('Fix the highlighted fields to see the results.')).toBeInTheDocument();
    expect(screen.queryByText('$200000')).toBeNull();
    await user.type(age, '0');
    expect(age).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('must be 18 or over')).toBeNull();
    expect(screen.getByText('$200000')).toBeInTheDocument();
  });

  it('says the outputs wait in Russian', () => {
    useUi.setState({ locale: 'ru' });
    render(<Live start={{ '1': 10, '2': false, '4': 1 }} />);
    expect(
      screen.getByText('Исправьте выделенные поля, чтобы увидеть результаты.'),
    ).toBeInTheDocument();
  });
});

describe('Sections', () => {
  it('groups members under the heading and description, open unless collapsed', () => {
    render(<Live start={{ '1': 30, '2': true, '3': 1, '4': 1 }} />);
    const groups = document.querySelectorAll('details.calc-group');
    // One for the inputs, one for the outputs.
    expect(groups).toHaveLength(2);
    const inputs = groups[0] as HTMLDetailsElement;
    expect(inputs.open).toBe(true);
    expect(inputs).toHaveClass('columns-2');
    expect(within(inputs).getByRole('heading', { name: 'Co-borrower' })).toBeInTheDocument();
    expect(inputs.querySelector('.calc-group-description em')).toHaveTextContent('if');
    expect(within(inputs).getByLabelText('coBorrower')).toBeInTheDocument();
    expect(within(groups[1] as HTMLElement).getByText('50%')).toBeInTheDocument();
  });

  it('starts collapsed when the author says so', () => {
    const collapsed = {
      ...doc,
      sections: [{ id: 'co', title: 'Co-borrower', collapsed: true }],
    };
    render(<Live doc={collapsed} />);
    expect((document.querySelector('details.calc-group') as HTMLDetailsElement).open).toBe(false);
  });

  it('renders the calculator’s description as small Markdown', () => {
    render(<Live />);
    const description = document.querySelector('.calc-description');
    expect(description?.querySelector('strong')).toHaveTextContent('mortgage');
    expect(within(description as HTMLElement).getByRole('link', { name: 'rates' })).toHaveAttribute(
      'href',
      'https://example.com/rates',
    );
  });
});

describe('Presets', () => {
  it('fills the inputs from a preset, leaving out values an input cannot take', async () => {
    const onValuesChange = vi.fn();
    render(<Live onValuesChange={onValuesChange} />);
    const group = screen.getByRole('group', { name: 'Presets' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Couple', 'Single']);
    await userEvent.setup().click(within(group).getByRole('button', { name: 'Couple' }));
    expect(onValuesChange).toHaveBeenLastCalledWith({
      '1': 35,
      '2': true,
      '3': 40000,
      '4': 200000,
    });
    expect(screen.getByLabelText(/coIncome/)).toHaveValue(40000);
  });

  it('resets to the defaults', async () => {
    const onValuesChange = vi.fn();
    render(<Live onValuesChange={onValuesChange} start={{ '1': 50, '2': true, '3': 9, '4': 1 }} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reset to defaults' }));
    expect(onValuesChange).toHaveBeenLastCalledWith({
      '1': 30,
      '2': false,
      '3': null,
      '4': 200000,
    });
  });

  it('names the group and the reset in Russian', () => {
    useUi.setState({ locale: 'ru' });
    render(<Live />);
    expect(screen.getByRole('group', { name: 'Готовые наборы' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Сбросить к значениям по умолчанию' }),
    ).toBeInTheDocument();
  });

  it('are not there for a calculator without presets', () => {
    render(<Live doc={{ ...doc, presets: undefined }} />);
    expect(screen.queryByRole('group', { name: 'Presets' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset to defaults' })).toBeNull();
  });
});
