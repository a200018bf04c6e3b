import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Menu } from './menu';

function showMenu() {
  const chosen = vi.fn();
  render(
    <div>
      <button type="button">Elsewhere</button>
      <Menu label="More">
        {(close) =>
          ['Copy', 'Delete'].map((name) => (
            <button
              key={name}
              type="button"
              role="menuitem"
              onClick={() => {
                chosen(name);
                close();
              }}
            >
              {name}
            </button>
          ))
        }
      </Menu>
    </div>,
  );
  return { chosen, user: userEvent.setup(), button: screen.getByRole('button', { name: /More/ }) };
}

describe('Menu', () => {
  it('opens on click with the first item focused; arrows move between items', async () => {
    const { user, button } = showMenu();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: 'Copy' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Copy' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
  });

  it('runs an item and closes', async () => {
    const { user, button, chosen } = showMenu();
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(chosen).toHaveBeenCalledWith('Delete');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes on Escape and gives focus back to its button', async () => {
    const { user, button } = showMenu();
    await user.click(button);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('closes on a click outside it', async () => {
    const { user, button } = showMenu();
    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes when the window loses focus', async () => {
    const { user, button } = showMenu();
    await user.click(button);
    act(() => {
      fireEvent.blur(window);
    });
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
