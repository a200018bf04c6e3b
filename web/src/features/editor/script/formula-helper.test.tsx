import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { newDoc } from '../../../lib/doc';
import type { CalcDoc } from '../../../lib/types';
import { useUi } from '../../../stores/ui';
import { FormulaHelper } from './formula-helper';

function Harness(props: { initial: CalcDoc; onDoc(doc: CalcDoc): void }) {
  const [doc, setDoc] = useState(props.initial);
  return (
    <FormulaHelper
      doc={doc}
      onDocChange={(change) => {
        const next = change(doc);
        props.onDoc(next);
        setDoc(next);
      }}
    />
  );
}

function setup(doc: Partial<CalcDoc> = {}) {
  const docs: CalcDoc[] = [];
  const initial: CalcDoc = {
    ...newDoc(),
    metaInputs: [
      { id: 1, name: 'price', type: 'number' },
      { id: 2, name: 'my qty', type: 'number' },
    ],
    metaOutputs: [
      { id: 1, name: 'total', type: 'value' },
      {
        id: 2,
        name: 'line items',
        type: 'table',
        metaOutputs: [{ id: 1, name: 'n', type: 'value' }],
      },
    ],
    ...doc,
  };
  render(<Harness initial={initial} onDoc={(next) => docs.push(next)} />);
  const last = () => docs[docs.length - 1];
  return { user: userEvent.setup(), docs, last };
}

afterEach(() => useUi.setState({ locale: 'en' }));

describe('FormulaHelper', () => {
  it('asks for an output first and leaves the doc alone', async () => {
    const { user, docs } = setup();
    await user.type(screen.getByLabelText('Formula'), '1 + 1');
    await user.click(screen.getByRole('button', { name: 'Insert formula' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/^You did not choose an output!$/);
    expect(docs).toHaveLength(0);
  });

  it('inserts the formula built from the palette into the script', async () => {
    const { user, last } = setup();
    await user.selectOptions(screen.getByLabelText('Output'), 'total');
    await user.click(screen.getByRole('button', { name: 'Math.round()' }));
    await user.click(screen.getByRole('button', { name: 'inputs.price' }));
    // The caret stays where each snippet put it.
    await user.keyboard(' * ');
    await user.click(screen.getByRole('button', { name: 'inputs["my qty"]' }));
    expect(screen.getByLabelText('Formula')).toHaveValue(
      'Math.round(inputs.price * inputs["my qty"])',
    );
    await user.click(screen.getByRole('button', { name: 'Insert formula' }));
    expect(last().script).toBe(
      '\'use strict\';\n\nreturn {\n  total: Math.round(inputs.price * inputs["my qty"]),\n};\n',
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'The formula for "total" is in the script.',
    );
    expect(screen.getByLabelText('Formula')).toHaveValue('');
  });

  it('inserts a table output under its quoted name', async () => {
    const { user, last } = setup();
    await user.selectOptions(screen.getByLabelText('Output'), 'line items');
    await user.click(screen.getByRole('button', { name: '[{ n: 0 }]' }));
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(last().script).toBe('\'use strict\';\n\nreturn {\n  "line items": [{ n: 0 }],\n};\n');
  });

  it('replaces a shorthand property and says so only once it is in', async () => {
    const { user, last } = setup({
      script: "'use strict';\n\nconst total = 1;\nreturn { total, other: 2 };\n",
    });
    await user.selectOptions(screen.getByLabelText('Output'), 'total');
    await user.type(screen.getByLabelText('Formula'), 'inputs.price * 2');
    await user.click(screen.getByRole('button', { name: 'Insert formula' }));
    expect(last().script).toBe(
      "'use strict';\n\nconst total = 1;\nreturn { total: inputs.price * 2, other: 2 };\n",
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'The formula for "total" is in the script.',
    );
  });

  it('says plainly what it could not do, and changes nothing', async () => {
    const { user, docs } = setup({
      script: "'use strict';\n\nconst result = { total: 1 };\nreturn result;\n",
    });
    await user.selectOptions(screen.getByLabelText('Output'), 'total');
    await user.type(screen.getByLabelText('Formula'), 'inputs.price * 2');
    await user.click(screen.getByRole('button', { name: 'Insert formula' }));
    expect(docs).toHaveLength(0);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Nothing was changed: the script returns a value that is not an object written out as {…}, so the helper cannot tell where "total" goes. Add "total" to what the script returns yourself.',
    );
    expect(screen.queryByText(/is in the script/)).toBeNull();
    // The formula is kept, to be copied.
    expect(screen.getByLabelText('Formula')).toHaveValue('inputs.price * 2');
  });

  it('asks for a formula when the field is empty', async () => {
    const { user, docs } = setup();
    await user.selectOptions(screen.getByLabelText('Output'), 'total');
    await user.click(screen.getByRole('button', { name: 'Insert formula' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Write a formula first.');
    expect(docs).toHaveLength(0);
  });

  it('warns while Math.js and Moment.js are off and enables them', async () => {
    const { user, last } = setup();
    expect(
      screen.getByText('Math.js is not enabled. Enable it to use math.* functions.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Moment\.js is not enabled\./)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Enable Math.js' }));
    expect(last().libraries).toEqual({ lodash: false, moment: false, mathjs: true });
    expect(screen.queryByText(/Math\.js is not enabled/)).not.toBeInTheDocument();
    expect(screen.getByText(/^Moment\.js is not enabled\./)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Enable Moment.js' }));
    expect(last().libraries).toEqual({ lodash: false, moment: true, mathjs: true });
    expect(screen.queryByText(/(Math|Moment)\.js is not enabled/)).not.toBeInTheDocument();
  });

  it('offers Excel functions and exact decimals, warning while their libraries are off', async () => {
    const { user, last } = setup();
    const excel = screen.getByRole('group', { name: 'Excel functions (formula.js)' });
    await user.click(within(excel).getByRole('button', { name: 'formulajs.PMT( / 12, , )' }));
    expect(screen.getByLabelText('Formula')).toHaveValue('formulajs.PMT( / 12, , )');
    expect(
      within(excel).getByText('formula.js is not enabled. Enable it to use formulajs.* functions.'),
    ).toBeInTheDocument();
    await user.click(within(excel).getByRole('button', { name: 'Enable formula.js' }));
    expect(last().libraries).toMatchObject({ formulajs: true });
    expect(screen.queryByText(/^formula\.js is not enabled/)).not.toBeInTheDocument();

    const decimal = screen.getByRole('group', { name: 'Exact decimals (decimal.js)' });
    expect(within(decimal).getByRole('button', { name: 'Decimal.sum()' })).toBeInTheDocument();
    await user.click(within(decimal).getByRole('button', { name: 'Enable decimal.js' }));
    expect(last().libraries).toMatchObject({ formulajs: true, decimal: true });
    expect(screen.queryByText(/^decimal\.js is not enabled/)).not.toBeInTheDocument();
  });

  it('speaks Russian', async () => {
    useUi.setState({ locale: 'ru' });
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Вставить формулу' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Вы не выбрали результат!');
  });
});
