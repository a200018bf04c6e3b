// "Delete" in the editor's toolbar: the confirmation, then the calculator removed (from the
// server too when saved) and the way home; a failure is said in a toast.
import { useNavigate } from 'react-router';
import { Dialog } from '../../components/dialog';
import { ApiError, messageOf } from '../../lib/api';
import { useCalcs } from '../../stores/calcs';
import { useT } from '../../stores/i18n';
import { toast } from '../../stores/ui';
import { editorMessages } from './messages';

export function DeleteDialog({
  calcId,
  name,
  onClose,
}: {
  calcId: string;
  /** The calculator's name ('' for none). */
  name: string;
  onClose(): void;
}) {
  const t = useT(editorMessages);
  const navigate = useNavigate();
  const remove = async () => {
    onClose();
    try {
      await useCalcs.getState().remove(calcId);
      navigate('/');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'cancelled') return;
      toast(messageOf(error));
    }
  };
  return (
    <Dialog
      title={t('deleteTitle')}
      onClose={onClose}
      initialFocus=".cancel"
      dismiss={t('cancel')}
      actions={
        <button type="button" className="button danger" onClick={() => void remove()}>
          {t('delete')}
        </button>
      }
    >
      <p>{t('deleteBody', { name: name || t('untitled') })}</p>
    </Dialog>
  );
}
