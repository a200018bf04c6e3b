// `<calcsmith-calculator>`: a Calcsmith calculator as a custom element, for any page and any
// framework (`@calcsmith/element`, element/README.md). Its calculator comes from a `doc`
// attribute or a JSON file at `src`; it renders in a shadow root with the app's calculator
// CSS, themed by CSS custom properties (element.css), and calculates in a worker of its own
// loaded from the package's folder. The host page drives it with the methods and events of
// the embed's handle (issue 32's contract): setValues, getValues, getResult, on, reset, focus.
import { createRoot, type Root } from 'react-dom/client';
import { focusFirstField } from '../components/calculator/calculator-view';
import { checkNamedValues, valuesByName } from '../components/calculator/named-values';
import { initialValues } from '../lib/doc';
import { CalcWorkerClient } from '../lib/engine/client';
import type { EvalResult } from '../lib/types';
import { useUi, type Locale } from '../stores/ui';
import { calcFromText, calcFromUrl, DocSourceError, type LoadedCalc } from './doc-source';
import { ElementView, type ElementState } from './element-view';
import { adoptStyles } from './element-style';
import type {
  CalcsmithCalculator,
  CalcsmithEventDetail,
  CalcsmithEventName,
  CalcsmithResult,
  SetValuesOutcome,
} from '../../../element/calcsmith-element';

/** The worker's file, beside this module in the package (or under the `base` attribute). */
const WORKER_FILE = 'worker.js';
/** This module's address: the package's files are found relative to it. */
const MODULE_URL = import.meta.url;

/** What the host is told about a result: the engine's, without the engine's bookkeeping. */
function publicResult(result: EvalResult): CalcsmithResult {
  return {
    outputs: result.outputs ?? {},
    display: result.display ?? {},
    error: result.error ?? null,
  };
}

/** A module worker at `url`; one on another origin (a CDN) is started from a same-origin blob. */
export function startWorker(url: string): Worker {
  const options: WorkerOptions = { type: 'module', name: 'calcsmith-engine' };
  if (new URL(url).origin === window.location.origin) return new Worker(url, options);
  const blob = new Blob([`import ${JSON.stringify(url)};`], { type: 'text/javascript' });
  return new Worker(URL.createObjectURL(blob), options);
}

export class CalcsmithCalculatorElement extends HTMLElement implements CalcsmithCalculator {
  // `theme` and the custom properties are the stylesheet's (element.css); `base` is read
  // when the worker starts.
  static readonly observedAttributes = ['doc', 'src', 'lang'];

  private readonly shadow: ShadowRoot;
  private readonly container: HTMLDivElement;
  private root: Root | null = null;
  private client: CalcWorkerClient | null = null;
  private state: ElementState = { status: 'loading' };
  private result: EvalResult | null = null;
  private ready = false;
  /** Values set before the calculator arrived, by input name (applied when it does). */
  private early: Record<string, unknown> = {};
  /** The `doc` or `src` the calculator shown came from (it changed while disconnected?). */
  private source: string | null = null;
  /** Counts loads, so an older `src` answering late is ignored. */
  private load = 0;
  private abort: AbortController | null = null;

  constructor() {
    super();
    this.shadow = this.attachShadow({ mode: 'open' });
    adoptStyles(this.shadow);
    this.container = document.createElement('div');
    this.container.className = 'element-host';
    this.shadow.append(this.container);
  }

  connectedCallback(): void {
    this.applyLocale();
    this.root ??= createRoot(this.container);
    if (this.sourceKey() !== this.source) this.reload();
    else this.render();
  }

  disconnectedCallback(): void {
    // Unmounted after the current task: a node moved within the page is connected again by then.
    queueMicrotask(() => {
      if (this.isConnected) return;
      this.root?.unmount();
      this.root = null;
      this.client?.suspend();
      // A fetch cut short here is made again on the next connection.
      if (this.abort) this.source = null;
      this.abort?.abort();
    });
  }

  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    // Before the first connection the attributes are read then (connectedCallback).
    if (old === value || !this.root) return;
    if (name === 'doc' || name === 'src') this.reload();
    else if (name === 'lang') {
      this.applyLocale();
      this.render();
    }
  }

  /** Sets inputs by name; values are checked as a link's are, and what is refused is said. */
  setValues(named: Record<string, unknown>): SetValuesOutcome {
    if (this.state.status !== 'ready') {
      // Spread, not assigned: a `__proto__` key stays a key (and is refused as unknown later).
      if (named && typeof named === 'object') this.early = { ...this.early, ...named };
      return { refused: [], unknown: [] };
    }
    const { values, refused, unknown } = checkNamedValues(this.state.calc.doc, named);
    this.setState({ ...this.state, values: { ...this.state.values, ...values } });
    if (refused.length || unknown.length) {
      const parts = [
        refused.length ? `Values refused: ${refused.join(', ')}.` : '',
        unknown.length ? `No such inputs: ${unknown.join(', ')}.` : '',
      ];
      this.emit('error', { message: parts.filter(Boolean).join(' '), refused, unknown });
    }
    return { refused, unknown };
  }

  /** The inputs' values by name (defaults included); empty before the calculator is there. */
  getValues(): Record<string, unknown> {
    return this.state.status === 'ready'
      ? valuesByName(this.state.calc.doc, this.state.values)
      : {};
  }

  /** The latest result, or null before the first. */
  getResult(): CalcsmithResult | null {
    return this.result ? publicResult(this.result) : null;
  }

  /** Calls `listener` with each event's detail; returns what stops that. */
  on<E extends CalcsmithEventName>(
    event: E,
    listener: (detail: CalcsmithEventDetail[E]) => void,
  ): () => void {
    const handler = (dom: Event) => listener((dom as CustomEvent<CalcsmithEventDetail[E]>).detail);
    this.addEventListener(`calcsmith:${event}`, handler);
    return () => this.removeEventListener(`calcsmith:${event}`, handler);
  }

  /** Back to the calculator's own starting values. */
  reset(): void {
    if (this.state.status !== 'ready') return;
    this.setState({ ...this.state, values: initialValues(this.state.calc.doc) });
  }

  /** Focuses the first field of the calculator (of the step shown); false when it has none. */
  override focus(options?: FocusOptions): boolean {
    const focused = focusFirstField(this.shadow);
    if (!focused) super.focus(options);
    return focused;
  }

  /** Makes the worker: `worker.js` under the `base` attribute, else beside this module. */
  protected createWorker(): Worker {
    return startWorker(new URL(WORKER_FILE, this.getAttribute('base') || MODULE_URL).href);
  }

  private workerClient(): CalcWorkerClient {
    this.client ??= new CalcWorkerClient(() => this.createWorker());
    return this.client;
  }

  private sourceKey(): string {
    return JSON.stringify([this.getAttribute('doc'), this.getAttribute('src')]);
  }

  private reload(): void {
    this.source = this.sourceKey();
    const load = ++this.load;
    this.abort?.abort();
    this.abort = null;
    const text = this.getAttribute('doc');
    const src = this.getAttribute('src');
    if (text !== null) {
      try {
        this.show(calcFromText(text));
      } catch (error) {
        this.fail(error);
      }
      return;
    }
    if (src === null) {
      this.fail(new DocSourceError('no-doc', 'Give the element a doc or a src attribute.'));
      return;
    }
    this.setState({ status: 'loading' });
    const abort = new AbortController();
    this.abort = abort;
    const settle = (then: () => void) => {
      if (load !== this.load || abort.signal.aborted) return;
      this.abort = null;
      then();
    };
    calcFromUrl(src, document.baseURI, fetch, abort.signal).then(
      (calc) => settle(() => this.show(calc)),
      (error: unknown) => settle(() => this.fail(error)),
    );
  }

  private show(calc: LoadedCalc): void {
    this.result = null;
    this.ready = false;
    const values = initialValues(calc.doc);
    this.setState({ status: 'ready', calc, values });
    const early = this.early;
    this.early = {};
    if (Object.keys(early).length) this.setValues(early);
  }

  private fail(error: unknown): void {
    const detail = error instanceof Error ? error.message : String(error);
    this.setState({ status: 'failed', detail });
    this.emit('error', { message: detail });
  }

  private setState(state: ElementState): void {
    this.state = state;
    this.render();
  }

  private readonly onValuesChange = (values: Record<string, unknown>) => {
    if (this.state.status === 'ready') this.setState({ ...this.state, values });
  };

  private readonly onResult = (result: EvalResult) => {
    this.result = result;
    const told = publicResult(result);
    if (!this.ready) {
      this.ready = true;
      this.emit('ready', { values: this.getValues(), result: told });
    }
    this.emit('result', told);
    if (told.error) this.emit('error', { message: told.error });
  };

  private readonly onSubmit = () => {
    this.emit('submit', { values: this.getValues(), result: this.getResult() });
  };

  private render(): void {
    this.root?.render(
      <ElementView
        state={this.state}
        client={this.workerClient()}
        onValuesChange={this.onValuesChange}
        onResult={this.onResult}
        onSubmit={this.onSubmit}
      />,
    );
  }

  private applyLocale(): void {
    const lang = (this.closest('[lang]')?.getAttribute('lang') ?? '').toLowerCase();
    const locale: Locale = lang.startsWith('ru') ? 'ru' : 'en';
    this.container.lang = locale;
    // One language for the page's calculators: the store is the view's, shared.
    if (useUi.getState().locale !== locale) useUi.setState({ locale });
  }

  private emit<E extends CalcsmithEventName>(event: E, detail: CalcsmithEventDetail[E]): void {
    this.dispatchEvent(
      new CustomEvent(`calcsmith:${event}`, { detail, bubbles: true, composed: true }),
    );
  }
}
