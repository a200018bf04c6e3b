import { act, render, screen } from '@testing-library/react';
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
});
