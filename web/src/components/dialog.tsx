// The one modal dialog every feature opens: title, body, and a row of actions.
import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * A modal dialog on the native `<dialog>` (focus stays inside, Escape closes). A click
 * on the backdrop closes it too, unless `keepOnOutsideClick` (a form with typed input: a
 * stray click must not lose it).
 */
export function Dialog(props: {
  title: string;
  onClose(): void;
  children: ReactNode;
  /** The label of the button that closes the dialog, first of the actions (`.button.cancel`). */
  dismiss?: string;
  /** The other actions, after the dismiss button. */
  actions?: ReactNode;
  className?: string;
  /** Where focus goes on opening (a CSS selector inside the dialog). */
  initialFocus?: string;
  keepOnOutsideClick?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { onClose, initialFocus } = props;

  // Opened before the browser paints (and before passive effects run), so the dialog never
  // shows, or is found by a test, as closed content in the page.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    if (initialFocus) dialog.querySelector<HTMLElement>(initialFocus)?.focus();
    return () => dialog.close();
  }, [initialFocus]);

  return (
    <dialog
      ref={ref}
      className={`dialog ${props.className ?? ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onMouseDown={(event) => {
        // The dialog element itself is only hit outside its content box: the backdrop.
        if (event.target === ref.current && !props.keepOnOutsideClick) {
          const box = ref.current.getBoundingClientRect();
          const inside =
            event.clientX >= box.left &&
            event.clientX <= box.right &&
            event.clientY >= box.top &&
            event.clientY <= box.bottom;
          if (!inside) onClose();
        }
      }}
    >
      <h2 id={titleId} className="dialog-title">
        {props.title}
      </h2>
      <div className="dialog-body">{props.children}</div>
      {(props.dismiss || props.actions) && (
        <div className="dialog-actions">
          {props.dismiss && (
            <button type="button" className="button cancel" onClick={onClose}>
              {props.dismiss}
            </button>
          )}
          {props.actions}
        </div>
      )}
    </dialog>
  );
}
