// Steps as a visitor goes through them (issue 30): one step at a time, Next and Back, the
// progress, Enter for Next, the focus on the step's heading, Next checking the step.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalcDoc, EvalResult } from '../../../lib/types';
import { useUi } from '../../../stores/ui';
import { CalculatorView, type CalculatorViewProps } from '../calculator-view';

const steps = [
  { id: 'you', title: 'About you', description: 'Tell us *a little*.', inputs: [4, 1, 2] },
  { id: 'co', title: 'Co-borrower', inputs: [3] },
  { id: 'end', title: 'Anything else', inputs: [5] },
];

const doc: CalcDoc = {
  name: 'Mortgage',
  metaInputs: [
    { id: 1, name: 'age', type: 'number' },
    { id: 2, name: 'coBorrower', type: 'binary' },
    { id: 3, name: 'coIncome', type: 'number' },
    { id: 4, name: 'price', type: 'number', required: true },
    { id: 5, name: 'note', type: 'string' },
  ],
  metaOutputs: [{ id: 1, name: 'loan', type: 'value' }],
  steps,
};

/** The engine's part: coIncome hidden without a co-borrower; age ≥ 18. */
function evaluate(values: Record<string, unknown>): EvalResult {
  const invalid = Number(values['1']) < 18 ? { age: 'must be 18 or over' } : undefined;
  return {
    outputs: invalid ? null : { loan: 1 },
    display: invalid ? null : { loan: 'a loan' },
    usedInputs: [],
    error: null,
    hiddenInputs: values['2'] === true ? [] : ['coIncome'],
    hiddenOutputs: [],
    ...(invalid ? { invalid } : {}),
  } as EvalResult;
}

function Live({
  start,
  ...rest
}: Partial<CalculatorViewProps> & { start?: Record<string, unknown> }) {
  const [values, setValues] = useState<Record<string, unknown>>(
    start ?? { '1': 30, '2': true, '4': 100 },
  );
  return (
    <CalculatorView
      doc={doc}
      result={evaluate(values)}
      {...rest}
      values={values}
      onValuesChange={setValues}
    />
  );
}

const progress = () => document.querySelector('.calc-step-count')?.textContent;
const currentTitle = () =>
  document.querySelector('.calc-step:not([hidden]) .calc-step-title')?.textContent;
const outputsShown = () => !document.querySelector('.calc-outputs')?.hasAttribute('hidden');

beforeEach(() => {
  useUi.setState({ locale: 'en' });
});

describe('Steps', () => {
  it('shows one step at a time with its progress, and Next and Back move the focus', async () => {
    render(<Live />);
    expect(progress()).toBe('Step 1 of 3');
    const bar = screen.getByRole('progressbar', { name: 'Step 1 of 3' }) as HTMLProgressElement;
    expect([bar.value, bar.max]).toEqual([1, 3]);
    expect(currentTitle()).toBe('About you');
    expect(document.querySelector('.calc-step:not([hidden]) em')).toHaveTextContent('a little');
    expect(screen.getByLabelText('age')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(outputsShown()).toBe(false);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(progress()).toBe('Step 2 of 3');
    expect(document.activeElement).toHaveTextContent('Co-borrower');
    expect(document.activeElement?.tagName).toBe('H3');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(progress()).toBe('Step 3 of 3');
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(outputsShown()).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(progress()).toBe('Step 2 of 3');
    expect(document.activeElement).toHaveTextContent('Co-borrower');
  });

  it('holds the inputs in the doc’s order, those in no step on the first', () => {
    render(<Live doc={{ ...doc, steps: [steps[1], steps[2]] }} />);
    const first = document.querySelector('.calc-step:not([hidden])') as HTMLElement;
    expect(
      Array.from(first.querySelectorAll('.field-label')).map((l) => l.firstChild?.textContent),
    ).toEqual(['age', 'coBorrower', 'coIncome', 'price']);
  });

  it('stays on a step whose required input is empty, with its message, the field focused', async () => {
    render(<Live start={{ '1': 30, '2': false }} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    // Without a co-borrower that step's only input is hidden: two steps.
    expect(progress()).toBe('Step 1 of 2');
    expect(screen.getByText('Enter a value: this input is required.')).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByLabelText(/price/));
  });

  it('stays on a step with an invalid input, and Enter in a field is Next', async () => {
    render(<Live start={{ '1': 15, '2': false, '4': 1 }} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(progress()).toBe('Step 1 of 2');
    expect(document.activeElement).toBe(screen.getByLabelText('age'));
    expect(screen.getByText('must be 18 or over')).toBeInTheDocument();
    await user.type(screen.getByLabelText('age'), '0{Enter}');
    // The co-borrower's step has only a hidden input: it is skipped.
    expect(progress()).toBe('Step 2 of 2');
    expect(currentTitle()).toBe('Anything else');
  });

  it('waits for the calculation on its way before Next checks the step', async () => {
    const pendingResult = evaluate({ '1': 30, '2': false, '4': 1 });
    const view = (props: Partial<CalculatorViewProps>) => (
      <CalculatorView
        doc={doc}
        values={{ '1': 15, '2': false, '4': 1 }}
        onValuesChange={() => {}}
        result={pendingResult}
        pending
        {...props}
      />
    );
    const { rerender } = render(view({}));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    expect(progress()).toBe('Step 1 of 2');
    act(() => rerender(view({ pending: false, result: evaluate({ '1': 15, '2': false }) })));
    expect(progress()).toBe('Step 1 of 2');
    expect(document.activeElement).toBe(screen.getByLabelText('age'));
  });

  it('leads from outputs waiting on a later step to the field at fault on an earlier one', async () => {
    // A link opening on the last step with an age its rule refuses.
    render(<Live start={{ '1': 15, '2': false, '4': 1 }} step="end" />);
    expect(progress()).toBe('Step 2 of 2');
    expect(screen.getByText('Fix the highlighted fields to see the results.')).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to step 1' }));
    expect(progress()).toBe('Step 1 of 2');
    expect(document.activeElement).toBe(screen.getByLabelText('age'));
  });

  it('leads from outputs not calculated to a required field on another step', async () => {
    render(<Live start={{ '1': 30, '2': false }} step="end" />);
    expect(screen.getByText('Not calculated: put right the marked inputs.')).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to step 1' }));
    expect(document.activeElement).toBe(screen.getByLabelText(/price/));
  });

  it('has no way to another step when the field at fault is on the one shown', () => {
    render(<Live doc={{ ...doc, stepOutputs: 'every' }} start={{ '1': 15, '2': false, '4': 1 }} />);
    expect(screen.getByText('Fix the highlighted fields to see the results.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Go to step/ })).toBeNull();
  });

  it('opens on the step a link names, and tells each step moved to', async () => {
    const onStepChange = vi.fn();
    render(<Live step="co" onStepChange={onStepChange} />);
    expect(currentTitle()).toBe('Co-borrower');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back' }));
    expect(onStepChange).toHaveBeenLastCalledWith('you');
  });

  it('shows the outputs on every step when the author asks, the footer on the last', async () => {
    render(<Live doc={{ ...doc, stepOutputs: 'every' }} footer={<p>Send it</p>} />);
    expect(outputsShown()).toBe(true);
    expect(screen.getByText('a loan')).toBeInTheDocument();
    expect(screen.queryByText('Send it')).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Send it')).toBeInTheDocument();
  });

  it('says it in Russian', () => {
    useUi.setState({ locale: 'ru' });
    render(<Live step="co" />);
    expect(progress()).toBe('Шаг 2 из 3');
    expect(screen.getByRole('button', { name: 'Далее' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Назад' })).toBeInTheDocument();
  });

  it('are all shown at once in the editor’s every-input view', () => {
    render(<Live showAll />);
    expect(progress()).toBeUndefined();
    expect(screen.getByLabelText('note')).toBeInTheDocument();
  });
});
