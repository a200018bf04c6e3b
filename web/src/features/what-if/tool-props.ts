import type { CalcDoc, EvalResult, TestCase } from '@calcsmith/engine';

/** What every tool of the panel gets: the calculator, its current values and result. */
export interface ToolProps {
  doc: CalcDoc;
  values: Record<string, unknown>;
  result: EvalResult | null;
  /** Sets one input (a goal seek's Apply), or all of them (a scenario's values). */
  onValuesChange(values: Record<string, unknown>): void;
  /** The editor's "Save as test" (absent on published pages). */
  onAddTest?(test: TestCase): void;
}
