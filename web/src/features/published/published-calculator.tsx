import { useState } from 'react';
import { CalculatorView } from '../../components/calculator/calculator-view';
import { useCalculation } from '../../lib/engine/use-calculation';
import type { EvalResult, PublishedCalc } from '../../lib/types';

/** A published calculator with live results; the server's result shows until then. */
export function PublishedCalculator(props: {
  calc: PublishedCalc;
  values: Record<string, unknown>;
  initial: EvalResult | null;
  autofocus?: boolean;
}) {
  const [values, setValues] = useState(props.values);
  const { result, pending } = useCalculation(props.calc.doc, values, { initial: props.initial });
  return (
    <CalculatorView
      doc={props.calc.doc}
      style={props.calc.doc_style}
      values={values}
      onValuesChange={setValues}
      result={result}
      pending={pending}
      autofocus={props.autofocus}
    />
  );
}
