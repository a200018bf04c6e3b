// A calculator as visitors see it: inputs, then outputs formatted by the engine; with the
// author's presets, steps, sections and Show-when and Valid-when rules (issue 30).
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
import { SmallMarkdown } from './forms/markdown';
import { PresetsBar } from './forms/presets-bar';
import { ruleState } from './forms/rule-state';
import { sectionsOf } from './forms/sections';
import { Sectioned } from './forms/sectioned';
import { StepNav, StepProgress } from './forms/step-parts';
import { outputsOnEveryStep } from './forms/steps';
import { useSteps } from './forms/use-steps';
import './forms/forms.css';

export interface CalculatorViewProps {
  doc: CalcDoc;
  style?: DocStyle;
  values: Record<string, unknown>;
  onValuesChange(values: Record<string, unknown>): void;
  result: EvalResult | null;
  pending?: boolean;
  /** Why the pending result is late, a worker that could not load or a server too busy to
   * calculate (with a retry). */
  progress?: Pick<Calculation, 'late' | 'unavailable' | 'serverBusy' | 'retry'>;
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
  /** Shown below the outputs, in the calculator's colours (the visitor's submission form);
   * with steps, on the last step only. */
  footer?: ReactNode;
  /** The step to open on, by id (a link's); the first step without one. */
  step?: string | null;
  /** Told each step the visitor moves to. */
  onStepChange?(stepId: string): void;
}

/** What a calculator without an author's background sits on, by theme (styles.css). */
const THEME_SURFACE: Record<Theme, Rgb> = { light: [255, 255, 255], dark: [17, 38, 72] };

/** The libraries' names as their makers write them. */
const LIBRARY_NAMES: Record<(typeof LIBRARIES)[number], string> = {
  lodash: 'Lodash',
  moment: 'Moment.js',
  mathjs: 'Math.js',
  formulajs: 'formula.js',
  decimal: 'decimal.js',
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

/** Whether a member of a section (input or output) is in one the rules hid. */
const inHiddenSection = (item: Record<string, unknown>, hidden: ReadonlySet<string>) =>
  typeof item.section === 'string' && hidden.has(item.section);

/**
 * Focuses the first field of the step shown in a calculator under `root` (not a preset's
 * button, not a hidden step's field): the embed's `?autofocus=1`, a host page's `focus()`
 * and the element's; false when there is none.
 */
export function focusFirstField(root: ParentNode): boolean {
  const first = Array.from(
    root.querySelectorAll<HTMLElement>(
      ['input', 'select', 'button'].map((tag) => `.calc-inputs .field-row ${tag}`).join(', '),
    ),
  ).find((control) => !control.closest('[hidden]'));
  first?.focus();
  return !!first;
}

export function CalculatorView(props: CalculatorViewProps) {
  const t = useT(calcMessages);
  const { doc, result, values } = props;
  const inputs = useMemo(() => doc.metaInputs ?? [], [doc]);
  const outputs = doc.metaOutputs ?? [];
  const base = useId();
  const root = useRef<HTMLDivElement>(null);
  const pageTheme = useUi((s) => s.theme);
  const locale = useUi((s) => s.locale);
  const sections = useMemo(() => sectionsOf(doc), [doc]);
  // What the author's rules hid (a hidden section hides its members) and found invalid.
  const rules = useMemo(() => ruleState(result), [result]);
  const ruleHidden = useMemo(
    () =>
      new Set([
        ...rules.hiddenInputs,
        ...inputs
          .filter((input) => inHiddenSection(input, rules.hiddenSections))
          .map((input) => input.name),
      ]),
    [rules, inputs],
  );
  // A value that breaks its input's rules is never calculated with (input-rules.ts).
  const problems = useMemo(() => inputProblems(doc, values, ruleHidden), [doc, values, ruleHidden]);
  const blocked = Object.keys(problems).length > 0;
  const busy = useBusy(!!props.pending && !!result && !blocked);
  const late = blocked ? null : props.progress?.late;
  const serverBusy = !blocked && !!props.progress?.serverBusy;
  const unavailable = serverBusy || (!blocked && !!props.progress?.unavailable);
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
  const inputShown = (input: InputDef) =>
    !!props.showAll || (!inputHidden(input, result) && !ruleHidden.has(input.name));
  const visibleInputs = inputs.filter(inputShown);
  // The outputs wait while a shown input breaks one of the author's Valid-when rules.
  const waiting =
    !blocked && !props.showAll && visibleInputs.some((input) => input.name in rules.invalid);
  const visibleOutputs = outputs.filter(
    (output) =>
      props.showAll ||
      (!rules.hiddenOutputs.has(output.name) &&
        !inHiddenSection(output, rules.hiddenSections) &&
        !outputHidden(output, blocked || waiting ? null : result)),
  );
  const controlIdOf = (input: InputDef) => `${base}-in-${input.id}`;
  const errorOf = (input: InputDef): string | undefined => {
    const problem = problems[String(input.id)];
    return (
      props.inputErrors?.[String(input.id)] ??
      (problem ? problemText(t, problem, locale) : undefined) ??
      (props.showAll ? undefined : rules.invalid[input.name])
    );
  };
  const steps = useSteps({
    doc,
    shown: inputShown,
    errorOf,
    controlIdOf,
    enabled: !props.showAll,
    initial: props.step,
    onChange: props.onStepChange,
    pending: !!props.pending,
    root,
  });
  const outputsShown = !steps.active || steps.isLast || outputsOnEveryStep(doc);

  useEffect(() => {
    if (props.autofocus && root.current) focusFirstField(root.current);
  }, [props.autofocus]);

  const field = (input: InputDef) => {
    const value = values[String(input.id)];
    return (
      <InputField
        key={input.id}
        input={input}
        controlId={controlIdOf(input)}
        value={value === undefined ? defaultValue(input.type) : value}
        onChange={(next) => props.onValuesChange({ ...values, [String(input.id)]: next })}
        error={errorOf(input)}
      />
    );
  };
  const fields = (shown: readonly InputDef[], level: 3 | 4) => (
    <Sectioned items={shown} sections={sections} render={field} level={level} />
  );
  const output = (each: OutputDef) => (
    <div className={`output output-${each.type}`} key={each.id} data-output={each.name}>
      <dt>{each.name}</dt>
      <dd>
        {blocked || waiting ? (
          <span className="output-text placeholder">{t('notCalculatedValue')}</span>
        ) : result ? (
          <OutputValue
            output={each}
            display={result.display?.[each.name]}
            raw={result.outputs?.[each.name]}
            rounded={result.csv?.[each.name]}
            calcName={String(doc.name ?? '')}
          />
        ) : (
          <span className="output-text placeholder">{t('calculating')}</span>
        )}
      </dd>
    </div>
  );

  return (
    <div
      className="calculator"
      style={styleToCss(props.style, props.theme ?? pageTheme, pageTheme)}
      ref={root}
    >
      <SmallMarkdown text={doc.description} className="calc-description" />
      <section className="calc-inputs" aria-labelledby={`${base}-inputs`}>
        <h2 id={`${base}-inputs`} className="calc-section-title">
          {doc.inputs_label || t('inputs')}
        </h2>
        <PresetsBar doc={doc} values={values} onValuesChange={props.onValuesChange} />
        {inputs.length === 0 && <p className="muted">{t('noInputs')}</p>}
        {steps.active ? (
          <>
            <StepProgress steps={steps} />
            {/* Every step is there (print shows them all); only the current one on screen. */}
            <div className="calc-steps" onKeyDown={steps.onKeyDown}>
              {steps.shown.map((step) => {
                const current = step === steps.current;
                return (
                  <div key={step.id} className="calc-step" data-step={step.id} hidden={!current}>
                    <h3
                      className="calc-step-title"
                      tabIndex={-1}
                      ref={current ? steps.headingRef : undefined}
                    >
                      {step.title}
                    </h3>
                    <SmallMarkdown text={step.description} className="calc-step-description" />
                    {fields((steps.members.get(step.id) ?? []).filter(inputShown), 4)}
                  </div>
                );
              })}
            </div>
            <StepNav steps={steps} />
          </>
        ) : (
          fields(visibleInputs, 3)
        )}
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
        hidden={!outputsShown}
      >
        <h2 id={`${base}-outputs`} className="calc-section-title">
          {doc.outputs_label || t('outputs')}
        </h2>
        {/* Always there and out of the flow, so marking the outputs stale shifts nothing. */}
        <span className="busy-note" role="status">
          {busy ? t('recalculating') : ''}
        </span>
        {(blocked || waiting) && (
          <p className="calc-error not-calculated" role="status">
            {t(blocked ? 'notCalculated' : 'fixHighlighted')}
            {steps.faultElsewhere !== null && (
              <>
                {' '}
                <button type="button" className="button subtle" onClick={steps.goToFault}>
                  {t('goToStep', { n: steps.faultElsewhere })}
                </button>
              </>
            )}
          </p>
        )}
        {lateText && (
          <p className="calc-late" role="status">
            {lateText}
          </p>
        )}
        {unavailable ? (
          <div className="calc-error calc-unavailable" role="alert">
            <p>{t(serverBusy ? 'serverBusy' : 'unavailable')}</p>
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
        ) : sections.length === 0 ? (
          <dl className="output-list" aria-live="polite">
            {visibleOutputs.map(output)}
          </dl>
        ) : (
          <Sectioned
            items={visibleOutputs}
            sections={sections}
            render={output}
            wrap={(children, key) => (
              <dl className="output-list" aria-live="polite" key={key}>
                {children}
              </dl>
            )}
          />
        )}
      </section>
      {props.footer && (!steps.active || steps.isLast) && (
        <div className="calc-footer">{props.footer}</div>
      )}
    </div>
  );
}
