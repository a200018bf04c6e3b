// The types of @calcsmith/element: `<calcsmith-calculator>`, its methods and its events.
// The element's code (web/src/element/) implements this interface, so `tsc -b` in web/
// fails when the two part.

/** A calculation's result as the host page sees it. */
export interface CalcsmithResult {
  /** The outputs' raw values by output name (a table: an array of rows). */
  outputs: Record<string, unknown>;
  /** The outputs as the calculator shows them (formatted text; a table: rows of texts). */
  display: Record<string, string | Record<string, string>[] | null>;
  /** The calculation's error as shown (in English), or null. */
  error: string | null;
}

/** What `setValues` did not take. */
export interface SetValuesOutcome {
  /** Inputs whose value they cannot hold (checked as a link's values are). */
  refused: string[];
  /** Names no input of the calculator has. */
  unknown: string[];
}

/** Each event's detail (the DOM event is `calcsmith:<name>`, bubbling and composed). */
export interface CalcsmithEventDetail {
  /** The calculator is shown and has its first result. */
  ready: { values: Record<string, unknown>; result: CalcsmithResult };
  /** A new result (every recalculation). */
  result: CalcsmithResult;
  /** The calculation failed, values were refused, or the calculator could not be loaded. */
  error: { message: string; refused?: string[]; unknown?: string[] };
  /** The visitor pressed Enter in one of the calculator's fields. */
  submit: { values: Record<string, unknown>; result: CalcsmithResult | null };
}

export type CalcsmithEventName = keyof CalcsmithEventDetail;

/** `<calcsmith-calculator>`'s methods (the same as the embed's `Calcsmith.get(…)` handle). */
export interface CalcsmithCalculator extends HTMLElement {
  /** Sets inputs by name; a value the input cannot hold is refused (and an `error` told). */
  setValues(values: Record<string, unknown>): SetValuesOutcome;
  /** Every input's value by name (defaults included); `{}` before the calculator is loaded. */
  getValues(): Record<string, unknown>;
  /** The latest result, or null before the first. */
  getResult(): CalcsmithResult | null;
  /** Calls `listener` with each event's detail; returns a function that stops it. */
  on<E extends CalcsmithEventName>(
    event: E,
    listener: (detail: CalcsmithEventDetail[E]) => void,
  ): () => void;
  /** Back to the calculator's starting values. */
  reset(): void;
  /** Focuses the calculator's first field; false when it has none (the element is focused). */
  focus(options?: FocusOptions): boolean;
}

/** The element's class (also registered as `calcsmith-calculator` on import). */
export declare const CalcsmithCalculatorElement: {
  prototype: CalcsmithCalculator;
  new (): CalcsmithCalculator;
};

declare global {
  interface HTMLElementTagNameMap {
    'calcsmith-calculator': CalcsmithCalculator;
  }
  interface HTMLElementEventMap {
    'calcsmith:ready': CustomEvent<CalcsmithEventDetail['ready']>;
    'calcsmith:result': CustomEvent<CalcsmithEventDetail['result']>;
    'calcsmith:error': CustomEvent<CalcsmithEventDetail['error']>;
    'calcsmith:submit': CustomEvent<CalcsmithEventDetail['submit']>;
  }
}
