// The form editors of issue 30 as an author uses them: valid-when rules with their
// messages, sections (ids from titles, members following), steps and presets.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CalcDoc, InputDef } from '../../../lib/types';
import { InputFormSettings, OutputFormSettings } from './def-form-settings';
import { INPUTS, renderWithDoc } from './doc-harness';
import { PresetsEditor } from './presets-editor';
import { SectionsEditor } from './sections-editor';
import { StepsEditor } from './steps-editor';

const age: InputDef = { id: 7, name: 'age', type: 'number' };

function renderInput(doc: CalcDoc, id: number) {
  return renderWithDoc(doc, (now, change) => {
    const input = (now.metaInputs ?? []).find((each) => each.id === id) as InputDef;
    return (
      <InputFormSettings
        input={input}
        change={(edit) =>
          change((old) => ({
            ...old,
            metaInputs: (old.metaInputs ?? []).map((each) => (each.id === id ? edit(each) : each)),
          }))
        }
      />
    );
  });
}

describe('InputFormSettings', () => {
  it('adds a valid-when rule whose message is required', async () => {
    const { user, doc } = renderInput({ metaInputs: [...INPUTS, age] }, 7);
    const group = screen.getByRole('group', { name: 'Valid when' });
    expect(within(group).getByText('No rules: any value is valid.')).toBeInTheDocument();
    await user.click(within(group).getByRole('button', { name: '+ Add valid-when rule' }));
    const message = within(group).getByRole('textbox', { name: 'Message of rule 1' });
    expect(message).toHaveAccessibleDescription(
      'Shown under the input when the rule does not hold. A message is needed: visitors see it when the rule does not hold.',
    );
    expect(message).toHaveAttribute('aria-invalid', 'true');

    const rule = within(group).getByRole('group', { name: 'Rule 1 holds when' });
    await user.click(within(rule).getByRole('button', { name: '+ Add condition' }));
    await user.selectOptions(
      within(rule).getByRole('combobox', { name: 'Input of condition 1' }),
      'age',
    );
    await user.selectOptions(
      within(rule).getByRole('combobox', { name: 'Operator of condition 1' }),
      '≥',
    );
    await user.type(within(rule).getByRole('textbox', { name: 'Value of condition 1' }), '18');
    await user.type(message, 'must be 18 or over');
    expect(message).not.toHaveAttribute('aria-invalid');
    expect(doc().metaInputs?.[6].validWhen).toEqual([
      { rule: 'inputs.age >= 18', message: 'must be 18 or over' },
    ]);

    await user.click(within(group).getByRole('button', { name: 'Delete rule 1' }));
    expect(doc().metaInputs?.[6]).toEqual(age);
  });

  it('sets the show-when rule without naming the input itself, and the section', async () => {
    const { user, doc } = renderInput(
      { metaInputs: [...INPUTS, age], sections: [{ id: 'co', title: 'Co-borrower' }] },
      2,
    );
    const show = screen.getByRole('group', { name: 'Show when' });
    await user.click(within(show).getByRole('button', { name: '+ Add condition' }));
    const input = within(show).getByRole('combobox', { name: 'Input of condition 1' });
    expect(within(input).queryByRole('option', { name: 'income' })).toBeNull();
    expect(doc().metaInputs?.[1].visibleWhen).toBe('inputs.coBorrower === true');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Section' }), 'Co-borrower');
    expect(doc().metaInputs?.[1].section).toBe('co');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Section' }), 'No section');
    expect(doc().metaInputs?.[1]).not.toHaveProperty('section');
  });

  it('has no Section select while the doc has no sections (outputs too)', () => {
    renderWithDoc(
      { metaInputs: INPUTS, metaOutputs: [{ id: 1, name: 'rate', type: 'value' }] },
      () => (
        <OutputFormSettings output={{ id: 1, name: 'rate', type: 'value' }} change={() => {}} />
      ),
    );
    expect(screen.queryByRole('combobox', { name: 'Section' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Show when' })).toBeInTheDocument();
  });
});

describe('SectionsEditor', () => {
  it('adds sections with unique ids from their titles, and moves members with the id', async () => {
    const { user, doc } = renderWithDoc(
      { metaInputs: [{ ...INPUTS[1], section: 'section-1' }] },
      (now, change) => <SectionsEditor doc={now} onDocChange={change} />,
    );
    expect(screen.getByText(/^No sections yet\./)).toBeInTheDocument();
    const add = screen.getByRole('button', { name: '+ Add section' });
    await user.click(add);
    await user.click(add);
    expect(doc().sections).toEqual([
      { id: 'section-1', title: 'Section 1' },
      { id: 'section-2', title: 'Section 2' },
    ]);
    const first = screen.getByRole('group', { name: 'Section Section 1' });
    const title = within(first).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    expect(within(first).getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription(
      'Id: section A title is needed.',
    );
    await user.type(title, 'Section 2');
    // Unique: the other section has that id already.
    expect((doc().sections as object[])[0]).toEqual({ id: 'section-2-2', title: 'Section 2' });
    expect(doc().metaInputs?.[0].section).toBe('section-2-2');

    const card = screen.getAllByRole('group', { name: 'Section Section 2' })[0];
    await user.type(within(card).getByRole('textbox', { name: 'Description' }), 'For *two*');
    await user.selectOptions(
      within(card).getByRole('combobox', { name: 'Columns on wide screens' }),
      'Two',
    );
    await user.click(within(card).getByRole('checkbox', { name: 'Collapsed at first' }));
    expect((doc().sections as object[])[0]).toEqual({
      id: 'section-2-2',
      title: 'Section 2',
      description: 'For *two*',
      columns: 2,
      collapsed: true,
    });

    await user.click(within(card).getByRole('button', { name: 'Delete section Section 2' }));
    expect(doc().sections).toEqual([{ id: 'section-2', title: 'Section 2' }]);
    expect(doc().metaInputs?.[0]).not.toHaveProperty('section');
  });
});

describe('StepsEditor', () => {
  it('adds, titles, fills, reorders and removes steps, and says where outputs show', async () => {
    const { user, doc } = renderWithDoc({ metaInputs: INPUTS.slice(0, 3) }, (now, change) => (
      <StepsEditor doc={now} onDocChange={change} />
    ));
    expect(screen.getByText('No steps: visitors see every input at once.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '+ Add step' }));
    await user.click(screen.getByRole('button', { name: '+ Add step' }));
    const one = screen.getByRole('group', { name: 'Step 1: Step 1' });
    await user.clear(within(one).getByRole('textbox', { name: 'Title' }));
    await user.type(within(one).getByRole('textbox', { name: 'Title' }), 'About you');
    await user.click(within(one).getByRole('checkbox', { name: 'coBorrower' }));
    await user.click(within(one).getByRole('checkbox', { name: 'income' }));
    const two = screen.getByRole('group', { name: 'Step 2: Step 2' });
    // An input on another step says so; ticking it here takes it from there.
    await user.click(within(two).getByRole('checkbox', { name: 'income (step 1)' }));
    expect(doc().steps).toEqual([
      { id: 'st1', title: 'About you', inputs: [1] },
      { id: 'st2', title: 'Step 2', inputs: [2] },
    ]);

    const where = screen.getByRole('combobox', { name: 'Show outputs' });
    expect(where).toHaveValue('last');
    await user.selectOptions(where, 'On every step');
    expect(doc().stepOutputs).toBe('every');

    await user.click(screen.getByRole('button', { name: 'Move step 2 up' }));
    expect((doc().steps as { id: string }[]).map((step) => step.id)).toEqual(['st2', 'st1']);
    await user.click(screen.getByRole('button', { name: 'Delete step 1' }));
    await user.click(screen.getByRole('button', { name: 'Delete step 1' }));
    expect(doc()).not.toHaveProperty('steps');
    expect(doc()).not.toHaveProperty('stepOutputs');
  });
});

describe('PresetsEditor', () => {
  const values = { '1': true, '2': 250000, '3': 'Oslo' };

  it('saves the current values under a unique name, renames and deletes', async () => {
    const { user, doc } = renderWithDoc({ metaInputs: INPUTS.slice(0, 3) }, (now, change) => (
      <PresetsEditor doc={now} values={values} onDocChange={change} />
    ));
    const save = screen.getByRole('button', { name: 'Save current values as preset' });
    await user.click(save);
    expect(
      screen.getByRole('textbox', { name: 'Name of the new preset' }),
    ).toHaveAccessibleDescription('A preset needs a name.');
    expect(doc()).not.toHaveProperty('presets');

    await user.type(
      screen.getByRole('textbox', { name: 'Name of the new preset' }),
      'Typical family',
    );
    await user.click(save);
    expect(doc().presets).toEqual([{ name: 'Typical family', values }]);
    expect(screen.getByRole('textbox', { name: 'Name of preset 1' })).toHaveAccessibleDescription(
      'Values: coBorrower = true, income = 250000, city = "Oslo"',
    );

    await user.type(
      screen.getByRole('textbox', { name: 'Name of the new preset' }),
      'Typical family',
    );
    await user.click(save);
    expect(
      screen.getByRole('textbox', { name: 'Name of the new preset' }),
    ).toHaveAccessibleDescription('Another preset is already named “Typical family”.');
    await user.clear(screen.getByRole('textbox', { name: 'Name of the new preset' }));
    await user.type(
      screen.getByRole('textbox', { name: 'Name of the new preset' }),
      'First-time buyer',
    );
    await user.click(save);
    expect((doc().presets as { name: string }[]).map((preset) => preset.name)).toEqual([
      'Typical family',
      'First-time buyer',
    ]);

    const rename = screen.getByRole('textbox', { name: 'Name of preset 2' });
    await user.clear(rename);
    expect(rename).toHaveAccessibleDescription(
      'Values: coBorrower = true, income = 250000, city = "Oslo" A preset needs a name.',
    );
    await user.type(rename, 'Buyer');
    await user.click(screen.getByRole('button', { name: 'Delete preset Typical family' }));
    expect(doc().presets).toEqual([{ name: 'Buyer', values }]);
  });
});
