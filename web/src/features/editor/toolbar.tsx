// The editor's toolbar: save, copy, delete, the published view, debug mode, side panels.
// One row at any width: "View published" and "Run" keep their place while absent (nothing
// moves when they appear), and where the row does not fit it folds in steps: the less-used
// buttons to icons, then Tests and History too (the Tests badge stays beside its icon), and
// on a phone everything but Save into a "More" menu. An icon's name is its tooltip and is
// read out as before.
import {
  Fragment,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { Link, useNavigate } from 'react-router';
import { Menu } from '../../components/menu';
import { useT } from '../../stores/i18n';
import { useUi } from '../../stores/ui';
import { calcFileMessages } from '../../lib/calc-file/messages';
import { editorMessages } from './messages';
import { PANELS, SAVED_ONLY, type PanelName } from './side-panel';

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
  /** Downloads the calculator as a .json file. */
  onExport(): void;
  /** Opens a calculator's .json file as a new draft. */
  onImport(): void;
  onToggleDebug(): void;
  onRun(): void;
  onTogglePanel(panel: PanelName): void;
  /** Shown after a panel's name (the Tests panel's pass/fail badge). */
  badges?: Partial<Record<PanelName, ReactNode>>;
}

/** Keeps an absent control's place: invisible, unfocusable and out of the accessibility tree. */
const reserved = (
  shown: boolean,
): { style?: CSSProperties; 'aria-hidden'?: true; tabIndex?: -1 } =>
  shown ? {} : { style: { visibility: 'hidden' }, 'aria-hidden': true, tabIndex: -1 };

/** Line icons (24 × 24, the text's colour): the actions', and each side panel's. */
const ICONS: Record<'copy' | 'delete' | 'debug' | 'published' | 'run' | PanelName, string> = {
  copy: 'M9 9h11v11H9zM5 15H4V4h11v1',
  delete: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  debug:
    'M8 9h8v7a4 4 0 0 1-8 0zM9 9a3 3 0 0 1 6 0M4 13h4M16 13h4M5 19l3-2M19 19l-3-2M5 7l3 2M19 7l-3 2',
  published: 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6',
  run: 'M7 4l13 8-13 8z',
  // Three sliders.
  settings:
    'M4 6h9M17 6h3M13 6a2 2 0 1 0 4 0a2 2 0 1 0-4 0M4 12h3M11 12h9M7 12a2 2 0 1 0 4 0a2 2 0 1 0-4 0M4 18h11M19 18h1M15 18a2 2 0 1 0 4 0a2 2 0 1 0-4 0',
  // "f(x)": a hooked f and a cross.
  formulaHelper: 'M15 4h-1a3 3 0 0 0-3 3v11a3 3 0 0 1-3 3H7M7 10h7M14 13l6 7M20 13l-6 7',
  // A page with lines.
  cheatsheet: 'M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7',
  // Braces.
  schemaHelp:
    'M9 4H8a2 2 0 0 0-2 2v4l-2 2 2 2v4a2 2 0 0 0 2 2h1M15 4h1a2 2 0 0 1 2 2v4l2 2-2 2v4a2 2 0 0 1-2 2h-1',
  // A checklist.
  tests: 'M4 6l2 2 3-3M4 14l2 2 3-3M12 7h8M12 15h8',
  // A clock turned back.
  history: 'M3 12a9 9 0 1 0 2.6-6.4L3 8M3 3v5h5M12 7v5l3 2',
};

function Icon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg className="toolbar-svg" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path d={ICONS[name]} />
    </svg>
  );
}

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
 * How much the toolbar folds: nothing; the less-used buttons to icons; Tests and History to
 * icons too; or (`COMPACT`) all but Save into a menu.
 */
type Fold = 0 | 1 | 2 | 3;
const COMPACT = 3;

/** From which fold a panel's button is an icon: Tests and History keep their names longest. */
const ICON_FROM: Record<PanelName, Fold> = {
  settings: 1,
  formulaHelper: 1,
  cheatsheet: 1,
  schemaHelp: 1,
  tests: 2,
  history: 2,
};

/**
 * How far the toolbar must fold to fit its row: measured before the browser paints, and
 * again when the row's width or the language changes.
 */
function useFold() {
  const row = useRef<HTMLDivElement>(null);
  const locale = useUi((s) => s.locale);
  // Folded for one language: another one has other widths, so it is measured afresh.
  const [folded, setFolded] = useState<{ locale: string; fold: Fold }>({ locale, fold: 0 });
  const fold = folded.locale === locale ? folded.fold : 0;
  /** The width each fold needed when it last did not fit. */
  const needed = useRef<number[]>([]);

  useLayoutEffect(() => {
    const element = row.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const check = () => {
      if (fold < COMPACT && element.scrollWidth > element.clientWidth + 1) {
        needed.current[fold] = element.scrollWidth;
        setFolded({ locale, fold: (fold + 1) as Fold });
      } else if (fold > 0 && element.clientWidth >= needed.current[fold - 1]) {
        setFolded({ locale, fold: (fold - 1) as Fold });
      }
    };
    check();
    const observer = new ResizeObserver(check);
    observer.observe(element);
    return () => observer.disconnect();
  }, [fold, locale]);

  return { row, fold };
}

export function Toolbar(props: ToolbarProps) {
  const t = useT(editorMessages);
  const tf = useT(calcFileMessages);
  const { row, fold } = useFold();
  const compact = fold === COMPACT;
  const navigate = useNavigate();
  /** The saved calculator's analytics, in a "More actions" menu. */
  const analyticsItem = (close: () => void) =>
    props.stored && item(close, t('analytics'), () => void navigate(`/analytics/${props.calcId}`));
  /** The saved calculator's submissions and webhooks, beside its analytics. */
  const submissionsItem = (close: () => void) =>
    props.stored &&
    item(close, t('submissions'), () => void navigate(`/submissions/${props.calcId}`));
  /**
   * A button's look: its text, or (folded at least to `from`) its icon, with the text as
   * its tooltip and, unseen, as its name.
   */
  const look = (icon: keyof typeof ICONS, label: string, className: string, from: Fold = 1) =>
    fold >= from
      ? {
          className: `${className} toolbar-icon`,
          title: label,
          children: (
            <>
              <Icon name={icon} />
              <span className="visually-hidden">{label}</span>
            </>
          ),
        }
      : { className, children: label };

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
      to={`/calc/${props.calcId}`}
      {...look('published', t('viewPublished'), 'button subtle')}
      {...reserved(props.stored)}
    />
  );
  const run = (
    <button
      type="button"
      onClick={props.onRun}
      {...look('run', t('run'), 'button primary')}
      {...reserved(props.debug)}
    />
  );
  /** A menu item; with `checked`, one that shows an on/off state. */
  const item = (
    close: () => void,
    label: string,
    action: () => void,
    checked?: boolean,
    badge?: ReactNode,
  ) => (
    <button
      type="button"
      role={checked === undefined ? 'menuitem' : 'menuitemcheckbox'}
      aria-checked={checked}
      onClick={() => (close(), action())}
    >
      {label}
      {badge}
    </button>
  );

  // A panel of saved calculators only keeps its place on a draft (nothing moves on a save).
  const panelShown = (panel: PanelName) => props.stored || !SAVED_ONLY.includes(panel);
  /** A panel's item in a "More actions" menu, with its badge. */
  const panelItem = (close: () => void, panel: PanelName) => (
    <Fragment key={panel}>
      {item(
        close,
        t(panel),
        () => props.onTogglePanel(panel),
        props.panel === panel,
        props.badges?.[panel],
      )}
    </Fragment>
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
          {(close) => (
            <>
              {item(close, t('copy'), props.onCopy)}
              {item(close, t('delete'), props.onDelete)}
              {item(close, tf('export'), props.onExport)}
              {item(close, tf('import'), props.onImport)}
              {analyticsItem(close)}
              {submissionsItem(close)}
              {item(close, t('debugMode'), props.onToggleDebug, props.debug)}
              {PANELS.filter(panelShown).map((panel) => panelItem(close, panel))}
            </>
          )}
        </Menu>
      </div>
    );
  }

  return (
    <div ref={row} className="editor-toolbar" role="group" aria-label={t('toolbar')}>
      <div className="toolbar-group">
        {save}
        <button type="button" onClick={props.onCopy} {...look('copy', t('copy'), 'button')} />
        <button
          type="button"
          onClick={props.onDelete}
          {...look('delete', t('delete'), 'button danger')}
        />
        {viewPublished}
        <Menu label="⋯" ariaLabel={t('moreActions')}>
          {(close) => (
            <>
              {item(close, tf('export'), props.onExport)}
              {item(close, tf('import'), props.onImport)}
              {analyticsItem(close)}
              {submissionsItem(close)}
            </>
          )}
        </Menu>
      </div>
      <div className="toolbar-group">
        <button
          type="button"
          aria-pressed={props.debug}
          onClick={props.onToggleDebug}
          {...look('debug', t('debugMode'), 'button')}
        />
        {run}
      </div>
      <div className="toolbar-group" role="group" aria-label={t('panels')}>
        {PANELS.map((panel) => {
          const { children, ...shape } = look(panel, t(panel), 'button subtle', ICON_FROM[panel]);
          return (
            <button
              key={panel}
              id={`${props.idPrefix}-toggle-${panel}`}
              type="button"
              aria-pressed={props.panel === panel}
              onClick={() => props.onTogglePanel(panel)}
              {...shape}
              {...reserved(panelShown(panel))}
            >
              {children}
              {props.badges?.[panel]}
            </button>
          );
        })}
      </div>
    </div>
  );
}
