// The editor's toolbar: save, copy, delete, the published view, debug mode, side panels.
import { Link } from 'react-router';
import { useT } from '../../lib/i18n';
import { editorMessages } from './messages';
import { PANELS, type PanelName } from './side-panel';

export function Toolbar(props: {
  calcId: string;
  saved: boolean;
  saving: boolean;
  stored: boolean;
  debug: boolean;
  panel: PanelName | null;
  /** Prefix of the panel toggles' ids (focus returns there when a panel closes). */
  idPrefix: string;
  onSave(): void;
  onCopy(): void;
  onDelete(): void;
  onToggleDebug(): void;
  onRun(): void;
  onTogglePanel(panel: PanelName): void;
}) {
  const t = useT(editorMessages);
  return (
    <div className="editor-toolbar" role="group" aria-label={t('toolbar')}>
      <div className="toolbar-group">
        <button
          type="button"
          className="button primary"
          disabled={props.saved || props.saving}
          aria-keyshortcuts="Control+S Meta+S"
          onClick={props.onSave}
        >
          {t(props.saving ? 'saving' : props.saved ? 'saved' : 'save')}
        </button>
        <button type="button" className="button" onClick={props.onCopy}>
          {t('copy')}
        </button>
        <button type="button" className="button danger" onClick={props.onDelete}>
          {t('delete')}
        </button>
        {props.stored && (
          <Link className="button subtle" to={`/calc/${props.calcId}`}>
            {t('viewPublished')}
          </Link>
        )}
      </div>
      <div className="toolbar-group">
        <button
          type="button"
          className="button"
          aria-pressed={props.debug}
          onClick={props.onToggleDebug}
        >
          {t('debugMode')}
        </button>
        {props.debug && (
          <button type="button" className="button primary" onClick={props.onRun}>
            <span aria-hidden="true">▶</span> {t('run')}
          </button>
        )}
      </div>
      <div className="toolbar-group" role="group" aria-label={t('panels')}>
        {PANELS.map((panel) => (
          <button
            key={panel}
            id={`${props.idPrefix}-toggle-${panel}`}
            type="button"
            className="button subtle"
            aria-pressed={props.panel === panel}
            onClick={() => props.onTogglePanel(panel)}
          >
            {t(panel)}
          </button>
        ))}
      </div>
    </div>
  );
}
