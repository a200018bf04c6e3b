// What a `<calcsmith-calculator>` renders in its shadow root: the app's calculator view
// (one renderer for the app, the embed and the element) on the element's own worker, with
// the values the element holds, telling the element each result.
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { CalculatorView } from '../components/calculator/calculator-view';
import { isPrivateScript } from '../components/calculator/server-calculation';
import { CalcClientContext, useCalculation } from '../components/calculator/use-calculation';
import type { CalcWorkerClient } from '../lib/engine/client';
import type { EvalResult } from '../lib/types';
import { useT } from '../stores/i18n';
import type { LoadedCalc } from './doc-source';
import { elementMessages } from './messages';

/** What the element shows: loading, a failure (with the developer's detail), or a calculator. */
export type ElementState =
  | { status: 'loading' }
  | { status: 'failed'; detail: string }
  | { status: 'ready'; calc: LoadedCalc; values: Record<string, unknown> };

export interface ElementViewProps {
  state: ElementState;
  client: CalcWorkerClient;
  onValuesChange(values: Record<string, unknown>): void;
  /** Told each settled result (not while a newer one is on its way). */
  onResult(result: EvalResult): void;
  /** Enter pressed in one of the calculator's fields. */
  onSubmit(): void;
}

export function ElementView(props: ElementViewProps) {
  const t = useT(elementMessages);
  const { state } = props;
  if (state.status === 'loading') {
    return (
      <p className="element-status muted" role="status">
        {t('loading')}
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="calc-error" role="alert">
        <p className="element-status">{t('loadFailed')}</p>
        <p className="element-detail">{state.detail}</p>
      </div>
    );
  }
  if (isPrivateScript(state.calc.doc)) {
    return (
      <p className="calc-error" role="alert">
        {t('privateScript')}
      </p>
    );
  }
  return (
    <CalcClientContext.Provider value={props.client}>
      <LiveCalculator {...props} calc={state.calc} values={state.values} />
    </CalcClientContext.Provider>
  );
}

function LiveCalculator(
  props: ElementViewProps & { calc: LoadedCalc; values: Record<string, unknown> },
) {
  const { calc, values, onResult, onSubmit } = props;
  const calculation = useCalculation(calc.doc, values);
  const told = useRef<EvalResult | null>(null);
  useEffect(() => {
    const { result, pending } = calculation;
    if (!result || pending || result === told.current) return;
    told.current = result;
    onResult(result);
  }, [calculation, onResult]);

  // A field's Enter is the host's submit: nothing here is a form the browser would send.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (event.key === 'Enter' && target.matches('.calc-inputs input, .calc-inputs select')) {
      onSubmit();
    }
  };
  return (
    <div className="element-root" onKeyDown={onKeyDown}>
      <CalculatorView
        doc={calc.doc}
        style={calc.style}
        values={values}
        onValuesChange={props.onValuesChange}
        result={calculation.result}
        pending={calculation.pending}
        progress={calculation}
      />
    </div>
  );
}
