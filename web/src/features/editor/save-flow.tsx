// Saving from the editor: the Save button and shortcut, and the dialogs a refused save
// opens — the server's message (with "Upgrade" when the plan refused it, spec §8: the
// answer's `refusedBy` is "plan") and a calculator changed or gone elsewhere, where the
// author picks "reload theirs", "overwrite" or "save as a copy".
import { useEffect, useEffectEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '../../components/dialog';
import { ApiError, messageOf } from '../../lib/api';
import { useT } from '../../stores/i18n';
import { useCalcs, type SavedTests } from '../../stores/calcs';
import { toast } from '../../stores/ui';
import { editorMessages } from './messages';
import { SaveConflictDialog, type SaveConflict } from './save-conflict';

export function useSaveFlow(calcId: string) {
  const t = useT(editorMessages);
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; byPlan: boolean } | null>(null);
  const [conflict, setConflict] = useState<SaveConflict | null>(null);

  /** Runs a save; a refusal opens the dialog that fits it. */
  const attempt = async (action: () => Promise<SavedTests | undefined>, after?: () => void) => {
    if (saving) return;
    setSaving(true);
    try {
      const tests = await action();
      toast(
        tests && tests.failed > 0
          ? t('savedTestsFailToast', {
              failed: tests.failed,
              total: tests.passed + tests.failed,
            })
          : t('savedToast'),
      );
      after?.();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'cancelled') {
        // The author closed the sign-in dialog: nothing to say.
      } else if (error instanceof ApiError && error.code === 'conflict') {
        const revision = error.body.revision;
        setConflict({
          kind: 'changed',
          message: error.message,
          revision: typeof revision === 'number' ? revision : undefined,
        });
      } else if (error instanceof ApiError && error.code === 'not_found') {
        setConflict({ kind: 'gone' });
      } else if (error instanceof ApiError && error.code === 'bad_request') {
        setRefusal({ message: error.message, byPlan: error.body.refusedBy === 'plan' });
      } else {
        window.alert(t('oops'));
      }
    } finally {
      setSaving(false);
    }
  };

  const save = () => attempt(() => useCalcs.getState().save(calcId));
  const overwrite = (revision: number | undefined) =>
    attempt(() => useCalcs.getState().save(calcId, revision));
  const saveAsCopy = () => {
    const copyId = useCalcs.getState().copy(calcId);
    // Refused (a full plan, say), the copy stays in the navigation as a draft.
    return attempt(
      () => useCalcs.getState().save(copyId),
      () => navigate(`/source/${copyId}`),
    );
  };
  const reloadTheirs = async () => {
    try {
      await useCalcs.getState().reload(calcId);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'cancelled')) toast(messageOf(error));
    }
  };

  const dialogs = (
    <>
      {refusal !== null && (
        <Dialog
          title={t('error')}
          onClose={() => setRefusal(null)}
          initialFocus={refusal.byPlan ? '.button.primary' : '.button.cancel'}
          dismiss={t('close')}
          actions={
            refusal.byPlan && (
              <button
                type="button"
                className="button primary"
                onClick={() => {
                  setRefusal(null);
                  window.open('/pricing', '_blank', 'noopener');
                }}
              >
                {t('upgrade')}
              </button>
            )
          }
        >
          <p>{refusal.message}</p>
        </Dialog>
      )}
      {conflict !== null && (
        <SaveConflictDialog
          conflict={conflict}
          onClose={() => setConflict(null)}
          onReload={() => {
            setConflict(null);
            void reloadTheirs();
          }}
          onOverwrite={() => {
            setConflict(null);
            if (conflict.kind === 'changed') void overwrite(conflict.revision);
          }}
          onSaveCopy={() => {
            setConflict(null);
            void saveAsCopy();
          }}
        />
      )}
    </>
  );

  return { saving, save, dialogs };
}

/** Spec §2: Ctrl or Cmd+S saves from anywhere on the page (the script editor included),
 * when there is something to save. */
export function useSaveShortcut(saved: boolean, save: () => Promise<void>) {
  const onSaveShortcut = useEffectEvent((event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's')
      return;
    event.preventDefault();
    if (!saved) void save();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onSaveShortcut(event);
    window.addEventListener('keydown', listener, true);
    return () => window.removeEventListener('keydown', listener, true);
  }, []);
}
