import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { newDoc } from '../../../lib/doc';
import { SchemaHelp } from './schema-help';

describe('SchemaHelp', () => {
  it('shows names that are not identifiers quoted', () => {
    render(
      <SchemaHelp
        doc={{
          ...newDoc(),
          metaInputs: [
            { id: 1, name: 'price', type: 'number' },
            { id: 2, name: 'my value', type: 'number' },
          ],
          metaOutputs: [{ id: 1, name: 'grand total', type: 'value' }],
        }}
      />,
    );
    expect(screen.getByText(/"my value": number \| null,/)).toBeInTheDocument();
    expect(screen.getByText(/\{ price: number \| null,/)).toBeInTheDocument();
    expect(screen.getByText('inputs["my value"]')).toBeInTheDocument();
    expect(screen.getByText('inputs.price')).toBeInTheDocument();
    expect(screen.getByText(/"grand total": value,/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy the inputs object' })).toBeInTheDocument();
  });
});
