// The visitor's way through a calculator's steps (issue 30): which step is shown, Next
// (which first checks the step's shown inputs: required, min, max and Valid-when, waiting
// for a calculation on its way) and Back, Enter in a field for Next, the focus on the
// new step's heading, and the way to a field at fault on another step.
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { CalcDoc, InputDef } from '../../../lib/types';
import { currentStep, shownSteps, stepInputs, stepsOf, type StepDef } from './steps';

export interface StepsOptions {
  doc: CalcDoc;
  /** Whether an input is shown now (autohide and the Show-when rules). */
  shown(input: InputDef): boolean;
  /** The input's error as shown at it, if any. */
  errorOf(input: InputDef): string | undefined;
  /** The id of the input's control (focused when its error stops Next). */
  controlIdOf(input: InputDef): string;
  /** Steps apply (not in the editor's every-input view). */
  enabled: boolean;
  /** The step to open on (by id; a link's). */
  initial?: string | null;
  /** Told each step the visitor moves to. */
  onChange?(stepId: string): void;
  /** A calculation is on its way: Next waits for it, as it may find a value invalid. */
  pending: boolean;
  root: RefObject<HTMLElement | null>;
}

export interface Steps {
  /** The doc has steps (and they apply). */
  active: boolean;
  /** The steps the visitor goes through (those with every input hidden are skipped). */
  shown: StepDef[];
  /** Each step's inputs, in the doc's order. */
  members: ReadonlyMap<string, InputDef[]>;
  current: StepDef | null;
  /** The current step's place among the shown ones, from 1. */
  position: number;
  isLast: boolean;
  next(): void;
  back(): void;
  /** On the shown step's heading: it takes the focus when the step changes. */
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** Enter in a field of a step that is not the last is Next. */
  onKeyDown(event: KeyboardEvent<HTMLElement>): void;
  /**
   * The first step with a shown input at fault when none on the shown step is (a link can
   * open past it): its place from 1. The outputs wait for it, and no field on screen says why.
   */
  faultElsewhere: number | null;
  /** Shows that step with its input at fault focused. */
  goToFault(): void;
}

/** What takes the focus next: the step's heading (`id` null) or a field's control. */
type FocusRequest = { id: string | null };

/** The steps of `options.doc` as the visitor goes through them. */
export function useSteps(options: StepsOptions): Steps {
  const { doc, shown, errorOf, controlIdOf, pending, root, onChange } = options;
  const all = options.enabled ? stepsOf(doc) : [];
  const members = stepInputs(all, doc.metaInputs ?? []);
  const visible = shownSteps(all, members, shown);
  const [wanted, setWanted] = useState(options.initial ?? null);
  const current = currentStep(all, visible, wanted);
  const at = current ? visible.indexOf(current) : -1;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A new object each time, so asking twice for the same focus focuses twice.
  const [focus, setFocus] = useState<FocusRequest | null>(null);
  // Next asked for on this step while a calculation was on its way.
  const [waitingFrom, setWaitingFrom] = useState<string | null>(null);
  const reported = useRef(options.initial ?? null);

  const moveTo = (step: StepDef) => {
    setWanted(step.id);
    setFocus({ id: null });
  };
  const failingIn = (step: StepDef) =>
    (members.get(step.id) ?? []).filter(shown).find((input) => errorOf(input));
  // Next: the step's first failing shown input takes the focus, else the next step shows.
  const check = () => {
    if (!current) return;
    const failing = failingIn(current);
    if (failing) setFocus({ id: controlIdOf(failing) });
    else if (visible[at + 1]) moveTo(visible[at + 1]);
  };
  const faultAt = current && !failingIn(current) ? visible.findIndex((s) => failingIn(s)) : -1;
  // The calculation Next waited for has come: check the step with its answer.
  if (waitingFrom !== null && !pending) {
    setWaitingFrom(null);
    if (waitingFrom === current?.id) check();
  }

  useEffect(() => {
    if (!focus) return;
    if (focus.id === null) {
      headingRef.current?.focus();
      return;
    }
    const control = root.current?.ownerDocument.getElementById(focus.id);
    (control?.matches('input, select, button, textarea')
      ? control
      : control?.querySelector<HTMLElement>('input, select, button')
    )?.focus();
  }, [focus, root]);

  useEffect(() => {
    if (wanted === reported.current || wanted === null) return;
    reported.current = wanted;
    onChange?.(wanted);
  }, [wanted, onChange]);

  const next = () => {
    if (pending && current) setWaitingFrom(current.id);
    else check();
  };
  const back = () => {
    if (visible[at - 1]) moveTo(visible[at - 1]);
  };
  const isLast = at === visible.length - 1;
  return {
    faultElsewhere: faultAt < 0 ? null : faultAt + 1,
    goToFault() {
      const step = visible[faultAt];
      const failing = step && failingIn(step);
      if (!failing) return;
      setWanted(step.id);
      setFocus({ id: controlIdOf(failing) });
    },
    active: visible.length > 0,
    shown: visible,
    members,
    current,
    position: at + 1,
    isLast,
    next,
    back,
    headingRef,
    onKeyDown(event) {
      if (event.key !== 'Enter' || isLast || event.nativeEvent.isComposing) return;
      const target = event.target;
      if (!(target instanceof HTMLInputElement)) return;
      if (['button', 'submit', 'reset'].includes(target.type)) return;
      event.preventDefault();
      next();
    },
  };
}
