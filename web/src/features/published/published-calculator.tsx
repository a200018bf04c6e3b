import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { CalculatorView } from '../../components/calculator/calculator-view';
import { useCalculation } from '../../components/calculator/use-calculation';
import {
  isPrivateScript,
  useServerCalculation,
} from '../../components/calculator/server-calculation';
import { hasInputProblems } from '../../components/calculator/input-rules';
import { ruleState } from '../../components/calculator/forms/rule-state';
import { useT } from '../../stores/i18n';
import type { EvalResult, PublishedCalc } from '../../lib/types';
import type { Theme } from '../../stores/ui';
import { settingsOf } from '../../lib/submissions/settings';
import { publishedMessages } from './messages';
import { SubmitForm } from './submit-form';
import { useEmbedBridge } from './use-embed-bridge';

// The What if… panel (issue 33), loaded only for a calculator whose author lets visitors explore.
const WhatIf = lazy(() => import('../../partials/what_if'));

/** A published calculator with live results; the server's result shows until then. */
export function PublishedCalculator(props: {
  calc: PublishedCalc;
  values: Record<string, unknown>;
  initial: EvalResult | null;
  /** Values the link gave that the inputs refused (input id → the value). */
  refused?: Record<string, string>;
  /** The step the link opens on (a calculator with steps). */
  step?: string | null;
  /** Told each step the visitor moves to (the share dialog's link can carry it). */
  onStepChange?(stepId: string): void;
  autofocus?: boolean;
  theme?: Theme;
  /** Told every change of the values (the share dialog can carry them). */
  onValuesChange?(values: Record<string, unknown>): void;
  /** Told each error the visitor is shown (for the author's analytics). */
  onError?(message: string): void;
  /** The calculator's id: with the author's `explore`, the What if… panel shows. */
  calcId?: string;
  /** The page embedding the calculator, sent with a submission (an embed's). */
  site?: string;
  /** Told when the visitor's submission has been stored (the analytics beacon). */
  onSubmitted?(): void;
  /** In `/embed/{id}`: the host page may talk to it (embed-bridge.ts). */
  embedded?: boolean;
}) {
  const t = useT(publishedMessages);
  const [values, setValues] = useState(props.values);
  // A refusal is shown until the visitor sets that input.
  const [refused, setRefused] = useState(props.refused ?? {});
  // A private script is not in the doc: the server calculates, and the worker stays idle.
  const remote = isPrivateScript(props.calc.doc);
  const local = useCalculation(props.calc.doc, values, {
    initial: props.initial,
    suspended: remote,
  });
  const server = useServerCalculation(props.calcId, values, {
    initial: props.initial,
    off: !remote,
  });
  const calculation = remote ? server : local;
  const { result, pending } = calculation;
  // An error is shown (and told) only when the outputs are: not while an input is at fault
  // (with Show-when rules the calculation runs then too, to learn what is hidden).
  const atFault = hasInputProblems(props.calc.doc, values, ruleState(result).hiddenInputs);
  const shownError = pending || atFault ? null : (result?.error ?? null);
  /** Shows `next`: a refusal is dropped once its input changes. */
  const show = (next: Record<string, unknown>) => {
    setRefused((old) =>
      Object.fromEntries(Object.entries(old).filter(([id]) => next[id] === values[id])),
    );
    setValues(next);
  };
  /** The visitor's change (a host page's is only shown: it is no visitor's engagement). */
  const change = (next: Record<string, unknown>) => {
    show(next);
    props.onValuesChange?.(next);
  };
  const bridge = useEmbedBridge({
    enabled: !!props.embedded,
    calcId: props.calcId,
    doc: props.calc.doc,
    values,
    change: show,
    result,
    pending,
    atFault,
  });
  const { onError } = props;
  useEffect(() => {
    if (shownError) onError?.(String(shownError));
  }, [shownError, onError]);
  const inputErrors = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(refused).map(([id, value]) => [id, t('refusedValue', { value })]),
      ),
    [refused, t],
  );
  // The author's form, when the published version collects submissions.
  const settings = settingsOf(props.calc.doc);
  const form =
    settings?.enabled && props.calcId ? (
      <SubmitForm
        calcId={props.calcId}
        settings={settings}
        values={values}
        site={props.site}
        onSubmitted={() => {
          props.onSubmitted?.();
          bridge.submitted(values);
        }}
      />
    ) : undefined;
  const view = (
    <CalculatorView
      doc={props.calc.doc}
      style={props.calc.doc_style}
      values={values}
      onValuesChange={change}
      result={result}
      pending={pending}
      progress={calculation}
      autofocus={props.autofocus}
      theme={props.theme}
      inputErrors={inputErrors}
      footer={form}
      step={props.step}
      onStepChange={props.onStepChange}
    />
  );
  if (remote)
    return (
      <>
        {view}
        <p className="muted private-script-note">{t('privateScript')}</p>
      </>
    );
  if (props.calc.doc.explore !== true || !props.calcId) return view;
  return (
    <>
      {view}
      <Suspense fallback={null}>
        <WhatIf
          doc={props.calc.doc}
          values={values}
          result={result}
          onValuesChange={change}
          storageKey={props.calcId}
          shareUrl={`${window.location.origin}/calc/${props.calcId}`}
        />
      </Suspense>
    </>
  );
}
