// A dialog that confirms one change to the subscription or the cards: Cancel, or the action,
// which runs `run`; on success the page reloads and then shows `done` (spec §4), on failure
// the server's message stays in the dialog (a refused delete, a declined switch).
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Dialog } from '../../components/dialog';
import { messageOf } from '../../lib/api';
import { useT } from '../../stores/i18n';
import { toast } from '../../stores/ui';
import { reloadWithToast } from '../../components/account/settings';
import { billingMessages } from './messages';

export function ActionDialog(props: {
  title: string;
  onClose(): void;
  /** The action button's label. */
  action: string;
  /** Cancel's label ("Cancel" by default). */
  cancel?: string;
  danger?: boolean;
  /** The action cannot run yet (what it costs is still being worked out). */
  disabled?: boolean;
  run(): Promise<unknown>;
  /** The toast after the reload. */
  done: string;
  initialFocus?: string;
  children: ReactNode;
}) {
  const t = useT(billingMessages);
  const formId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const { run, done } = props;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      await run();
      reloadWithToast(done);
    } catch (failure) {
      setError(messageOf(failure));
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={props.title}
      onClose={props.onClose}
      initialFocus={props.initialFocus ?? '.button'}
      dismiss={props.cancel ?? t('cancel')}
      actions={
        <button
          type="submit"
          form={formId}
          className={`button ${props.danger ? 'danger-fill' : 'primary'}`}
          disabled={busy || props.disabled}
        >
          {props.action}
        </button>
      }
    >
      <form id={formId} onSubmit={submit}>
        {props.children}
      </form>
      <p className="form-error" role="alert">
        {error}
      </p>
    </Dialog>
  );
}

/**
 * A change made by one button (undo a cancellation, make a card the default): `busy`
 * meanwhile; then the page reloads showing `done`, or the failure is a toast.
 */
export function useChange(): [boolean, (run: () => Promise<unknown>, done: string) => void] {
  const [busy, setBusy] = useState(false);
  const change = (run: () => Promise<unknown>, done: string) => {
    setBusy(true);
    run().then(
      () => reloadWithToast(done),
      (error: unknown) => {
        toast(messageOf(error));
        setBusy(false);
      },
    );
  };
  return [busy, change];
}
