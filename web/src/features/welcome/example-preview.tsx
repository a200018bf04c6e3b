// One example calculator, live: the visitor's changes recalculate in the worker.
import { useState } from 'react';
import { CalculatorView } from '../../components/calculator/calculator-view';
import { initialValues } from '../../lib/doc';
import { useCalculation } from '../../components/calculator/use-calculation';
import type { CalcDoc } from '../../lib/types';

export function ExamplePreview({ doc }: { doc: CalcDoc }) {
  const [values, setValues] = useState(() => initialValues(doc));
  const calculation = useCalculation(doc, values);
  return (
    <CalculatorView
      doc={doc}
      values={values}
      onValuesChange={setValues}
      result={calculation.result}
      pending={calculation.pending}
      progress={calculation}
    />
  );
}
