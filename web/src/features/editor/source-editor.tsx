// The source editor (spec §2): toolbar, tab 0 (inputs and outputs, in edit or calc mode),
// tab 1 (the script) and the side panels. The doc lives in the calcs store; the input
// values being tried are tried-values.ts's.
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CalculatorView } from '../../components/calculator/calculator-view';
import { useCalculation } from '../../components/calculator/use-calculation';
import { useCalcImport } from '../../components/calc-file/use-import';
import { downloadCalc } from '../../lib/calc-file/calc-file';
import { initialValues } from '../../lib/doc';
import type { CalcDoc, DocStyle } from '../../lib/types';
import { useCalcs, type OpenCalc } from '../../stores/calcs';
import { useT } from '../../stores/i18n';
import { isNewDraftState } from '../../stores/new-calculator';
import { toast } from '../../stores/ui';
import { DeleteDialog } from './delete-dialog';
import { EditColumns } from './edit-columns';
import { EditorTabPanel, EditorTabs, type TabIndex } from './editor-tabs';
import { versionNoticeMessages } from './history/notice-messages';
import { sameJson } from './list-ops';
import { editorMessages } from './messages';
import { useSaveFlow, useSaveShortcut } from './save-flow';
import { ScriptTab, type GoTo } from './script-tab';
import { SidePanel, type PanelName } from './side-panel';
import { Toolbar } from './toolbar';
import { TestsBadge, currentCounts } from './tests-panel';
import { useTestRun } from './use-test-run';
import { useTriedValues, type Values } from './tried-values';

// The What if… panel (issue 33), under the calculator in calc mode; loaded when first shown.
const WhatIf = lazy(() => import('../../partials/what_if'));

export function SourceEditor({ calc }: { calc: OpenCalc }) {
  const t = useT(editorMessages);
  const th = useT(versionNoticeMessages);
  const navigate = useNavigate();
  const calcImport = useCalcImport();
  const calcId = calc._id;
  const doc = calc.doc;
  const base = useId();

  const { setValues, current, differsFromDefaults } = useTriedValues(calc);
  const [tab, setTab] = useState<TabIndex>(0);
  const [scriptOpened, setScriptOpened] = useState(false);
  const [mode, setMode] = useState<'edit' | 'calc'>('edit');
  const [panel, setPanel] = useState<PanelName | null>(null);
  const [goTo, setGoTo] = useState<GoTo | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Debug mode (spec §4): the calculation sees a frozen doc and values, refreshed by Run.
  const [frozen, setFrozen] = useState<{ doc: CalcDoc; values: Values } | null>(null);
  const [runToken, setRunToken] = useState(0);

  const debug = frozen !== null;
  // In debug mode the outputs are stale from the first change until Run.
  const stale = frozen !== null && (frozen.doc !== doc || !sameJson(frozen.values, current));
  const calculation = useCalculation(frozen?.doc ?? doc, frozen?.values ?? current, {
    runToken,
  });
  const { result, pending } = calculation;
  // The last calculation as each view of it shows it.
  const shown = { result, pending, stale };
  const testRun = useTestRun(frozen?.doc ?? doc, result);
  const name = String(doc.name ?? '').trim();

  // "+ New calculator" (again on this draft, too): focus goes to the first thing to do in
  // an empty calculator, adding an input.
  const location = useLocation();
  const newDraft = isNewDraftState(location.state);
  const inputsColumn = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!newDraft) return;
    inputsColumn.current?.querySelector<HTMLElement>(':scope > .defs > .add-menu button')?.focus();
  }, [newDraft, location.key]);

  useEffect(() => {
    document.title = t('pageTitle', { name: name || t('untitled') });
  }, [name, t]);

  const updateDoc = (change: (doc: CalcDoc) => CalcDoc) =>
    useCalcs.getState().updateDoc(calcId, change);
  const updateStyle = (style: DocStyle) => useCalcs.getState().updateStyle(calcId, style);

  const { saving, save, dialogs: saveDialogs } = useSaveFlow(calcId);

  useSaveShortcut(calc.saved, save);

  const copy = () => {
    const newId = useCalcs.getState().copy(calcId);
    navigate(`/source/${newId}`);
  };

  /** A version from the History panel, into the editor as an unsaved change. */
  const restoreVersion = (restored: CalcDoc, style: DocStyle, number: number) => {
    updateDoc(() => structuredClone(restored));
    updateStyle(structuredClone(style));
    setValues(initialValues(restored));
    toast(th('restored', { n: number }));
  };

  const toggleDebug = () => {
    if (debug) setFrozen(null);
    else setFrozen({ doc, values: current });
  };
  const run = () => {
    setFrozen({ doc, values: current });
    setRunToken((n) => n + 1);
  };

  const selectTab = (next: TabIndex) => {
    setTab(next);
    if (next === 1) setScriptOpened(true);
  };
  const goToLine = (line: number) => {
    selectTab(1);
    setGoTo({ line, nonce: Date.now() });
  };

  const closePanel = () => {
    const button = panel ? document.getElementById(`${base}-toggle-${panel}`) : null;
    setPanel(null);
    button?.focus();
  };

  const setDefaults = () => {
    const snapshot = structuredClone(current);
    updateDoc((old) => ({ ...old, defaults: snapshot }));
    toast(t('defaultsSet'));
    document.getElementById(`${base}-panel-0`)?.focus();
  };
  const resetToDefaults = () => {
    setValues(initialValues(doc));
    document.getElementById(`${base}-panel-0`)?.focus();
  };

  return (
    <div className={`page source-editor ${panel ? 'with-panel' : ''}`}>
      {calcImport.elements}
      <div className="head-row editor-header">
        <div className="editor-title">
          <h1>{name || t('untitled')}</h1>
          <span className={`save-state ${calc.saved ? '' : 'unsaved'}`}>
            {t(calc.saved ? 'allSaved' : 'unsavedChanges')}
          </span>
        </div>
        <Toolbar
          calcId={calcId}
          saved={calc.saved}
          saving={saving}
          stored={calc.stored}
          debug={debug}
          panel={panel}
          idPrefix={base}
          onSave={() => void save()}
          onCopy={copy}
          onDelete={() => setConfirmDelete(true)}
          onExport={() => downloadCalc(calc)}
          onImport={calcImport.pick}
          onToggleDebug={toggleDebug}
          onRun={run}
          onTogglePanel={(next) => setPanel(panel === next ? null : next)}
          badges={{ tests: <TestsBadge report={currentCounts(frozen?.doc ?? doc, testRun)} /> }}
        />
      </div>
      {calc.stored &&
        calc.publishedVersion !== undefined &&
        calc.version !== undefined &&
        calc.publishedVersion !== calc.version && (
          <p className="notice debug-notice held-notice" role="status">
            {th('heldNotice', { n: calc.publishedVersion })}
          </p>
        )}
      {debug && (
        <p className="notice debug-notice" role="status">
          {t(stale ? 'debugStale' : 'debugNotice')}
        </p>
      )}

      <div className="editor-body">
        <div className="editor-main">
          <EditorTabs base={base} tab={tab} onSelect={selectTab} />

          <EditorTabPanel base={base} index={0} tab={tab}>
            <div className="tab-bar">
              <div className="segmented-buttons" role="group" aria-label={t('mode')}>
                {(['edit', 'calc'] as const).map((each) => (
                  <button
                    key={each}
                    type="button"
                    className="button"
                    aria-pressed={mode === each}
                    onClick={() => setMode(each)}
                  >
                    {t(each === 'edit' ? 'editMode' : 'calcMode')}
                  </button>
                ))}
              </div>
              {differsFromDefaults && (
                <div className="defaults-actions">
                  <button type="button" className="button" onClick={setDefaults}>
                    {t('setDefaults')}
                  </button>
                  <button type="button" className="button subtle" onClick={resetToDefaults}>
                    {t('resetToDefaults')}
                  </button>
                </div>
              )}
            </div>
            {mode === 'calc' ? (
              <>
                <CalculatorView
                  doc={doc}
                  style={calc.doc_style}
                  values={current}
                  onValuesChange={setValues}
                  {...shown}
                  progress={calculation}
                />
                <Suspense fallback={null}>
                  <WhatIf
                    doc={doc}
                    values={current}
                    result={result}
                    onValuesChange={setValues}
                    onAddTest={(test) =>
                      updateDoc((old) => ({ ...old, tests: [...(old.tests ?? []), test] }))
                    }
                    storageKey={calcId}
                    shareUrl={calc.stored ? `${window.location.origin}/calc/${calcId}` : null}
                  />
                </Suspense>
              </>
            ) : (
              <EditColumns
                base={base}
                doc={doc}
                updateDoc={updateDoc}
                current={current}
                setValues={setValues}
                {...shown}
                onGoToLine={goToLine}
                inputsColumn={inputsColumn}
              />
            )}
          </EditorTabPanel>

          <EditorTabPanel base={base} index={1} tab={tab}>
            {scriptOpened && (
              <ScriptTab
                doc={doc}
                onScriptChange={(script) => updateDoc((old) => ({ ...old, script }))}
                {...shown}
                goTo={goTo}
                onGoToLine={goToLine}
              />
            )}
          </EditorTabPanel>
        </div>

        {panel && (
          <SidePanel
            panel={panel}
            doc={doc}
            style={calc.doc_style}
            onDocChange={updateDoc}
            onStyleChange={updateStyle}
            onClose={closePanel}
            tests={{
              values: current,
              result,
              run: testRun,
              onLoadValues: (loaded) => setValues(loaded),
            }}
            history={
              calc.stored
                ? {
                    calcId,
                    refreshKey: calc.version ?? calc.revision,
                    unsaved: !calc.saved,
                    onRestore: restoreVersion,
                  }
                : undefined
            }
          />
        )}
      </div>

      {saveDialogs}
      {confirmDelete && (
        <DeleteDialog calcId={calcId} name={name} onClose={() => setConfirmDelete(false)} />
      )}
    </div>
  );
}
