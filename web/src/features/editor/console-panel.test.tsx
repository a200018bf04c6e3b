// The Console panel: the script's console lines with their level, collapsing, and a
// Clear that lasts until the next calculation prints.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsoleEntry } from '../../lib/types';
import { useUi } from '../../stores/ui';
import { ConsolePanel } from './console-panel';

afterEach(() => act(() => useUi.setState({ locale: 'en' })));

const printed: ConsoleEntry[] = [
  { level: 'log', text: 'total is 42' },
  { level: 'warn', text: 'rate is 0' },
  { level: 'error', text: 'TypeError: nope' },
];

const lines = (region = 'Console') =>
  within(screen.getByRole('region', { name: region }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

describe('ConsolePanel', () => {
  it('shows each line with its level, warnings and errors marked', () => {
    render(<ConsolePanel entries={printed} />);
    expect(screen.getByRole('button', { name: 'Console (3)' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(lines()).toEqual(['total is 42', 'Warningrate is 0', 'ErrorTypeError: nope']);
    const error = screen.getByText('TypeError: nope').closest('li');
    expect(error).toHaveClass('console-error');
  });

  it('says how to print when the script printed nothing', () => {
    render(<ConsolePanel entries={undefined} />);
    expect(screen.getByText(/console\.log\(\) in the script prints here/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
  });

  it('collapses and expands', async () => {
    const user = userEvent.setup();
    render(<ConsolePanel entries={printed} />);
    const toggle = screen.getByRole('button', { name: 'Console (3)' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('total is 42')).not.toBeVisible();
    await user.click(toggle);
    expect(screen.getByText('total is 42')).toBeVisible();
  });

  it('clears until the next calculation prints', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<ConsolePanel entries={printed} />);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(lines()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Console (0)' })).toBeInTheDocument();
    rerender(<ConsolePanel entries={[{ level: 'info', text: 'again' }]} />);
    expect(lines()).toEqual(['Infoagain']);
  });

  it('speaks Russian', () => {
    act(() => useUi.setState({ locale: 'ru' }));
    render(<ConsolePanel entries={[{ level: 'warn', text: 'x' }]} />);
    expect(screen.getByRole('button', { name: 'Консоль (1)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Очистить' })).toBeEnabled();
    expect(lines('Консоль')).toEqual(['Предупреждениеx']);
  });
});
