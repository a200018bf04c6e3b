import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useWindowBlur } from './use-window-blur';

/** What the arrow keys move between. */
const ITEMS = '[role=menuitem], [role=menuitemcheckbox]';

/** A button with a drop-down menu; closes on Escape, an outside click or a window blur. */
export function Menu(props: {
  label: string;
  ariaLabel?: string;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useWindowBlur(close, open);

  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLElement>(ITEMS)?.focus();
    const onClick = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onClick);
    return () => document.removeEventListener('mousedown', onClick);
  }, [open]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      setOpen(false);
      root.current?.querySelector<HTMLElement>('button')?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const items = [...(root.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = event.key === 'ArrowDown' ? at + 1 : at - 1;
    items[(next + items.length) % items.length]?.focus();
  };

  return (
    <div className="menu" ref={root} onKeyDown={onKeyDown}>
      <button
        type="button"
        className="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={id}
        aria-label={props.ariaLabel}
        onClick={() => setOpen(!open)}
      >
        {props.label} ▾
      </button>
      {open && (
        <div className="menu-items" role="menu" id={id}>
          {props.children(close)}
        </div>
      )}
    </div>
  );
}
