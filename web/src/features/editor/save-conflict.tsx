// The dialog a refused save opens when the calculator changed (409) or went away (404)
// elsewhere — another tab or device: nothing is overwritten without the author choosing.
import { Dialog } from '../../components/dialog';
import { useT } from '../../stores/i18n';
import { editorMessages } from './messages';

/** Why the save was refused: `revision` is the server's current one (409). */
export type SaveConflict =
  { kind: 'changed'; message: string; revision: number | undefined } | { kind: 'gone' };

export function SaveConflictDialog(props: {
  conflict: SaveConflict;
  onReload(): void;
  onOverwrite(): void;
  onSaveCopy(): void;
  onClose(): void;
}) {
  const t = useT(editorMessages);
  const { conflict } = props;
  return (
    <Dialog
      title={t('conflictTitle')}
      onClose={props.onClose}
      initialFocus=".button.cancel"
      dismiss={t('cancel')}
      actions={
        <>
          {conflict.kind === 'changed' && (
            <>
              <button type="button" className="button" onClick={props.onReload}>
                {t('reloadTheirs')}
              </button>
              <button type="button" className="button danger" onClick={props.onOverwrite}>
                {t('overwrite')}
              </button>
            </>
          )}
          <button type="button" className="button primary" onClick={props.onSaveCopy}>
            {t('saveAsCopy')}
          </button>
        </>
      }
    >
      {conflict.kind === 'changed' ? (
        <>
          <p>{conflict.message}</p>
          <p>{t('conflictChoice')}</p>
        </>
      ) : (
        <p>{t('goneElsewhere')}</p>
      )}
    </Dialog>
  );
}
