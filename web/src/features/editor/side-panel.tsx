// The editor's side panel (settings, formula helper, cheatsheet, schema help, history): beside the
// editor on wide screens, over it on narrow ones. Escape closes it.
import { lazy, Suspense, useEffect, useId, useRef, type ReactNode } from 'react';
import { ErrorBoundary } from '../../components/error-boundary';
import { Loading } from '../../components/loading';
import { useT } from '../../stores/i18n';
import type { CalcDoc, DocStyle, EvalResult } from '../../lib/types';
import { editorMessages } from './messages';
import type { HistoryPanelProps } from './history/history-panel';
import { SettingsPanel } from './settings-panel';
import { TestsPanel } from './tests-panel';
import type { TestRun } from './use-test-run';

const FormulaHelper = lazy(() =>
  import('./script/formula-helper').then((module) => ({ default: module.FormulaHelper })),
);
const Cheatsheet = lazy(() =>
  import('./script/cheatsheet').then((module) => ({ default: module.Cheatsheet })),
);
const SchemaHelp = lazy(() =>
  import('./script/schema-help').then((module) => ({ default: module.SchemaHelp })),
);
const HistoryPanel = lazy(() => import('./history/history-panel'));

export type PanelName =
  'settings' | 'formulaHelper' | 'cheatsheet' | 'schemaHelp' | 'tests' | 'history';
export const PANELS: readonly PanelName[] = [
  'settings',
  'formulaHelper',
  'cheatsheet',
  'schemaHelp',
  'tests',
  'history',
];

/** What the Tests panel needs from the editor. */
export interface TestsPanelContext {
  values: Record<string, unknown>;
  result: EvalResult | null;
  run: TestRun;
  onLoadValues(values: Record<string, unknown>): void;
}

/** Panels a calculator the server does not have yet cannot show. */
export const SAVED_ONLY: readonly PanelName[] = ['history'];

export function SidePanel(props: {
  panel: PanelName;
  doc: CalcDoc;
  style: DocStyle;
  onDocChange(change: (doc: CalcDoc) => CalcDoc): void;
  onStyleChange(style: DocStyle): void;
  onClose(): void;
  tests: TestsPanelContext;
  /** The History panel's calculator (a saved one) and what restoring a version does. */
  history?: Omit<HistoryPanelProps, 'doc' | 'style'>;
}) {
  const t = useT(editorMessages);
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const { panel, doc } = props;

  // Keyboard users land in the panel they opened.
  useEffect(() => {
    title.current?.focus();
  }, [panel]);

  let content: ReactNode;
  switch (panel) {
    case 'settings':
      content = (
        <SettingsPanel
          doc={doc}
          result={props.tests.result}
          values={props.tests.values}
          style={props.style}
          onDocChange={props.onDocChange}
          onStyleChange={props.onStyleChange}
        />
      );
      break;
    case 'formulaHelper':
      content = <FormulaHelper doc={doc} onDocChange={props.onDocChange} />;
      break;
    case 'cheatsheet':
      content = <Cheatsheet />;
      break;
    case 'schemaHelp':
      content = <SchemaHelp doc={doc} />;
      break;
    case 'tests':
      content = <TestsPanel doc={doc} onDocChange={props.onDocChange} {...props.tests} />;
      break;
    case 'history':
      content = props.history && <HistoryPanel {...props.history} doc={doc} style={props.style} />;
      break;
  }

  return (
    <section
      className="editor-panel"
      id="editor-panel"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) {
          event.preventDefault();
          props.onClose();
        }
      }}
    >
      <div className="panel-head">
        <h2 id={titleId} ref={title} tabIndex={-1}>
          {t(panel)}
        </h2>
        <button
          type="button"
          className="icon-button"
          aria-label={t('closePanel', { panel: t(panel) })}
          title={t('closePanel', { panel: t(panel) })}
          onClick={props.onClose}
        >
          <span aria-hidden="true">✕</span>
        </button>
      </div>
      <div className="panel-body">
        <ErrorBoundary>
          <Suspense fallback={<Loading label={t('loadingPanel')} />}>{content}</Suspense>
        </ErrorBoundary>
      </div>
    </section>
  );
}
