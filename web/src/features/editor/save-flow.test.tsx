// The dialog a refused save opens: "Upgrade" only when the plan refused it (the server's
// `refusedBy: "plan"`); any other 400 (a bad list of allowed sites, say) shows its message
// with Close alone.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { useCalcs } from '../../stores/calcs';
import { useUi } from '../../stores/ui';
import { useSaveFlow } from './save-flow';

function SaveButton() {
  const { save, dialogs } = useSaveFlow('aaaaaaaaaaaaaaaa');
  return (
    <>
      <button type="button" onClick={() => void save()}>
        Save
      </button>
      {dialogs}
    </>
  );
}

/** Renders the Save button over a store whose save is refused with `body`. */
function refusedWith(body: { message: string; refusedBy?: string }) {
  const save = vi.fn(() => Promise.reject(new ApiError('bad_request', body.message, 400, body)));
  useCalcs.setState({ save });
  render(
    <MemoryRouter>
      <SaveButton />
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), save };
}

const original = useCalcs.getState().save;
beforeEach(() => useUi.setState({ locale: 'en' }));
afterEach(() => {
  useCalcs.setState({ save: original });
  vi.restoreAllMocks();
});

describe('a refused save', () => {
  it('offers Upgrade, focused, when the plan refused it', async () => {
    const message =
      'The free plan saves up to 5 calculators. Upgrade to Regular or Premium to save more.';
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user } = refusedWith({ message, refusedBy: 'plan' });

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent(message);
    await user.click(within(dialog).getByRole('button', { name: 'Upgrade' }));
    expect(open).toHaveBeenCalledWith('/pricing', '_blank', 'noopener');
  });

  it('shows any other 400’s message with Close alone, focused', async () => {
    const message =
      'The calculator is not valid: embedDomains: "exa mple.com" is not a site (write a host name such as example.com)';
    const { user } = refusedWith({ message });

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent(message);
    expect(within(dialog).queryByRole('button', { name: 'Upgrade' })).toBeNull();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    await user.click(close);
    expect(screen.queryByRole('dialog', { name: 'Error' })).toBeNull();
  });
});
