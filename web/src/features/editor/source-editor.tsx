// The source editor (spec §2): toolbar, tab 0 (inputs and outputs, in edit or calc mode),
// tab 1 (the script) and the side panels. The doc lives in the calcs store; the input
// values being tried live here, and are kept beside the doc in the store so a reload
// keeps them (never as the doc's defaults, issue 26).
import { useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CalculatorView } from '../../components/calculator/calculator-view';
import { calcMessages } from '../../components/calculator/messages';
import { Dialog } from '../../components/dialog';
import { ApiError, messageOf } from '../../lib/api';
import { defaultValue, initialValues } from '../../lib/doc';
import { useCalculation } from '../../components/calculator/use-calculation';
import { useT } from '../../stores/i18n';
import { isNewDraftState } from '../../stores/new-calculator';
import type { CalcDoc, DocStyle, InputDef, OutputDef } from '../../lib/types';
import { useCalcs, type OpenCalc } from '../../stores/calcs';
import { toast } from '../../stores/ui';
import { downloadCalc } from '../../lib/calc-file/calc-file';
import { useCalcImport } from '../../components/calc-file/use-import';
import { versionNoticeMessages } from './history/notice-messages';
import { InputsEditor } from './inputs-editor';
import { sameJson, without } from './list-ops';
import { editorMessages } from './messages';
import { OutputsEditor } from './outputs-editor';
import { ResultError } from './result-error';
import { useSaveFlow } from './save-flow';
import { ScriptTab, type GoTo } from './script-tab';
import { SidePanel, type PanelName } from './side-panel';
import { Toolbar } from './toolbar';
import { TestsBadge, currentCounts } from './tests-panel';
import { useTestRun } from './use-test-run';

type Values = Record<string, unknown>;

/** List items (a list's value) without the sub-input keyed `subKey`. */
function withoutSubInput(items: unknown, subKey: string): unknown {
  if (!Array.isArray(items)) return items;
  return items.map((item) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? without(item as Values, subKey)
      : item,
  );
}

/** The values the calculation sees: what was entered, else the default (spec §3). */
function effectiveValues(
  inputs: InputDef[] | undefined,
  defaults: Values | undefined,
  values: Values,
) {
  const out: Values = {};
  for (const input of inputs ?? []) {
    const key = String(input.id);
    const stored = defaults?.[key];
    out[key] =
      key in values ? values[key] : stored !== undefined ? stored : defaultValue(input.type);
  }
  return out;
}

export function SourceEditor({ calc }: { calc: OpenCalc }) {
  const t = useT(editorMessages);
  const tc = useT(calcMessages);
  const th = useT(versionNoticeMessages);
  const navigate = useNavigate();
  const calcImport = useCalcImport();
  const calcId = calc._id;
  const doc = calc.doc;
  const base = useId();

  const [values, setValues] = useState<Values>(() => calc.values ?? initialValues(doc));
  const [tab, setTab] = useState<0 | 1>(0);
  const [scriptOpened, setScriptOpened] = useState(false);
  const [mode, setMode] = useState<'edit' | 'calc'>('edit');
  const [panel, setPanel] = useState<PanelName | null>(null);
  const [goTo, setGoTo] = useState<GoTo | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Debug mode (spec §4): the calculation sees a frozen doc and values, refreshed by Run.
  const [frozen, setFrozen] = useState<{ doc: CalcDoc; values: Values } | null>(null);
  const [runToken, setRunToken] = useState(0);

  const inputs = doc.metaInputs;
  const defaults = doc.defaults;
  const current = useMemo(
    () => effectiveValues(inputs, defaults, values),
    [inputs, defaults, values],
  );
  const debug = frozen !== null;
  // In debug mode the outputs are stale from the first change until Run.
  const stale = frozen !== null && (frozen.doc !== doc || !sameJson(frozen.values, current));
  const calculation = useCalculation(frozen?.doc ?? doc, frozen?.values ?? current, {
    runToken,
  });
  const { result, pending } = calculation;
  const testRun = useTestRun(frozen?.doc ?? doc, result);
  const differsFromDefaults = !sameJson(current, initialValues(doc));

  useEffect(() => {
    const kept = useCalcs.getState().calcs[calcId]?.values;
    if (!kept || !sameJson(kept, values)) useCalcs.getState().setValues(calcId, values);
  }, [calcId, values]);
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
  const setInputs = (change: (inputs: InputDef[]) => InputDef[]) =>
    updateDoc((old) => ({ ...old, metaInputs: change(old.metaInputs ?? []) }));
  const setOutputs = (change: (outputs: OutputDef[]) => OutputDef[]) =>
    updateDoc((old) => ({ ...old, metaOutputs: change(old.metaOutputs ?? []) }));

  const { saving, save, dialogs: saveDialogs } = useSaveFlow(calcId);

  // Spec §2: Ctrl or Cmd+S saves from anywhere on the page (the script editor included).
  const onSaveShortcut = useEffectEvent((event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's')
      return;
    event.preventDefault();
    if (!calc.saved) void save();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onSaveShortcut(event);
    window.addEventListener('keydown', listener, true);
    return () => window.removeEventListener('keydown', listener, true);
  }, []);

  const copy = () => {
    const newId = useCalcs.getState().copy(calcId);
    navigate(`/source/${newId}`);
  };

  const remove = async () => {
    setConfirmDelete(false);
    try {
      await useCalcs.getState().remove(calcId);
      navigate('/');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'cancelled') return;
      toast(messageOf(error));
    }
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

  const selectTab = (next: 0 | 1) => {
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

  const tabIds = [`${base}-tab-0`, `${base}-tab-1`];
  const panelIds = [`${base}-panel-0`, `${base}-panel-1`];
  const onTabKey = (event: React.KeyboardEvent) => {
    const keys: Record<string, 0 | 1> = {
      ArrowRight: tab === 0 ? 1 : 0,
      ArrowLeft: tab === 0 ? 1 : 0,
      Home: 0,
      End: 1,
    };
    if (!(event.key in keys)) return;
    event.preventDefault();
    const next = keys[event.key];
    selectTab(next);
    document.getElementById(tabIds[next])?.focus();
  };

  return (
    <div className={`page source-editor ${panel ? 'with-panel' : ''}`}>
      {calcImport.elements}
      <div className="editor-header">
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
          <p className="debug-notice held-notice" role="status">
            {th('heldNotice', { n: calc.publishedVersion })}
          </p>
        )}
      {debug && (
        <p className="debug-notice" role="status">
          {t(stale ? 'debugStale' : 'debugNotice')}
        </p>
      )}

      <div className="editor-body">
        <div className="editor-main">
          <div className="editor-tabs" role="tablist" aria-label={t('tabs')}>
            {([0, 1] as const).map((index) => (
              <button
                key={index}
                id={tabIds[index]}
                type="button"
                role="tab"
                aria-selected={tab === index}
                aria-controls={panelIds[index]}
                tabIndex={tab === index ? 0 : -1}
                className="editor-tab"
                onClick={() => selectTab(index)}
                onKeyDown={onTabKey}
              >
                {t(index === 0 ? 'tabInputsOutputs' : 'tabScript')}
              </button>
            ))}
          </div>

          <div
            id={panelIds[0]}
            role="tabpanel"
            aria-labelledby={tabIds[0]}
            tabIndex={0}
            hidden={tab !== 0}
            className="editor-tabpanel"
          >
            <div className="tab-bar">
              <div className="segmented-buttons" role="group" aria-label={t('mode')}>
                <button
                  type="button"
                  className="button"
                  aria-pressed={mode === 'edit'}
                  onClick={() => setMode('edit')}
                >
                  {t('editMode')}
                </button>
                <button
                  type="button"
                  className="button"
                  aria-pressed={mode === 'calc'}
                  onClick={() => setMode('calc')}
                >
                  {t('calcMode')}
                </button>
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
              <CalculatorView
                doc={doc}
                style={calc.doc_style}
                values={current}
                onValuesChange={setValues}
                result={result}
                pending={pending}
                progress={calculation}
                stale={stale}
              />
            ) : (
              <div className="edit-columns">
                <section
                  className="edit-column"
                  aria-labelledby={`${base}-inputs`}
                  ref={inputsColumn}
                >
                  <h2 id={`${base}-inputs`} className="calc-section-title">
                    {String(doc.inputs_label || '') || tc('inputs')}
                  </h2>
                  <InputsEditor
                    inputs={doc.metaInputs ?? []}
                    update={setInputs}
                    valueLabel={t('value')}
                    valueOf={(input) => current[String(input.id)]}
                    onValueChange={(input, value) =>
                      setValues((old) => ({ ...old, [String(input.id)]: value }))
                    }
                    onAdded={(input) =>
                      setValues((old) => ({ ...old, [String(input.id)]: defaultValue(input.type) }))
                    }
                    onRemoved={(input) => {
                      const key = String(input.id);
                      setValues((old) => without(old, key));
                      // A later input may get this id again: it must not inherit a default.
                      updateDoc((old) =>
                        old.defaults && key in old.defaults
                          ? { ...old, defaults: without(old.defaults, key) }
                          : old,
                      );
                    }}
                    onSubInputRemoved={(list, sub) => {
                      // As above, one level down: the list's items (entered and stored)
                      // must not hand the sub-input's values to a later one with its id.
                      const key = String(list.id);
                      const subKey = String(sub.id);
                      setValues((old) =>
                        key in old ? { ...old, [key]: withoutSubInput(old[key], subKey) } : old,
                      );
                      updateDoc((old) =>
                        old.defaults && key in old.defaults
                          ? {
                              ...old,
                              defaults: {
                                ...old.defaults,
                                [key]: withoutSubInput(old.defaults[key], subKey),
                              },
                            }
                          : old,
                      );
                    }}
                  />
                </section>
                <section
                  className={`edit-column ${stale ? 'values-stale' : ''}`}
                  aria-labelledby={`${base}-outputs`}
                  aria-busy={pending && !result}
                >
                  <h2 id={`${base}-outputs`} className="calc-section-title">
                    {String(doc.outputs_label || '') || tc('outputs')}
                  </h2>
                  <ResultError message={result?.error ?? null} onGoToLine={goToLine} />
                  <OutputsEditor
                    outputs={doc.metaOutputs ?? []}
                    update={setOutputs}
                    result={result}
                  />
                </section>
              </div>
            )}
          </div>

          <div
            id={panelIds[1]}
            role="tabpanel"
            aria-labelledby={tabIds[1]}
            tabIndex={0}
            hidden={tab !== 1}
            className="editor-tabpanel"
          >
            {scriptOpened && (
              <ScriptTab
                doc={doc}
                onScriptChange={(script) => updateDoc((old) => ({ ...old, script }))}
                result={result}
                pending={pending}
                stale={stale}
                goTo={goTo}
                onGoToLine={goToLine}
              />
            )}
          </div>
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
        <Dialog
          title={t('deleteTitle')}
          onClose={() => setConfirmDelete(false)}
          initialFocus=".cancel"
          actions={
            <>
              <button
                type="button"
                className="button cancel"
                onClick={() => setConfirmDelete(false)}
              >
                {t('cancel')}
              </button>
              <button type="button" className="button danger" onClick={() => void remove()}>
                {t('delete')}
              </button>
            </>
          }
        >
          <p>{t('deleteBody', { name: name || t('untitled') })}</p>
        </Dialog>
      )}
    </div>
  );
}
