import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast, useUi } from '../stores/ui';
import { Toasts } from './toasts';

afterEach(() => {
  vi.useRealTimers();
  useUi.setState({ toasts: [] });
});

describe('Toasts', () => {
  it('announces each toast and takes it away after 3000 ms', () => {
    vi.useFakeTimers();
    render(<Toasts />);
    act(() => toast('Signed in.'));
    expect(screen.getByRole('status')).toHaveTextContent('Signed in.');
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByRole('status')).toHaveTextContent('Signed in.');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('shows a toast with a button longer, and the button runs once and closes it', async () => {
    vi.useFakeTimers();
    const run = vi.fn();
    render(<Toasts />);
    act(() => toast('Draft discarded.', { label: 'Undo', run }));
    act(() => vi.advanceTimersByTime(3000));
    const undo = screen.getByRole('button', { name: 'Undo' });
    act(() => undo.click());
    expect(run).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('takes a toast with a button away after a while too', () => {
    vi.useFakeTimers();
    render(<Toasts />);
    act(() => toast('Draft discarded.', { label: 'Undo', run: () => {} }));
    act(() => vi.advanceTimersByTime(8000));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('shows a toast with a link, which leads there and closes the toast', () => {
    render(
      <MemoryRouter initialEntries={['/user/calculators']}>
        <Routes>
          <Route path="/user/calculators" element={<p>My calculators</p>} />
          <Route path="/pricing" element={<p>Plans</p>} />
        </Routes>
        <Toasts />
      </MemoryRouter>,
    );
    act(() =>
      toast('Private calculators need a paid plan.', { label: 'Upgrade', href: '/pricing' }),
    );
    const upgrade = screen.getByRole('link', { name: 'Upgrade' });
    expect(upgrade).toHaveAttribute('href', '/pricing');
    act(() => upgrade.click());
    expect(screen.getByText('Plans')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
