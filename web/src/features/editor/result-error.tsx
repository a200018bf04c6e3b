import { localizeEngineMessage } from '../../lib/engine/engine-messages';
import { useT } from '../../stores/i18n';
import { useUi } from '../../stores/ui';
import { editorMessages } from './messages';
import { errorLine } from './script/error-line';

/**
 * The engine's error in the interface's language; one that names a line is a button that
 * shows that line.
 */
export function ResultError(props: { message: string | null; onGoToLine(line: number): void }) {
  const t = useT(editorMessages);
  const locale = useUi((s) => s.locale);
  if (!props.message) return null;
  const line = errorLine(props.message);
  const message = localizeEngineMessage(props.message, locale);
  return (
    <div className="calc-error result-error" role="alert">
      {line === null ? (
        message
      ) : (
        <button type="button" className="error-line-button" onClick={() => props.onGoToLine(line)}>
          <span>{message}</span> <span className="go-to-line">{t('goToLine', { line })}</span>
        </button>
      )}
    </div>
  );
}
