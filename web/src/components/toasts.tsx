// The toasts of spec §9: short messages, some with a button or a link to act on them.
import { Link } from 'react-router';
import { useUi, type ToastAction } from '../stores/ui';

/** Toasts (3000 ms each, spec §9), announced to screen readers. */
export function Toasts() {
  const toasts = useUi((s) => s.toasts);
  const dismiss = useUi((s) => s.dismissToast);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className="toast">
          <span>{toast.text}</span>
          {toast.action && (
            <ToastActionView action={toast.action} onDone={() => dismiss(toast.id)} />
          )}
        </div>
      ))}
    </div>
  );
}

function ToastActionView({ action, onDone }: { action: ToastAction; onDone(): void }) {
  if ('href' in action) {
    return (
      <Link className="toast-action" to={action.href} onClick={onDone}>
        {action.label}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className="toast-action"
      onClick={() => {
        onDone();
        action.run();
      }}
    >
      {action.label}
    </button>
  );
}
