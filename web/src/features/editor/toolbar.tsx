// The editor's toolbar: save, copy, delete, the published view, debug mode, side panels.
// One row at any width: "View published" and "Run" keep their place while absent (nothing
// moves when they appear), and where the row does not fit it turns compact — icons, and a
// "More" menu for the rest.
import { Fragment, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { Menu } from '../../components/menu';
import { useT } from '../../lib/i18n';
import { useUi } from '../../stores/ui';
import { editorMessages } from './messages';
import { PANELS, type PanelName } from './side-panel';

interface ToolbarProps {
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
}

/** Keeps an absent control's place: invisible, unfocusable and out of the accessibility tree. */
const reserved = (
  shown: boolean,
): { style?: CSSProperties; 'aria-hidden'?: true; tabIndex?: -1 } =>
  shown ? {} : { style: { visibility: 'hidden' }, 'aria-hidden': true, tabIndex: -1 };

/** `shown`, in the room the widest of `labels` needs (a label change moves nothing). */
function StableLabel({ labels, shown }: { labels: string[]; shown: string }) {
  return (
    <span className="stable-label">
      {labels.map((label) =>
        label === shown ? (
          <span key={label}>{label}</span>
        ) : (
          <span key={label} className="stable-label-other" aria-hidden="true">
            {label}
          </span>
        ),
      )}
    </span>
  );
}

/**
 * Whether the full toolbar overflows its row; measured before the browser paints, and
 * again when the row's width or the language changes.
 */
function useCompact() {
  const row = useRef<HTMLDivElement>(null);
  const locale = useUi((s) => s.locale);
  // Compact for one language: another one has other widths, so it is measured afresh.
  const [compactFor, setCompactFor] = useState<string | null>(null);
  const compact = compactFor === locale;
  /** The width the full toolbar needed when it last did not fit. */
  const needed = useRef(0);

  useLayoutEffect(() => {
    const element = row.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const check = () => {
      if (!compact && element.scrollWidth > element.clientWidth + 1) {
        needed.current = element.scrollWidth;
        setCompactFor(locale);
      } else if (compact && element.clientWidth >= needed.current) {
        setCompactFor(null);
      }
    };
    check();
    const observer = new ResizeObserver(check);
    observer.observe(element);
    return () => observer.disconnect();
  }, [compact, locale]);

  return { row, compact };
}

export function Toolbar(props: ToolbarProps) {
  const t = useT(editorMessages);
  const { row, compact } = useCompact();

  const save = (
    <button
      type="button"
      className="button primary"
      disabled={props.saved || props.saving}
      aria-keyshortcuts="Control+S Meta+S"
      onClick={props.onSave}
    >
      <StableLabel
        labels={[t('save'), t('saving'), t('saved')]}
        shown={t(props.saving ? 'saving' : props.saved ? 'saved' : 'save')}
      />
    </button>
  );
  const viewPublished = (
    <Link
      className={`button subtle ${compact ? 'toolbar-icon' : ''}`}
      to={`/calc/${props.calcId}`}
      aria-label={compact ? t('viewPublished') : undefined}
      title={compact ? t('viewPublished') : undefined}
      {...reserved(props.stored)}
    >
      {compact ? <span aria-hidden="true">↗</span> : t('viewPublished')}
    </Link>
  );
  const run = (
    <button
      type="button"
      className={`button primary ${compact ? 'toolbar-icon' : ''}`}
      aria-label={compact ? t('run') : undefined}
      title={compact ? t('run') : undefined}
      onClick={props.onRun}
      {...reserved(props.debug)}
    >
      <span aria-hidden="true">▶</span>
      {!compact && ` ${t('run')}`}
    </button>
  );

  if (compact) {
    return (
      <div ref={row} className="editor-toolbar compact" role="group" aria-label={t('toolbar')}>
        <div className="toolbar-group">
          {save}
          {viewPublished}
          {run}
        </div>
        <Menu label="⋯" ariaLabel={t('moreActions')}>
          {(close) => {
            const item = (label: string, action: () => void, checked?: boolean) => (
              <button
                type="button"
                role={checked === undefined ? 'menuitem' : 'menuitemcheckbox'}
                aria-checked={checked}
                onClick={() => (close(), action())}
              >
                {label}
              </button>
            );
            return (
              <>
                {item(t('copy'), props.onCopy)}
                {item(t('delete'), props.onDelete)}
                {item(t('debugMode'), props.onToggleDebug, props.debug)}
                {PANELS.map((panel) => (
                  <Fragment key={panel}>
                    {item(t(panel), () => props.onTogglePanel(panel), props.panel === panel)}
                  </Fragment>
                ))}
              </>
            );
          }}
        </Menu>
      </div>
    );
  }

  return (
    <div ref={row} className="editor-toolbar" role="group" aria-label={t('toolbar')}>
      <div className="toolbar-group">
        {save}
        <button type="button" className="button" onClick={props.onCopy}>
          {t('copy')}
        </button>
        <button type="button" className="button danger" onClick={props.onDelete}>
          {t('delete')}
        </button>
        {viewPublished}
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
        {run}
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
