// The inputs editor on the source screen (tab 0, edit mode): adding every type, the
// settings of each, renaming, autohide, reordering and deleting (spec §3).
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InputDef } from '../../lib/types';
import {
  docNow,
  inputGroup,
  pick,
  renderEditor,
  resetCalcClient,
  seedDraft,
} from './editor-harness';

const inputs = () => docNow().metaInputs ?? [];
const input = (name: string) => inputs().find((one) => one.name === name) as InputDef;

afterEach(() => {
  resetCalcClient();
  vi.unstubAllGlobals();
});

describe('Add input', () => {
  it('offers the six types by their spec titles', async () => {
    seedDraft();
    const { user } = await renderEditor();
    await user.click(screen.getByRole('button', { name: 'Add input ▾' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Number',
      'Text',
      'Checkbox',
      'Date',
      'Radio/Dropdown',
      'Repeating item',
    ]);
  });

  it('adds each type with its definition and its default value', async () => {
    seedDraft();
    const { user, latestValues } = await renderEditor();
    expect(screen.getByText('No inputs yet. Add one to let visitors enter values.')).toBeVisible();
    for (const type of ['Number', 'Text', 'Checkbox', 'Date', 'Radio/Dropdown', 'Repeating item']) {
      await pick(user, 'Add input', type);
    }

    expect(inputs()).toEqual([
      { id: 1, name: 'a', type: 'number', autohide: false },
      { id: 2, name: 'b', type: 'string', autohide: false },
      { id: 3, name: 'c', type: 'binary', autohide: false, presentationType: 'checkbox' },
      { id: 4, name: 'd', type: 'date', autohide: false },
      {
        id: 5,
        name: 'e',
        type: 'choice',
        autohide: false,
        presentationType: 'radio',
        choices: [],
      },
      { id: 6, name: 'f', type: 'list', autohide: false, metaInputs: [], itemPrototype: {} },
    ]);
    // The calculation gets each type's default value (spec §3).
    expect(await latestValues()).toEqual({
      '1': null,
      '2': null,
      '3': false,
      '4': { type: 'relative', params: { delta: 0, units: 'days' } },
      '5': null,
      '6': [],
    });
    // And the value controls show them.
    expect(within(inputGroup('a')).getByLabelText('Current value')).toHaveValue(null);
    expect(within(inputGroup('b')).getByLabelText('Current value')).toHaveValue('');
    expect(within(inputGroup('c')).getByLabelText('Current value')).not.toBeChecked();
    expect(within(inputGroup('d')).getByRole('radio', { name: 'Relative to today' })).toBeChecked();
    expect(within(inputGroup('d')).getByRole('spinbutton', { name: 'Amount' })).toHaveValue(0);
    expect(within(inputGroup('d')).getByRole('combobox', { name: 'Units' })).toHaveValue('days');
    expect(within(inputGroup('f')).getByText('No items.')).toBeVisible();
    // Nothing differs from the defaults yet.
    expect(screen.queryByRole('button', { name: 'Set defaults to current values' })).toBeNull();
  });

  it('gives a new input the highest id plus 1 and the first unused name', async () => {
    seedDraft({
      metaInputs: [
        { id: 3, name: 'a', type: 'number' },
        { id: 7, name: 'c', type: 'number' },
      ],
    });
    const { user } = await renderEditor();
    await pick(user, 'Add input', 'Text');
    expect(inputs().at(-1)).toEqual({ id: 8, name: 'b', type: 'string', autohide: false });
    // Focus goes to the new input's name.
    await vi.waitFor(() => expect(within(inputGroup('b')).getByLabelText('Name')).toHaveFocus());
  });
});

describe('a repeating item', () => {
  const list: InputDef = {
    id: 1,
    name: 'items',
    type: 'list',
    autohide: false,
    metaInputs: [],
    itemPrototype: {},
  };

  it('adds sub-inputs of every type but a list', async () => {
    seedDraft({ metaInputs: [list] });
    const { user } = await renderEditor();
    const items = inputGroup('items');
    expect(within(items).getByText('No sub-inputs yet. Each item of the list holds these.'));
    await user.click(within(items).getByRole('button', { name: 'Add sub-input ▾' }));
    expect(
      within(items)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Number', 'Text', 'Checkbox', 'Date', 'Radio/Dropdown']);
    expect(within(items).queryByRole('menuitem', { name: 'Repeating item' })).toBeNull();

    await user.click(within(items).getByRole('menuitem', { name: 'Number' }));
    await pick(user, 'Add sub-input', 'Checkbox', inputGroup('items'));
    expect(input('items').metaInputs).toEqual([
      { id: 1, name: 'a', type: 'number', autohide: false },
      { id: 2, name: 'b', type: 'binary', autohide: false, presentationType: 'checkbox' },
    ]);
    // The list itself is unchanged otherwise, and the top level has only the list.
    expect(inputs()).toHaveLength(1);
    expect(input('items')).toMatchObject({ id: 1, type: 'list' });
  });

  it('keeps the value a new item starts with in itemPrototype, and drops it with the sub-input', async () => {
    seedDraft({
      metaInputs: [
        {
          ...list,
          metaInputs: [
            { id: 1, name: 'qty', type: 'number', autohide: false },
            { id: 2, name: 'paid', type: 'binary', autohide: false },
          ],
        },
      ],
    });
    const { user, latestValues } = await renderEditor();
    const qty = inputGroup('qty');
    expect(within(qty).queryByLabelText('Value')).toBeNull();
    await user.type(within(qty).getByLabelText('Value of a new item'), '3');
    await user.click(within(inputGroup('paid')).getByLabelText('Value of a new item'));
    expect(input('items').itemPrototype).toEqual({ '1': 3, '2': true });

    // A new item of the list is a copy of the prototype.
    await user.click(within(inputGroup('items')).getByRole('button', { name: '+ Add item' }));
    expect(await latestValues()).toEqual({ '1': [{ '1': 3, '2': true }] });

    await user.click(screen.getByRole('button', { name: 'Delete input qty' }));
    expect(input('items').metaInputs).toEqual([
      { id: 2, name: 'paid', type: 'binary', autohide: false },
    ]);
    expect(input('items').itemPrototype).toEqual({ '2': true });
  });
  it('drops a deleted sub-input’s values from the items, so a later one with its id starts afresh', async () => {
    seedDraft({
      metaInputs: [
        {
          ...list,
          metaInputs: [
            { id: 1, name: 'qty', type: 'number', autohide: false },
            { id: 2, name: 'note', type: 'string', autohide: false },
          ],
          itemPrototype: { '1': 1, '2': 'new' },
        },
      ],
      defaults: { '1': [{ '1': 2, '2': 'stored note' }] },
    });
    const { user, latestValues } = await renderEditor();
    expect(await latestValues()).toEqual({ '1': [{ '1': 2, '2': 'stored note' }] });
    // An item added here (not yet a default) holds the sub-input's value too.
    await user.click(within(inputGroup('items')).getByRole('button', { name: '+ Add item' }));
    expect(await latestValues()).toEqual({
      '1': [
        { '1': 2, '2': 'stored note' },
        { '1': 1, '2': 'new' },
      ],
    });

    await user.click(screen.getByRole('button', { name: 'Delete input note' }));
    expect(input('items').itemPrototype).toEqual({ '1': 1 });
    expect(docNow().defaults).toEqual({ '1': [{ '1': 2 }] });
    expect(await latestValues()).toEqual({ '1': [{ '1': 2 }, { '1': 1 }] });

    await pick(user, 'Add sub-input', 'Text', inputGroup('items'));
    expect(input('items').metaInputs?.at(-1)).toMatchObject({ id: 2, name: 'a', type: 'string' });
    expect(await latestValues()).toEqual({ '1': [{ '1': 2 }, { '1': 1 }] });
    const item1 = within(inputGroup('items')).getByRole('group', { name: 'Item 1' });
    expect(within(item1).getByLabelText('a')).toHaveValue('');
  });
});

describe('a number input', () => {
  it('as a slider shows Minimum and Maximum, 0 and 100 at first, and writes them', async () => {
    seedDraft({ metaInputs: [{ id: 1, name: 'a', type: 'number', autohide: false }] });
    const { user } = await renderEditor();
    const a = inputGroup('a');
    // A field's own minimum (the `min` rule), empty: not the slider's.
    expect(within(a).getByLabelText('Minimum')).toHaveValue('');
    expect(within(a).getByLabelText('Presentation')).toHaveValue('field');

    await user.selectOptions(within(a).getByLabelText('Presentation'), 'Slider');
    expect(input('a')).toMatchObject({ presentationType: 'slider', sliderMin: 0, sliderMax: 100 });
    const min = within(a).getByLabelText('Minimum');
    const max = within(a).getByLabelText('Maximum');
    expect(min).toHaveValue('0');
    expect(max).toHaveValue('100');
    expect(within(a).getByLabelText('Step')).toHaveValue('');
    const slider = within(a).getByRole('slider');
    expect(slider).toHaveAttribute('min', '0');
    expect(slider).toHaveAttribute('max', '100');

    await user.clear(max);
    await user.type(max, '50');
    await user.clear(min);
    await user.type(min, '-10');
    await user.type(within(a).getByLabelText('Step'), '0.5');
    expect(input('a')).toMatchObject({ sliderMin: -10, sliderMax: 50, sliderStep: 0.5 });
    expect(slider).toHaveAttribute('min', '-10');
    expect(slider).toHaveAttribute('max', '50');
    expect(slider).toHaveAttribute('step', '0.5');
    expect(within(a).queryByRole('alert')).toBeNull();
    // Crossed bounds are pointed out (the server refuses to save them).
    await user.clear(min);
    await user.type(min, '60');
    expect(within(a).getByRole('alert')).toHaveTextContent('The minimum is above the maximum');
    await user.clear(min);
    await user.type(min, '-10');
    expect(within(a).queryByRole('alert')).toBeNull();

    // Text that is not a number stays in the field but not in the definition.
    await user.type(max, 'x');
    expect(max).toHaveValue('50x');
    expect(input('a').sliderMax).toBe(50);
    // An emptied bound is left out (the slider falls back to the default).
    await user.clear(min);
    expect(input('a')).not.toHaveProperty('sliderMin');
    expect(slider).toHaveAttribute('min', '0');

    await user.selectOptions(within(a).getByLabelText('Presentation'), 'Field');
    expect(input('a')).not.toHaveProperty('presentationType');
    expect(within(a).getByLabelText('Minimum')).toHaveValue('');
    expect(within(a).queryByRole('slider')).toBeNull();
  });

  it('as a field sets its units, placeholder, help, required, minimum, maximum and step', async () => {
    seedDraft({ metaInputs: [{ id: 1, name: 'a', type: 'number', autohide: false }] });
    const { user } = await renderEditor();
    const a = inputGroup('a');
    await user.type(within(a).getByLabelText('Before the value'), '$');
    await user.type(within(a).getByLabelText('After the value'), 'kg');
    await user.type(within(a).getByLabelText('Placeholder'), 'e.g. 75');
    await user.type(within(a).getByLabelText('Help text'), 'Without shoes');
    await user.click(within(a).getByRole('checkbox', { name: 'Required' }));
    await user.type(within(a).getByLabelText('Minimum'), '10');
    await user.type(within(a).getByLabelText('Maximum'), '5');
    expect(within(a).getByRole('alert')).toHaveTextContent('The minimum is above the maximum');
    await user.type(within(a).getByLabelText('Maximum'), '00');
    await user.type(within(a).getByLabelText('Step'), '0.5');
    expect(within(a).queryByRole('alert')).toBeNull();
    expect(input('a')).toEqual({
      id: 1,
      name: 'a',
      type: 'number',
      autohide: false,
      prefix: '$',
      suffix: 'kg',
      placeholder: 'e.g. 75',
      help: 'Without shoes',
      required: true,
      min: 10,
      max: 500,
      step: 0.5,
    });
    // The value field shows them at once.
    const value = within(a).getByLabelText('Current value');
    expect(value).toHaveAttribute('placeholder', 'e.g. 75');
    expect(value).toHaveAttribute('max', '500');

    // Cleared settings leave the definition as an old doc had it.
    for (const label of ['Before the value', 'After the value', 'Placeholder', 'Help text']) {
      await user.clear(within(a).getByLabelText(label));
    }
    for (const label of ['Minimum', 'Maximum', 'Step']) {
      await user.clear(within(a).getByLabelText(label));
    }
    await user.click(within(a).getByRole('checkbox', { name: 'Required' }));
    expect(input('a')).toEqual({ id: 1, name: 'a', type: 'number', autohide: false });
  });

  it('offers only what fits each type', async () => {
    seedDraft({
      metaInputs: [
        { id: 1, name: 's', type: 'number', presentationType: 'slider' },
        { id: 2, name: 'b', type: 'binary' },
        { id: 3, name: 'c', type: 'choice', choices: [] },
      ],
    });
    await renderEditor();
    // A slider always has a value within its bounds: no placeholder, rules or "required".
    const slider = inputGroup('s');
    expect(within(slider).getByLabelText('After the value')).toBeVisible();
    expect(within(slider).queryByLabelText('Placeholder')).toBeNull();
    expect(within(slider).queryByRole('checkbox', { name: 'Required' })).toBeNull();
    expect(within(inputGroup('b')).queryByRole('checkbox', { name: 'Required' })).toBeNull();
    expect(within(inputGroup('b')).getByLabelText('Help text')).toBeVisible();
    const choice = inputGroup('c');
    expect(within(choice).getByRole('checkbox', { name: 'Required' })).toBeVisible();
    expect(within(choice).queryByLabelText('After the value')).toBeNull();
  });

  it('keeps bounds it already has when switched to a slider', async () => {
    seedDraft({
      metaInputs: [{ id: 1, name: 'a', type: 'number', sliderMin: 5, sliderMax: 9 }],
    });
    const { user } = await renderEditor();
    await user.selectOptions(within(inputGroup('a')).getByLabelText('Presentation'), 'slider');
    expect(input('a')).toMatchObject({ presentationType: 'slider', sliderMin: 5, sliderMax: 9 });
  });
});

describe('a checkbox input', () => {
  it('can be shown as a switch', async () => {
    seedDraft({
      metaInputs: [
        { id: 1, name: 'a', type: 'binary', autohide: false, presentationType: 'checkbox' },
      ],
    });
    const { user, latestValues } = await renderEditor();
    await user.selectOptions(within(inputGroup('a')).getByLabelText('Presentation'), 'Switch');
    expect(input('a').presentationType).toBe('switch');
    const toggle = within(inputGroup('a')).getByRole('switch');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(await latestValues()).toEqual({ '1': true });
  });
});

describe('a radio/dropdown input', () => {
  const choiceInput: InputDef = {
    id: 1,
    name: 'size',
    type: 'choice',
    autohide: false,
    presentationType: 'radio',
    choices: [],
  };

  it('adds, edits, reorders and deletes choices', async () => {
    seedDraft({ metaInputs: [choiceInput] });
    const { user } = await renderEditor();
    const size = inputGroup('size');
    expect(within(size).getByText('No choices yet.')).toBeVisible();

    await user.click(within(size).getByRole('button', { name: '+ Add choice' }));
    await user.click(within(size).getByRole('button', { name: '+ Add choice' }));
    expect(input('size').choices).toEqual([
      { id: 1, label: 'Option 1', value: 1 },
      { id: 2, label: 'Option 2', value: 2 },
    ]);
    expect(within(size).getByLabelText('Label of choice 2')).toHaveValue('Option 2');
    expect(within(size).getByLabelText('Value of choice 2')).toHaveValue('2');

    const label1 = within(size).getByLabelText('Label of choice 1');
    await user.clear(label1);
    await user.type(label1, 'Small');
    // A value that reads as a number is stored as a number; other text as text.
    const value1 = within(size).getByLabelText('Value of choice 1');
    await user.clear(value1);
    await user.type(value1, '2.5');
    const value2 = within(size).getByLabelText('Value of choice 2');
    await user.clear(value2);
    await user.type(value2, 'big');
    expect(input('size').choices).toEqual([
      { id: 1, label: 'Small', value: 2.5 },
      { id: 2, label: 'Option 2', value: 'big' },
    ]);
    expect(value1).toHaveValue('2.5');

    expect(within(size).getByRole('button', { name: 'Move choice 1 up' })).toBeDisabled();
    expect(within(size).getByRole('button', { name: 'Move choice 2 down' })).toBeDisabled();
    await user.click(within(size).getByRole('button', { name: 'Move choice 1 down' }));
    expect(input('size').choices?.map((choice) => choice.label)).toEqual(['Option 2', 'Small']);
    expect(within(size).getByLabelText('Label of choice 1')).toHaveValue('Option 2');
    await user.click(within(size).getByRole('button', { name: 'Move choice 2 up' }));
    expect(input('size').choices?.map((choice) => choice.label)).toEqual(['Small', 'Option 2']);

    await user.click(within(size).getByRole('button', { name: 'Delete choice 1' }));
    expect(input('size').choices).toEqual([{ id: 2, label: 'Option 2', value: 'big' }]);
    // The next new choice takes the highest id plus 1.
    await user.click(within(size).getByRole('button', { name: '+ Add choice' }));
    expect(input('size').choices?.at(-1)).toEqual({ id: 3, label: 'Option 3', value: 3 });
  });

  it('offers the choices as radio buttons or a dropdown; the value is the choice value', async () => {
    seedDraft({
      metaInputs: [
        {
          ...choiceInput,
          choices: [
            { id: 1, label: 'Small', value: 1 },
            { id: 2, label: 'Large', value: 'L' },
          ],
        },
      ],
    });
    const { user, latestValues } = await renderEditor();
    const size = inputGroup('size');
    await user.click(within(size).getByRole('radio', { name: 'Large' }));
    expect(await latestValues()).toEqual({ '1': 'L' });

    await user.selectOptions(within(size).getByLabelText('Presentation'), 'Dropdown');
    expect(input('size').presentationType).toBe('dropdown');
    const dropdown = within(size).getByLabelText('Current value');
    expect(dropdown.tagName).toBe('SELECT');
    await user.selectOptions(dropdown, 'Small');
    expect(await latestValues()).toEqual({ '1': 1 });
  });
});

describe('any input', () => {
  const two: InputDef[] = [
    { id: 1, name: 'a', type: 'number', autohide: false },
    { id: 2, name: 'b', type: 'string', autohide: false },
  ];

  it('is renamed through its Name field', async () => {
    seedDraft({ metaInputs: two });
    const { user } = await renderEditor();
    const name = within(inputGroup('a')).getByLabelText('Name');
    await user.clear(name);
    expect(screen.getByText('A name is needed for the script to use it.')).toBeVisible();
    await user.type(name, 'price');
    expect(inputs().map((one) => one.name)).toEqual(['price', 'b']);
    expect(inputGroup('price')).toBeVisible();
    expect(screen.queryByText('A name is needed for the script to use it.')).toBeNull();
  });

  it('flags a name used twice', async () => {
    seedDraft({ metaInputs: two });
    const { user } = await renderEditor();
    const name = within(inputGroup('b')).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'a');
    const message = 'Another input here is also named “a”.';
    expect(screen.getAllByText(message)).toHaveLength(2);
    for (const index of [0, 1]) {
      const field = within(inputGroup('a', index)).getByLabelText('Name');
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(message);
    }
    await user.type(name, '2');
    expect(screen.queryByText(message)).toBeNull();
    expect(within(inputGroup('a')).getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
  });

  it('toggles autohide', async () => {
    seedDraft({ metaInputs: two });
    const { user } = await renderEditor();
    const autohide = within(inputGroup('b')).getByRole('checkbox', { name: 'Autohide' });
    expect(autohide).not.toBeChecked();
    await user.click(autohide);
    expect(input('b').autohide).toBe(true);
    expect(input('a').autohide).toBe(false);
    expect(autohide).toBeChecked();
    await user.click(autohide);
    expect(input('b').autohide).toBe(false);
  });

  it('moves up and down', async () => {
    seedDraft({
      metaInputs: [...two, { id: 3, name: 'c', type: 'date', autohide: false }],
    });
    const { user } = await renderEditor();
    expect(screen.getByRole('button', { name: 'Move input a up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move input c down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move input b up' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Move input a down' }));
    expect(inputs().map((one) => one.name)).toEqual(['b', 'a', 'c']);
    await user.click(screen.getByRole('button', { name: 'Move input c up' }));
    expect(inputs().map((one) => one.name)).toEqual(['b', 'c', 'a']);
    await user.click(screen.getByRole('button', { name: 'Move input b down' }));
    expect(inputs().map((one) => one.name)).toEqual(['c', 'b', 'a']);
    // The screen follows the new order.
    expect(
      screen
        .getAllByRole('group', { name: /^Input / })
        .map((one) => one.getAttribute('aria-label')),
    ).toEqual(['Input c', 'Input b', 'Input a']);
    expect(screen.getByRole('button', { name: 'Move input c up' })).toBeDisabled();
  });

  it('is deleted with its stored default', async () => {
    seedDraft({ metaInputs: two, defaults: { '1': 5, '2': 'hello' } });
    const { user, latestValues } = await renderEditor();
    expect(await latestValues()).toEqual({ '1': 5, '2': 'hello' });
    await user.click(screen.getByRole('button', { name: 'Delete input b' }));
    expect(inputs()).toEqual([two[0]]);
    expect(docNow().defaults).toEqual({ '1': 5 });
    expect(screen.queryByRole('group', { name: 'Input b' })).toBeNull();
    expect(await latestValues()).toEqual({ '1': 5 });

    // A new input that gets the freed id starts from its type's default, not the old one.
    await pick(user, 'Add input', 'Checkbox');
    expect(inputs().at(-1)).toMatchObject({ id: 2, name: 'b', type: 'binary' });
    expect(await latestValues()).toEqual({ '1': 5, '2': false });

    await user.click(screen.getByRole('button', { name: 'Delete input a' }));
    await user.click(screen.getByRole('button', { name: 'Delete input b' }));
    expect(inputs()).toEqual([]);
    expect(docNow().defaults).toEqual({});
    expect(screen.getByText('No inputs yet. Add one to let visitors enter values.')).toBeVisible();
  });
});
