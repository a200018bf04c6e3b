// A test's visibility and message expectations: edited in the test's form, said in its row,
// and the engine's report lines about them shown as they come.
import { render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { TestOutcome } from '@calcsmith/engine';
import type { CalcDoc } from '../../../lib/types';
import { useUi } from '../../../stores/ui';
import { INPUTS } from './doc-harness';
import {
  ExpectationsEditor,
  ExpectationsSummary,
  OutcomeLines,
  expectationsOf,
  withExpectations,
  type Expectations,
} from './test-expectations';
import userEvent from '@testing-library/user-event';

const doc: CalcDoc = {
  metaInputs: INPUTS.slice(0, 3),
  metaOutputs: [{ id: 1, name: 'rate', type: 'value' }],
  sections: [{ id: 'co', title: 'Co-borrower' }],
  steps: [
    { id: 'st1', title: 'You', inputs: [1] },
    { id: 'st2', title: 'Money', inputs: [2] },
  ],
};

describe('ExpectationsEditor', () => {
  it('adds hidden, shown and message expectations, and removes them', async () => {
    useUi.setState({ locale: 'en', toasts: [] });
    let latest: Expectations = expectationsOf({ name: 't' });
    function Host() {
      const [value, setValue] = useState(latest);
      latest = value;
      return <ExpectationsEditor doc={doc} value={value} onChange={setValue} />;
    }
    const user = userEvent.setup({ delay: null });
    render(<Host />);
    const group = screen.getByRole('group', { name: 'Visibility and messages' });
    expect(within(group).getByText('No visibility or message expectations.')).toBeInTheDocument();
    const target = within(group).getByRole('combobox', { name: 'Input, output or section' });
    expect(
      within(target)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['coBorrower', 'income', 'city', 'rate', 'section:co']);
    const add = within(group).getByRole('button', { name: '+ Add expectation' });
    await user.selectOptions(target, 'city');
    await user.click(add);
    await user.selectOptions(target, 'section:co');
    await user.click(add);
    await user.selectOptions(within(group).getByRole('combobox', { name: 'Expect' }), 'shown');
    await user.selectOptions(target, 'income');
    await user.click(add);
    await user.selectOptions(within(group).getByRole('combobox', { name: 'Expect' }), 'message');
    await user.selectOptions(target, 'coBorrower');
    await user.type(within(group).getByRole('textbox', { name: 'Message expected' }), 'tick it');
    await user.click(add);
    expect(latest).toEqual({
      hidden: ['city', 'section:co'],
      shown: ['income'],
      invalid: { coBorrower: 'tick it' },
    });
    expect(
      within(group)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'city hidden ✕',
      'section co hidden ✕',
      'step 2 shows income ✕',
      'coBorrower: “tick it” ✕',
    ]);
    await user.click(
      within(group).getByRole('button', { name: 'Delete expectation: city hidden' }),
    );
    await user.click(
      within(group).getByRole('button', { name: 'Delete expectation: coBorrower: “tick it”' }),
    );
    expect(latest).toEqual({ hidden: ['section:co'], shown: ['income'], invalid: null });
  });
});

describe('a test case’s expectations', () => {
  it('are written into the test only when there are some', () => {
    const test = { name: 't', expected: {}, hidden: ['x'] };
    expect(withExpectations(test, { hidden: [], shown: [], invalid: null })).toEqual({
      name: 't',
      expected: {},
    });
    expect(withExpectations(test, { hidden: ['a'], shown: ['b'], invalid: {} })).toEqual({
      name: 't',
      expected: {},
      hidden: ['a'],
      shown: ['b'],
      invalid: {},
    });
  });

  it('are said in the test’s row', () => {
    useUi.setState({ locale: 'en', toasts: [] });
    render(
      <ExpectationsSummary
        doc={doc}
        test={{ name: 't', hidden: ['city'], shown: ['income', 'rate'], invalid: {} }}
      />,
    );
    expect(
      screen.getByText(
        'Visibility and messages: city hidden; step 2 shows income; rate shown; every input valid',
      ),
    ).toBeInTheDocument();
  });

  it('show the report’s lines about them as they come', () => {
    useUi.setState({ locale: 'en', toasts: [] });
    render(
      <OutcomeLines
        outcome={
          {
            name: 't',
            passed: false,
            visibility: ['coIncome: expected hidden, was shown'],
            messages: ['age: expected invalid "must be 18 or over", was valid'],
          } as TestOutcome
        }
      />,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'coIncome: expected hidden, was shown',
      'age: expected invalid "must be 18 or over", was valid',
    ]);
  });
});
