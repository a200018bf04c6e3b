import { useT } from '../../lib/i18n';
import { editorMessages } from './messages';
import { errorLine } from './script/error-line';

/** The engine's error; one that names a line is a button that shows that line. */
export function ResultError(props: { message: string | null; onGoToLine(line: number): void }) {
  const t = useT(editorMessages);
  if (!props.message) return null;
  const line = errorLine(props.message);
  return (
    <div className="calc-error result-error" role="alert">
      {line === null ? (
        props.message
      ) : (
        <button type="button" className="error-line-button" onClick={() => props.onGoToLine(line)}>
          <span>{props.message}</span> <span className="go-to-line">{t('goToLine', { line })}</span>
        </button>
      )}
    </div>
  );
}
