// Types of Calcsmith's one-line embed, `<script src="https://HOST/embed.js" async>`, served
// beside it as https://HOST/embed.d.ts. docs/embed.md describes the API and the protocol.
// Copy this file into your project, or point a `/// <reference path>` at a copy of it.

/** Input values keyed by input name; a list's items keyed by their fields' names. */
export type CalcsmithValues = Record<string, unknown>;

/** A calculator's latest result, as its visitor sees it. */
export interface CalcsmithResult {
  /** Every output by name (dates as ISO-8601 text, tables as arrays of rows); null when
   * nothing is shown: an error, or an input the visitor still has to correct. */
  outputs: Record<string, unknown> | null;
  /** The text shown for each output (a table: rows of texts); null as `outputs`. */
  display: Record<string, unknown> | null;
  /** The calculation's error message, or null. */
  error: string | null;
}

/** What an `error` listener is told. */
export interface CalcsmithError {
  /**
   * `calculation`: the calculator shows its visitor an error (`message`);
   * `refused`: values given by `setValues` that the inputs cannot take, named in `inputs`
   * (an unknown name, a wrong type, a choice that is not offered…); they were not set.
   */
  code: 'calculation' | 'refused';
  message: string;
  /** With `refused`: the input names. */
  inputs?: string[];
}

/** What each event's listener is given. */
export interface CalcsmithEvents {
  /** The frame has answered: values and the first result are known (may be null). */
  ready: { values: CalcsmithValues; result: CalcsmithResult | null };
  /** A new result (after each change of the values, once calculated). */
  result: CalcsmithResult;
  error: CalcsmithError;
  /** The visitor sent the calculator's form (a calculator that collects submissions). */
  submit: { values: CalcsmithValues };
}

export type CalcsmithEvent = keyof CalcsmithEvents;

/** One embedded calculator. */
export interface CalcsmithHandle {
  /** The calculator's id. */
  readonly id: string;
  /** The `<iframe>` the script made in the `<div data-calcsmith>`. */
  readonly frame: HTMLIFrameElement;
  /**
   * Sets inputs by name, checked exactly as a link's values are; refused ones are left as
   * they were and reported by an `error` event. Resolves with the values afterwards.
   */
  setValues(values: CalcsmithValues): Promise<CalcsmithValues>;
  /** The values as last reported by the frame; null before `ready`. */
  getValues(): CalcsmithValues | null;
  /** The latest result; null before the first one. */
  getResult(): CalcsmithResult | null;
  /**
   * Calls `listener` on each `event`; `ready` also at once (asynchronously) when the
   * frame is ready already. Returns a function that removes the listener.
   */
  on<E extends CalcsmithEvent>(
    event: E,
    listener: (detail: CalcsmithEvents[E]) => void,
  ): () => void;
  /** Puts every input back to the author's defaults. Resolves with the values then. */
  reset(): Promise<CalcsmithValues>;
  /** Moves the keyboard focus to the calculator's first field. */
  focus(): void;
}

/** `window.Calcsmith`, defined by embed.js (the document gets a `calcsmith:load` event). */
export interface CalcsmithApi {
  /** The protocol version this script speaks. */
  readonly version: 1;
  /**
   * The handle of the first `<div data-calcsmith="ID">` with this id, or of this element
   * (the div or its iframe). Throws when the page has no such embed.
   */
  get(target: string | Element): CalcsmithHandle;
}

declare global {
  interface Window {
    Calcsmith?: CalcsmithApi;
  }
  interface DocumentEventMap {
    'calcsmith:load': Event;
  }
}
