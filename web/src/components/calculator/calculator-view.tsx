// A calculator as visitors see it: inputs, then outputs formatted by the engine.
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { useT } from '../../stores/i18n';
import { useUi, type Theme } from '../../stores/ui';
import { derivePalette, paletteToCss, type Rgb } from './colours';
import { defaultValue } from '../../lib/doc';
import { localizeEngineMessage } from '../../lib/engine/engine-messages';
import { LIBRARIES } from '../../lib/engine/protocol';
import type { Calculation } from './use-calculation';
import type { CalcDoc, DocStyle, EvalResult, InputDef, OutputDef } from '../../lib/types';
import { InputField } from './input-control';
import { inputProblems } from './input-rules';
import { OutputValue } from './output-view';
import { calcMessages, problemText } from './messages';

export interface CalculatorViewProps {
  doc: CalcDoc;
  style?: DocStyle;
  values: Record<string, unknown>;
  onValuesChange(values: Record<string, unknown>): void;
  result: EvalResult | null;
  pending?: boolean;
  /** Why the pending result is late, and a worker that could not load (with a retry). */
  progress?: Pick<Calculation, 'late' | 'unavailable' | 'retry'>;
  /** Edit mode shows every input and output, autohide or not (clarifications). */
  showAll?: boolean;
  /** The outputs are for other values than those shown (debug mode before Run). */
  stale?: boolean;
  /** Focus the first visible input once shown (embed `?autofocus=1`). */
  autofocus?: boolean;
  /** The calculator's own theme (the author's pin or the embed's `?theme=`). */
  theme?: Theme;
  /** Why an input's value was not taken (keyed by input id), shown at the input. */
  inputErrors?: Record<string, string>;
  /** Shown below the outputs, in the calculator's colours (the visitor's submission form). */
  footer?: ReactNode;
}

/** What a calculator without an author's background sits on, by theme (styles.css). */
const THEME_SURFACE: Record<Theme, Rgb> = { light: [255, 255, 255], dark: [17, 38, 72] };

/** The libraries' names as their makers write them. */
const LIBRARY_NAMES: Record<(typeof LIBRARIES)[number], string> = {
  lodash: 'Lodash',
  moment: 'Moment.js',
  mathjs: 'Math.js',
};

/** How long a calculation runs before its outputs are marked as being recalculated. */
export const BUSY_AFTER_MS = 300;

/**
 * The doc's style as CSS (font size in pt). The author's colours, or a theme other than
 * the page's, give the calculator its own legible palette (colours.ts); otherwise it
 * follows the page's theme.
 */
export function styleToCss(
  style: DocStyle | undefined,
  theme: Theme,
  pageTheme: Theme = theme,
): CSSProperties {
  const own = !!style?.bgcolor || !!style?.fcolor || theme !== pageTheme;
  const css: CSSProperties = own
    ? paletteToCss(derivePalette(style?.bgcolor, style?.fcolor, THEME_SURFACE[theme]))
    : {};
  if (style?.fsize && Number(style.fsize) > 0) css.fontSize = `${Number(style.fsize)}pt`;
  return css;
}

/** True once `pending` has lasted `BUSY_AFTER_MS` (a quick answer shows no flicker). */
export function useBusy(pending: boolean): boolean {
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setBusy(true), BUSY_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setBusy(false);
    };
  }, [pending]);
  return pending && busy;
}

function inputHidden(input: InputDef, result: EvalResult | null): boolean {
  return !!input.autohide && !!result && !result.error && !result.usedInputs.includes(input.name);
}

function outputHidden(output: OutputDef, result: EvalResult | null): boolean {
  if (!result || result.error) return false;
  const display = result.display?.[output.name];
  return (
    display === null || display === undefined || (Array.isArray(display) && display.length === 0)
  );
}

export function CalculatorView(props: CalculatorViewProps) {
  const t = useT(calcMessages);
  const { doc, result, values } = props;
  const inputs = doc.metaInputs ?? [];
  const outputs = doc.metaOutputs ?? [];
  const base = useId();
  const root = useRef<HTMLDivElement>(null);
  const pageTheme = useUi((s) => s.theme);
  const locale = useUi((s) => s.locale);
  // A value that breaks its input's rules is never calculated with (input-rules.ts).
  const problems = useMemo(() => inputProblems(doc, values), [doc, values]);
  const blocked = Object.keys(problems).length > 0;
  const busy = useBusy(!!props.pending && !!result && !blocked);
  const late = blocked ? null : props.progress?.late;
  const unavailable = !blocked && !!props.progress?.unavailable;
  // What is still loading: the libraries the calculator uses, else the engine itself.
  const libraries = LIBRARIES.filter((name) => doc.libraries?.[name]).map(
    (name) => LIBRARY_NAMES[name],
  );
  const lateText =
    late === 'loading'
      ? t('lateLoading', {
          what: libraries.length
            ? new Intl.ListFormat(locale, { type: 'conjunction' }).format(libraries)
            : t('lateEngine'),
        })
      : late === 'calculating'
        ? t('lateCalculating')
        : late === 'building'
          ? t('lateBuilding')
          : null;
  const stale = !!props.stale && !!result && !blocked;
  const visibleInputs = inputs.filter((input) => props.showAll || !inputHidden(input, result));
  const visibleOutputs = outputs.filter(
    (output) => props.showAll || !outputHidden(output, blocked ? null : result),
  );

  useEffect(() => {
    if (!props.autofocus) return;
    root.current
      ?.querySelector<HTMLElement>('.calc-inputs input, .calc-inputs select, .calc-inputs button')
      ?.focus();
  }, [props.autofocus]);

  return (
    <div
      className="calculator"
      style={styleToCss(props.style, props.theme ?? pageTheme, pageTheme)}
      ref={root}
    >
      {doc.description && <p className="calc-description">{String(doc.description)}</p>}
      <section className="calc-inputs" aria-labelledby={`${base}-inputs`}>
        <h2 id={`${base}-inputs`} className="calc-section-title">
          {doc.inputs_label || t('inputs')}
        </h2>
        {inputs.length === 0 && <p className="muted">{t('noInputs')}</p>}
        {visibleInputs.map((input) => {
          const controlId = `${base}-in-${input.id}`;
          const value = values[String(input.id)];
          const problem = problems[String(input.id)];
          return (
            <InputField
              key={input.id}
              input={input}
              controlId={controlId}
              value={value === undefined ? defaultValue(input.type) : value}
              onChange={(next) => props.onValuesChange({ ...values, [String(input.id)]: next })}
              error={
                props.inputErrors?.[String(input.id)] ??
                (problem ? problemText(t, problem, locale) : undefined)
              }
            />
          );
        })}
        {inputs.some((input) => input.required === true && input.type !== 'binary') && (
          <p className="required-note muted" aria-hidden="true">
            {t('requiredNote')}
          </p>
        )}
      </section>
      <section
        className={`calc-outputs ${busy ? 'busy' : ''} ${busy || stale ? 'values-stale' : ''}`}
        aria-labelledby={`${base}-outputs`}
        aria-busy={(props.pending && !result && !blocked) || busy}
      >
        <h2 id={`${base}-outputs`} className="calc-section-title">
          {doc.outputs_label || t('outputs')}
        </h2>
        {/* Always there and out of the flow, so marking the outputs stale shifts nothing. */}
        <span className="busy-note" role="status">
          {busy ? t('recalculating') : ''}
        </span>
        {blocked && (
          <p className="calc-error not-calculated" role="status">
            {t('notCalculated')}
          </p>
        )}
        {lateText && (
          <p className="calc-late" role="status">
            {lateText}
          </p>
        )}
        {unavailable ? (
          <div className="calc-error calc-unavailable" role="alert">
            <p>{t('unavailable')}</p>
            <button type="button" className="button" onClick={props.progress?.retry}>
              {t('retry')}
            </button>
          </div>
        ) : result?.error && !blocked ? (
          <p className="calc-error" role="alert">
            {localizeEngineMessage(result.error, locale)}
          </p>
        ) : outputs.length === 0 ? (
          <p className="muted">{t('noOutputs')}</p>
        ) : (
          <dl className="output-list" aria-live="polite">
            {visibleOutputs.map((output) => (
              <div
                className={`output output-${output.type}`}
                key={output.id}
                data-output={output.name}
              >
                <dt>{output.name}</dt>
                <dd>
                  {blocked ? (
                    <span className="output-text placeholder">{t('notCalculatedValue')}</span>
                  ) : result ? (
                    <OutputValue
                      output={output}
                      display={result.display?.[output.name]}
                      raw={result.outputs?.[output.name]}
                      calcName={String(doc.name ?? '')}
                    />
                  ) : (
                    <span className="output-text placeholder">{t('calculating')}</span>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      {props.footer && <div className="calc-footer">{props.footer}</div>}
    </div>
  );
}
