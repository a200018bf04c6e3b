// The formula helper side panel (spec §2, §5): choose an output, write a formula with
// the palette's help, insert it into the script. Part of the screen's main chunk, so it
// must not import CodeMirror.
import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useT } from '../../../stores/i18n';
import type { CalcDoc, OutputDef } from '../../../lib/types';
import { insertFormula } from './formula';
import { scriptMessages } from './messages';
import {
  applySnippet,
  DECIMAL_SNIPPETS,
  FORMULAJS_SNIPPETS,
  inputSnippets,
  MATH_SNIPPETS,
  MATHJS_SNIPPETS,
  MOMENT_SNIPPETS,
  rowsSnippet,
  snippetLabel,
  type Snippet,
} from './snippets';
import './script.css';

type Notice = { kind: 'error' | 'done'; text: string } | null;
type Key = keyof typeof scriptMessages.en;

/** A library's palette: its snippets, and what it says while the library is off. */
const LIBRARY_PALETTES: readonly {
  library: 'mathjs' | 'moment' | 'formulajs' | 'decimal';
  title: Key;
  snippets: readonly Snippet[];
  off: Key;
  enable: Key;
}[] = [
  {
    library: 'mathjs',
    title: 'paletteMathjs',
    snippets: MATHJS_SNIPPETS,
    off: 'mathjsOff',
    enable: 'enableMathjs',
  },
  {
    library: 'moment',
    title: 'paletteMoment',
    snippets: MOMENT_SNIPPETS,
    off: 'momentOff',
    enable: 'enableMoment',
  },
  {
    library: 'formulajs',
    title: 'paletteFormulajs',
    snippets: FORMULAJS_SNIPPETS,
    off: 'formulajsOff',
    enable: 'enableFormulajs',
  },
  {
    library: 'decimal',
    title: 'paletteDecimal',
    snippets: DECIMAL_SNIPPETS,
    off: 'decimalOff',
    enable: 'enableDecimal',
  },
];

export function FormulaHelper(props: {
  doc: CalcDoc;
  onDocChange(change: (doc: CalcDoc) => CalcDoc): void;
}) {
  const t = useT(scriptMessages);
  const { doc, onDocChange } = props;
  const id = useId();
  const [outputId, setOutputId] = useState('');
  const [formula, setFormula] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const caret = useRef<number | null>(null);

  const outputs = doc.metaOutputs ?? [];
  const values = outputs.filter((output) => output.type !== 'table');
  const tables = outputs.filter((output) => output.type === 'table');
  // An output deleted meanwhile counts as none chosen.
  const chosen: OutputDef | undefined = outputs.find((output) => String(output.id) === outputId);

  useLayoutEffect(() => {
    if (caret.current === null || !field.current) return;
    field.current.focus();
    field.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [formula]);

  const addSnippet = (snippet: Snippet) => {
    const input = field.current;
    const start = input?.selectionStart ?? formula.length;
    const end = input?.selectionEnd ?? formula.length;
    const next = applySnippet(formula, start, end, snippet);
    caret.current = next.caret;
    setFormula(next.value);
    setNotice(null);
  };

  const insert = () => {
    if (!chosen) {
      setNotice({ kind: 'error', text: t('noOutputChosen') });
      return;
    }
    if (!formula.trim()) {
      setNotice({ kind: 'error', text: t('noFormula') });
      field.current?.focus();
      return;
    }
    const indent = ' '.repeat(doc.tabSize && doc.tabSize > 0 ? doc.tabSize : 2);
    const placed = insertFormula(doc.script ?? '', chosen.name, formula, indent);
    if (!placed.ok) {
      // The formula stays in its field, to be copied by hand.
      const key = placed.reason === 'notAnObject' ? 'notAnObject' : 'notSure';
      setNotice({ kind: 'error', text: t(key, { name: chosen.name }) });
      return;
    }
    onDocChange((current) => ({ ...current, script: placed.script }));
    setFormula('');
    setNotice({ kind: 'done', text: t('inserted', { name: chosen.name }) });
  };

  const enable = (library: (typeof LIBRARY_PALETTES)[number]['library']) =>
    onDocChange((current) => ({
      ...current,
      libraries: { ...current.libraries, [library]: true },
    }));

  const onFormulaKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      insert();
    }
  };

  const outputLabel = (output: OutputDef) => output.name || `#${output.id}`;

  return (
    <div className="formula-helper">
      <p className="muted">{t('helperIntro')}</p>

      <label className="field-label" htmlFor={`${id}-output`}>
        {t('output')}
      </label>
      <select
        id={`${id}-output`}
        className="select"
        value={chosen ? outputId : ''}
        onChange={(event) => {
          setOutputId(event.target.value);
          setNotice(null);
        }}
      >
        <option value="">{t('chooseOutput')}</option>
        {values.length > 0 && (
          <optgroup label={t('valueOutputs')}>
            {values.map((output) => (
              <option key={output.id} value={String(output.id)}>
                {outputLabel(output)}
              </option>
            ))}
          </optgroup>
        )}
        {tables.length > 0 && (
          <optgroup label={t('tableOutputs')}>
            {tables.map((output) => (
              <option key={output.id} value={String(output.id)}>
                {outputLabel(output)}
              </option>
            ))}
          </optgroup>
        )}
      </select>
      {outputs.length === 0 && <p className="muted">{t('noOutputsYet')}</p>}
      {chosen?.type === 'table' && (
        <div className="formula-table-hint">
          <p className="muted">
            {t('tableHint', {
              columns:
                (chosen.metaOutputs ?? []).map((column) => column.name).join(', ') ||
                t('noColumns'),
            })}
          </p>
          <button
            type="button"
            className="button snippet"
            onClick={() => addSnippet(rowsSnippet(chosen))}
          >
            <code>{snippetLabel(rowsSnippet(chosen))}</code>
          </button>
        </div>
      )}

      <label className="field-label" htmlFor={`${id}-formula`}>
        {t('formula')}
      </label>
      <textarea
        id={`${id}-formula`}
        ref={field}
        className="field code formula-field"
        rows={3}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        aria-describedby={`${id}-formula-hint`}
        value={formula}
        onChange={(event) => {
          setFormula(event.target.value);
          if (notice?.kind === 'done') setNotice(null);
        }}
        onKeyDown={onFormulaKey}
      />
      <p id={`${id}-formula-hint`} className="muted formula-hint">
        {t('formulaHint')}
      </p>
      <button type="button" className="button primary" onClick={insert}>
        {t('insertFormula')}
      </button>
      {notice?.kind === 'error' && (
        <p role="alert" className="form-error formula-notice">
          {notice.text}
        </p>
      )}
      <p role="status" className="muted formula-notice">
        {notice?.kind === 'done' ? notice.text : ''}
      </p>

      <Palette
        title={t('paletteInputs')}
        snippets={inputSnippets(doc.metaInputs ?? [])}
        onPick={addSnippet}
      >
        {(doc.metaInputs ?? []).length === 0 && <p className="muted">{t('noInputsYet')}</p>}
      </Palette>
      <Palette title={t('paletteMath')} snippets={MATH_SNIPPETS} onPick={addSnippet} />
      {LIBRARY_PALETTES.map((palette) => (
        <Palette
          key={palette.library}
          title={t(palette.title)}
          snippets={palette.snippets}
          onPick={addSnippet}
        >
          {!doc.libraries?.[palette.library] && (
            <LibraryWarning
              text={t(palette.off)}
              action={t(palette.enable)}
              onEnable={() => enable(palette.library)}
            />
          )}
        </Palette>
      ))}
    </div>
  );
}

function Palette(props: {
  title: string;
  snippets: readonly Snippet[];
  onPick(snippet: Snippet): void;
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <div role="group" className="snippet-group" aria-labelledby={headingId}>
      <h3 id={headingId} className="snippet-group-title">
        {props.title}
      </h3>
      {props.children}
      {props.snippets.length > 0 && (
        <div className="snippet-list">
          {props.snippets.map((snippet, index) => {
            const label = snippetLabel(snippet);
            return (
              <button
                key={`${index}:${label}`}
                type="button"
                className="button snippet"
                onClick={() => props.onPick(snippet)}
              >
                <code>{label}</code>
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}

function LibraryWarning(props: { text: string; action: string; onEnable(): void }) {
  return (
    <div className="library-warning">
      <p>{props.text}</p>
      <button type="button" className="button" onClick={props.onEnable}>
        {props.action}
      </button>
    </div>
  );
}
