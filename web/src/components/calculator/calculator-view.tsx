// A calculator as visitors see it: inputs, then outputs formatted by the engine.
import { useEffect, useId, useRef, type CSSProperties } from 'react';
import { useT } from '../../lib/i18n';
import { defaultValue } from '../../lib/doc';
import type { CalcDoc, DocStyle, EvalResult, InputDef, OutputDef } from '../../lib/types';
import { InputControl } from './input-control';
import { OutputValue } from './output-view';
import { calcMessages } from './messages';

export interface CalculatorViewProps {
  doc: CalcDoc;
  style?: DocStyle;
  values: Record<string, unknown>;
  onValuesChange(values: Record<string, unknown>): void;
  result: EvalResult | null;
  pending?: boolean;
  /** Edit mode shows every input and output, autohide or not (clarifications). */
  showAll?: boolean;
  /** Focus the first visible input once shown (embed `?autofocus=1`). */
  autofocus?: boolean;
}

/** The doc's style as CSS (font size in pt). */
export function styleToCss(style: DocStyle | undefined): CSSProperties {
  const css: CSSProperties = {};
  if (style?.bgcolor) css.backgroundColor = style.bgcolor;
  if (style?.fcolor) css.color = style.fcolor;
  if (style?.fsize && Number(style.fsize) > 0) css.fontSize = `${Number(style.fsize)}pt`;
  return css;
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
  const visibleInputs = inputs.filter((input) => props.showAll || !inputHidden(input, result));
  const visibleOutputs = outputs.filter((output) => props.showAll || !outputHidden(output, result));

  useEffect(() => {
    if (!props.autofocus) return;
    root.current
      ?.querySelector<HTMLElement>('.calc-inputs input, .calc-inputs select, .calc-inputs button')
      ?.focus();
  }, [props.autofocus]);

  return (
    <div className="calculator" style={styleToCss(props.style)} ref={root}>
      {doc.description && <p className="calc-description">{String(doc.description)}</p>}
      <section className="calc-inputs" aria-labelledby={`${base}-inputs`}>
        <h2 id={`${base}-inputs`} className="calc-section-title">
          {doc.inputs_label || t('inputs')}
        </h2>
        {inputs.length === 0 && <p className="muted">{t('noInputs')}</p>}
        {visibleInputs.map((input) => {
          const controlId = `${base}-in-${input.id}`;
          const value = values[String(input.id)];
          return (
            <div className="field-row" key={input.id}>
              <label id={`${controlId}-label`} htmlFor={controlId} className="field-label">
                {input.name}
              </label>
              <InputControl
                input={input}
                controlId={controlId}
                value={value === undefined ? defaultValue(input.type) : value}
                onChange={(next) => props.onValuesChange({ ...values, [String(input.id)]: next })}
              />
            </div>
          );
        })}
      </section>
      <section
        className="calc-outputs"
        aria-labelledby={`${base}-outputs`}
        aria-busy={props.pending && !result}
      >
        <h2 id={`${base}-outputs`} className="calc-section-title">
          {doc.outputs_label || t('outputs')}
        </h2>
        {result?.error ? (
          <p className="calc-error" role="alert">
            {result.error}
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
                  {result ? (
                    <OutputValue output={output} display={result.display?.[output.name]} />
                  ) : (
                    <span className="output-text placeholder">{t('calculating')}</span>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </section>
    </div>
  );
}
