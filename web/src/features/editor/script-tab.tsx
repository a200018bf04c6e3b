// Tab 1: the script editor (CodeMirror, loaded only when this tab first opens) beside the
// live outputs.
import { lazy, Suspense, useId, useMemo } from 'react';
import { OutputValue } from '../../components/calculator/output-view';
import { Loading } from '../../components/loading';
import { useT } from '../../stores/i18n';
import type { CalcDoc, EvalResult } from '../../lib/types';
import { ConsolePanel } from './console-panel';
import { ResultError } from './result-error';
import { editorMessages } from './messages';

const ScriptEditor = lazy(() => import('./script/script-editor'));

export interface GoTo {
  line: number;
  nonce: number;
}

export function ScriptTab(props: {
  doc: CalcDoc;
  onScriptChange(script: string): void;
  result: EvalResult | null;
  pending: boolean;
  /** The outputs are for an older script or values (debug mode before Run). */
  stale?: boolean;
  goTo: GoTo | null;
  onGoToLine(line: number): void;
}) {
  const t = useT(editorMessages);
  const titleId = useId();
  const { doc, result } = props;
  const inputs = doc.metaInputs;
  const inputNames = useMemo(() => (inputs ?? []).map((input) => input.name), [inputs]);
  return (
    <div className="script-tab">
      <div className="script-main">
        <Suspense fallback={<Loading label={t('loadingEditor')} />}>
          <ScriptEditor
            script={String(doc.script ?? '')}
            onChange={props.onScriptChange}
            tabSize={typeof doc.tabSize === 'number' && doc.tabSize > 0 ? doc.tabSize : 2}
            libraries={doc.libraries}
            inputNames={inputNames}
            error={result?.error ?? null}
            goTo={props.goTo}
          />
        </Suspense>
      </div>
      <section className="script-outputs" aria-labelledby={titleId}>
        <h2 id={titleId} className="calc-section-title">
          {t('liveOutputs')}
        </h2>
        <ResultError message={result?.error ?? null} onGoToLine={props.onGoToLine} />
        <LiveOutputs doc={doc} result={result} pending={props.pending} stale={props.stale} />
        <ConsolePanel entries={result?.console} />
      </section>
    </div>
  );
}

/** Every output with its current value (nothing hidden: this is the author's view). */
function LiveOutputs(props: {
  doc: CalcDoc;
  result: EvalResult | null;
  pending: boolean;
  stale?: boolean;
}) {
  const t = useT(editorMessages);
  const outputs = props.doc.metaOutputs ?? [];
  const { result } = props;
  if (outputs.length === 0) return <p className="muted">{t('noOutputsYet')}</p>;
  return (
    <dl
      className={`output-list ${props.stale ? 'values-stale' : ''}`}
      aria-busy={props.pending && !result}
    >
      {outputs.map((output) => (
        <div className={`output output-${output.type}`} key={output.id} data-output={output.name}>
          <dt>{output.name}</dt>
          <dd>
            {!result ? (
              <span className="output-text placeholder">{t('calculating')}</span>
            ) : result.error ? (
              <span className="output-text placeholder">{t('noValue')}</span>
            ) : (
              <OutputValue output={output} display={result.display?.[output.name]} />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
