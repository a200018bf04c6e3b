// The script editor (tab 1 of the source editor): CodeMirror 6 with line numbers, the
// doc's tab size, lint with the script's globals and the engine's error at its line.
// The screen loads this file with React.lazy: CodeMirror stays out of its main chunk.
import {
  autocompletion,
  closeBrackets,
  closeBracketsKeymap,
  completionKeymap,
} from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { javascript, javascriptLanguage } from '@codemirror/lang-javascript';
import { bracketMatching, indentOnInput, indentUnit } from '@codemirror/language';
import { linter, lintGutter, lintKeymap, type Diagnostic } from '@codemirror/lint';
import {
  Annotation,
  Compartment,
  EditorState,
  Facet,
  Transaction,
  type Extension,
} from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { localizeEngineMessage } from '../../../lib/engine/engine-messages';
import { useT } from '../../../stores/i18n';
import { useUi } from '../../../stores/ui';
import { scriptCompletions, type CompletionLabels } from './completions';
import { editorPhrases } from './editor-phrases';
import { editorTheme, themedHighlighting } from './editor-theme';
import { errorLine } from './error-line';
import { LIBRARY_GLOBALS, type Libraries } from './globals';
import { lintScript, type LintText } from './lint';
import { scriptMessages } from './messages';
import './script.css';

export interface ScriptEditorProps {
  script: string;
  onChange(script: string): void;
  tabSize: number;
  libraries: Libraries;
  inputNames: string[];
  error: string | null;
  goTo: { line: number; nonce: number } | null;
}

/** What the lint and completion sources need from the screen. */
interface ScriptContext {
  libraries: Libraries;
  inputNames: readonly string[];
  engineError: { line: number; message: string } | null;
  lintText: LintText;
  completionLabels: CompletionLabels;
}

const scriptContext = Facet.define<ScriptContext, ScriptContext | null>({
  combine: (values) => values[values.length - 1] ?? null,
});

/** Marks the transactions that bring in the screen's script (not the author's typing). */
const external = Annotation.define<boolean>();

/** goTo requests already carried out: a remounted editor must not jump again. */
const handledGoTos = new WeakSet<object>();

function scriptDiagnostics(view: EditorView): Diagnostic[] {
  const context = view.state.facet(scriptContext);
  if (!context) return [];
  const doc = view.state.doc;
  const diagnostics: Diagnostic[] = lintScript(
    doc.toString(),
    { libraries: context.libraries, inputNames: context.inputNames },
    context.lintText,
  );
  if (context.engineError) {
    const line = doc.line(Math.min(context.engineError.line, doc.lines));
    diagnostics.push({
      from: line.from,
      to: line.to,
      severity: 'error',
      message: context.engineError.message,
    });
  }
  return diagnostics;
}

function tabSettings(tabSize: number): Extension {
  const size = Number.isInteger(tabSize) && tabSize > 0 && tabSize <= 16 ? tabSize : 2;
  return [EditorState.tabSize.of(size), indentUnit.of(' '.repeat(size))];
}

/** The smallest replacement turning `from` into `to`, so the cursor keeps its place. */
function minimalChange(from: string, to: string) {
  let start = 0;
  const shorter = Math.min(from.length, to.length);
  while (start < shorter && from.charCodeAt(start) === to.charCodeAt(start)) start++;
  let end = 0;
  while (
    end < shorter - start &&
    from.charCodeAt(from.length - 1 - end) === to.charCodeAt(to.length - 1 - end)
  ) {
    end++;
  }
  return { from: start, to: from.length - end, insert: to.slice(start, to.length - end) };
}

export default function ScriptEditor(props: ScriptEditorProps) {
  const t = useT(scriptMessages);
  const locale = useUi((s) => s.locale);
  const dark = useUi((s) => s.theme === 'dark');
  const hintId = useId();
  const host = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const [compartments] = useState(() => ({
    tabs: new Compartment(),
    context: new Compartment(),
    attributes: new Compartment(),
    dark: new Compartment(),
    phrases: new Compartment(),
  }));
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });

  const { libraries, inputNames, error, tabSize, script, goTo } = props;
  const lineOfError = errorLine(error);
  // Stable across renders that change nothing (the screen may rebuild these arrays).
  const enabled = Object.fromEntries(
    Object.keys(LIBRARY_GLOBALS).map((name) => [
      name,
      Boolean(libraries?.[name as keyof typeof LIBRARY_GLOBALS]),
    ]),
  );
  const contextKey = JSON.stringify([enabled, inputNames, lineOfError, error, locale]);

  const buildContext = (): Extension =>
    scriptContext.of({
      libraries: enabled,
      inputNames: [...inputNames],
      engineError:
        lineOfError !== null && error
          ? { line: lineOfError, message: localizeEngineMessage(error, locale) }
          : null,
      lintText: {
        syntaxError: (found) => t('syntaxError', { found }),
        unexpectedEnd: () => t('unexpectedEnd'),
        notDefined: (name) => t('notDefined', { name }),
        noSuchInput: (name) => t('noSuchInput', { name }),
      },
      completionLabels: {
        input: t('inputCompletion'),
        library: t('libraryCompletion'),
        global: t('globalCompletion'),
      },
    });
  const buildAttributes = (): Extension =>
    EditorView.contentAttributes.of({
      'aria-label': t('script'),
      'aria-describedby': hintId,
      // Already focusable as contenteditable; the explicit tabindex lets checkers (axe's
      // scrollable-region-focusable) see the scrolled region is reachable by keyboard.
      tabindex: '0',
    });
  // The builders read the latest render's values when the editor is created or updated.
  const builders = useRef({ buildContext, buildAttributes });
  useLayoutEffect(() => {
    builders.current = { buildContext, buildAttributes };
  });

  useEffect(() => {
    const parent = host.current;
    if (!parent) return;
    const initial = latest.current;
    const view = new EditorView({
      parent,
      state: EditorState.create({
        doc: initial.script,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightSpecialChars(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          closeBrackets(),
          autocompletion(),
          highlightActiveLine(),
          // Long lines wrap: no sideways scrolling to read a formula.
          EditorView.lineWrapping,
          javascript(),
          javascriptLanguage.data.of({
            autocomplete: scriptCompletions((context) => {
              const value = context.state.facet(scriptContext);
              return {
                libraries: value?.libraries,
                inputNames: value?.inputNames ?? [],
                labels: value?.completionLabels ?? { input: '', library: '', global: '' },
              };
            }),
          }),
          linter(scriptDiagnostics, {
            delay: 300,
            needsRefresh: (update) =>
              update.startState.facet(scriptContext) !== update.state.facet(scriptContext),
          }),
          lintGutter(),
          keymap.of([
            ...closeBracketsKeymap,
            ...defaultKeymap,
            ...historyKeymap,
            ...completionKeymap,
            ...lintKeymap,
            indentWithTab,
          ]),
          editorTheme,
          themedHighlighting,
          compartments.tabs.of(tabSettings(initial.tabSize)),
          compartments.context.of(builders.current.buildContext()),
          compartments.attributes.of(builders.current.buildAttributes()),
          compartments.dark.of(EditorView.darkTheme.of(useUi.getState().theme === 'dark')),
          compartments.phrases.of(editorPhrases(useUi.getState().locale)),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return;
            if (update.transactions.every((tr) => !tr.docChanged || tr.annotation(external))) {
              return;
            }
            latest.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, [compartments]);

  // The screen's script (a formula inserted, another calculator) replaces the document.
  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    const current = view.state.doc.toString();
    if (current === script) return;
    view.dispatch({
      changes: minimalChange(current, script),
      annotations: [external.of(true), Transaction.addToHistory.of(false)],
    });
  }, [script]);

  useEffect(() => {
    viewRef.current?.dispatch({ effects: compartments.tabs.reconfigure(tabSettings(tabSize)) });
  }, [compartments, tabSize]);

  useEffect(() => {
    viewRef.current?.dispatch({
      effects: [
        compartments.context.reconfigure(builders.current.buildContext()),
        compartments.attributes.reconfigure(builders.current.buildAttributes()),
      ],
    });
  }, [compartments, contextKey]);

  useEffect(() => {
    viewRef.current?.dispatch({
      effects: compartments.dark.reconfigure(EditorView.darkTheme.of(dark)),
    });
  }, [compartments, dark]);

  useEffect(() => {
    viewRef.current?.dispatch({ effects: compartments.phrases.reconfigure(editorPhrases(locale)) });
  }, [compartments, locale]);

  useEffect(() => {
    const view = viewRef.current;
    if (!view || !goTo || handledGoTos.has(goTo)) return;
    handledGoTos.add(goTo);
    const doc = view.state.doc;
    const line = doc.line(Math.min(Math.max(1, Math.floor(goTo.line) || 1), doc.lines));
    view.dispatch({
      selection: { anchor: line.from },
      effects: EditorView.scrollIntoView(line.from, { y: 'center' }),
    });
    view.focus();
  }, [goTo]);

  return (
    <div className="script-editor">
      <div ref={host} className="script-editor-host" />
      <p id={hintId} className="visually-hidden">
        {t('editorHint')}
      </p>
    </div>
  );
}
