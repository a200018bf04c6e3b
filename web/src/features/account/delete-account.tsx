// Deleting the account: a confirmation dialog, `DELETE /api/account`, then `/` afresh.
import { useRef, useState } from 'react';
import { Dialog } from '../../components/dialog';
import { api, messageOf } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useCalcs } from '../../stores/calcs';
import { toast } from '../../stores/ui';
import { accountMessages } from './messages';
import { goHomeWithToast } from './settings';

export function DeleteAccount({ email }: { email: string }) {
  const t = useT(accountMessages);
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const close = () => {
    if (busy) return;
    setOpen(false);
    setError('');
    // Back to where the keyboard user was.
    requestAnimationFrame(() => trigger.current?.focus());
  };

  const confirm = async () => {
    setBusy(true);
    setError('');
    try {
      await api.delete('/api/account');
      // The server has nothing of this user any more: forget the local copies of it.
      useCalcs.getState().forgetStored();
      goHomeWithToast(t('accountDeleted'));
    } catch (failure) {
      const text = messageOf(failure);
      toast(text);
      setError(text);
      setBusy(false);
    }
  };

  return (
    <>
      <button ref={trigger} type="button" className="button danger" onClick={() => setOpen(true)}>
        {t('deleteAccount')}
      </button>
      {open && (
        <Dialog
          title={t('deleteDialogTitle')}
          onClose={close}
          initialFocus=".delete-cancel"
          className="delete-dialog"
          actions={
            <>
              <button type="button" className="button subtle delete-cancel" onClick={close}>
                {t('cancel')}
              </button>
              <button
                type="button"
                className="button danger-fill"
                disabled={busy}
                onClick={confirm}
              >
                {busy ? t('deleting') : t('deleteConfirm')}
              </button>
            </>
          }
        >
          <p>{t('deleteDialogText', { email })}</p>
          {error && <p className="form-error">{error}</p>}
        </Dialog>
      )}
    </>
  );
}
