// The rule builder as an author uses it: rows of input, operator and value that write the
// expression, an expression it wrote reopening as rows, and JavaScript for anything else.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INPUTS, renderWithDoc } from './doc-harness';
import { RuleBuilder } from './rule-builder';

function renderBuilder(expression = '', locale: 'en' | 'ru' = 'en') {
  const view = renderWithDoc(
    { metaInputs: INPUTS, rule: expression },
    (doc, change) => (
      <RuleBuilder
        label="Show when"
        emptyHint="Always shown."
        expression={String(doc.rule ?? '')}
        inputs={doc.metaInputs ?? []}
        onChange={(rule) => change((old) => ({ ...old, rule }))}
      />
    ),
    locale,
  );
  const group = screen.getByRole('group', { name: 'Show when' });
  return { ...view, group, rule: () => view.doc().rule };
}

describe('RuleBuilder', () => {
  it('builds the issue’s rule from two rows', async () => {
    const { user, group, rule } = renderBuilder();
    expect(within(group).getByText('Always shown.')).toBeInTheDocument();
    expect(within(group).queryByRole('combobox', { name: 'Input of condition 1' })).toBeNull();

    await user.click(within(group).getByRole('button', { name: '+ Add condition' }));
    // A new row names the first input; a checkbox's value starts checked.
    expect(within(group).getByRole('combobox', { name: 'Input of condition 1' })).toHaveValue(
      'coBorrower',
    );
    expect(rule()).toBe('inputs.coBorrower === true');

    await user.click(within(group).getByRole('button', { name: '+ Add condition' }));
    await user.selectOptions(
      within(group).getByRole('combobox', { name: 'Input of condition 2' }),
      'income',
    );
    await user.selectOptions(
      within(group).getByRole('combobox', { name: 'Operator of condition 2' }),
      'lt', // shown as <; user-event matches the option's value or its HTML
    );
    // Not complete yet: the doc keeps the complete rows only.
    expect(rule()).toBe('inputs.coBorrower === true');
    await user.type(within(group).getByRole('textbox', { name: 'Value of condition 2' }), '50000');
    expect(rule()).toBe('inputs.coBorrower === true && inputs.income < 50000');

    await user.selectOptions(
      within(group).getByRole('combobox', { name: 'Which must hold' }),
      'Any condition',
    );
    expect(rule()).toBe('inputs.coBorrower === true || inputs.income < 50000');

    await user.click(within(group).getByRole('button', { name: 'Delete condition 1' }));
    expect(rule()).toBe('inputs.income < 50000');
  });

  it('offers the operators fitting the input’s type', async () => {
    const { user, group } = renderBuilder();
    await user.click(within(group).getByRole('button', { name: '+ Add condition' }));
    const input = within(group).getByRole('combobox', { name: 'Input of condition 1' });
    const operator = within(group).getByRole('combobox', { name: 'Operator of condition 1' });
    const options = () =>
      within(operator)
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(options()).toEqual(['is', 'is not']);
    await user.selectOptions(input, 'income');
    expect(options()).toEqual([
      'is',
      'is not',
      '<',
      '≤',
      '>',
      '≥',
      'between',
      'is empty',
      'is one of…',
    ]);
    await user.selectOptions(input, 'city');
    expect(options()).toEqual(['is', 'is not', 'is empty', 'is one of…']);
    await user.selectOptions(input, 'start');
    expect(options()).toEqual(['<', '≤', '>', '≥', 'between', 'is empty']);
    // A repeating item cannot be named.
    expect(within(input).queryByRole('option', { name: 'items' })).toBeNull();
  });

  it('writes between, is empty, is one of and dates', async () => {
    const { user, group, rule } = renderBuilder();
    await user.click(within(group).getByRole('button', { name: '+ Add condition' }));
    await user.selectOptions(
      within(group).getByRole('combobox', { name: 'Input of condition 1' }),
      'income',
    );
    await user.selectOptions(
      within(group).getByRole('combobox', { name: 'Operator of condition 1' }),
      'between',
    );
    await user.type(within(group).getByRole('textbox', { name: 'Value of condition 1' }), '1');
    await user.type(
      within(group).getByRole('textbox', { name: 'Upper value of condition 1' }),
      '5',
    );
    expect(rule()).toBe('(inputs.income >= 1 && inputs.income <= 5)');

    await user.selectOptions(
      within(group).getByRole('combobox', { name: 'Operator of condition 1' }),
      'is empty',
    );
    expect(within(group).queryByRole('textbox', { name: 'Value of condition 1' })).toBeNull();
    expect(rule()).toBe("inputs.income == null || inputs.income === ''");

    await user.selectOptions(
      within(group).getByRole('combobox', { name: 'Input of condition 1' }),
      'plan',
    );
    await user.selectOptions(
      within(group).getByRole('combobox', { name: 'Operator of condition 1' }),
      'is one of…',
    );
    const values = within(group).getByRole('group', { name: 'Values of condition 1' });
    await user.click(within(values).getByRole('checkbox', { name: 'Three' }));
    await user.click(within(values).getByRole('checkbox', { name: 'Basic' }));
    expect(rule()).toBe('["basic",3].includes(inputs.plan)');

    await user.selectOptions(
      within(group).getByRole('combobox', { name: 'Operator of condition 1' }),
      'is',
    );
    await user.selectOptions(
      within(group).getByRole('combobox', { name: 'Value of condition 1' }),
      'Pro',
    );
    expect(rule()).toBe('inputs.plan === "pro"');
  });

  it('reopens an expression it wrote as rows', () => {
    const { group } = renderBuilder('inputs.coBorrower === false && inputs.income >= 1000');
    expect(within(group).getByRole('checkbox', { name: 'Write as JavaScript' })).not.toBeChecked();
    expect(within(group).getByRole('combobox', { name: 'Value of condition 1' })).toHaveValue(
      'false',
    );
    expect(within(group).getByRole('combobox', { name: 'Operator of condition 2' })).toHaveValue(
      'ge',
    );
    expect(within(group).getByRole('textbox', { name: 'Value of condition 2' })).toHaveValue(
      '1000',
    );
  });

  it('opens anything else as JavaScript, which it keeps', async () => {
    const { user, group, rule } = renderBuilder('inputs.coBorrower && inputs.income < 50000');
    const js = within(group).getByRole('checkbox', { name: 'Write as JavaScript' });
    expect(js).toBeChecked();
    expect(js).toBeDisabled();
    const field = within(group).getByRole('textbox', { name: 'JavaScript expression over inputs' });
    expect(field).toHaveValue('inputs.coBorrower && inputs.income < 50000');
    expect(field).toHaveAccessibleDescription(
      'The builder cannot show this expression, so it stays JavaScript.',
    );
    await user.clear(field);
    await user.type(field, 'inputs.income > 5');
    expect(rule()).toBe('inputs.income > 5');
    // Now the builder can show it: back to rows.
    expect(js).toBeEnabled();
    await user.click(js);
    expect(within(group).getByRole('textbox', { name: 'Value of condition 1' })).toHaveValue('5');
  });

  it('keeps a hostile text value a string', async () => {
    const { user, group, rule } = renderBuilder();
    await user.click(within(group).getByRole('button', { name: '+ Add condition' }));
    await user.selectOptions(
      within(group).getByRole('combobox', { name: 'Input of condition 1' }),
      'city',
    );
    await user.type(
      within(group).getByRole('textbox', { name: 'Value of condition 1' }),
      '"); alert(1); ("',
    );
    expect(rule()).toBe('inputs.city === "\\"); alert(1); (\\""');
  });

  it('speaks Russian', async () => {
    const { user, group } = renderBuilder('', 'ru');
    await user.click(within(group).getByRole('button', { name: '+ Добавить условие' }));
    expect(within(group).getByRole('combobox', { name: 'Поле условия 1' })).toBeInTheDocument();
    expect(
      within(group).getByRole('checkbox', { name: 'Написать на JavaScript' }),
    ).toBeInTheDocument();
  });
});
