// The visitor's way through a calculator's steps (issue 30): which step is shown, Next
// (which first checks the step's shown inputs: required, min, max and Valid-when, waiting
// for a calculation on its way) and Back, Enter in a field for Next, and the focus on the
// new step's heading.
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
}

/** The steps of `options.doc` as the visitor goes through them. */
export function useSteps(options: StepsOptions): Steps {
  const { doc, shown, errorOf, controlIdOf, pending, root } = options;
  const all = options.enabled ? stepsOf(doc) : [];
  const members = stepInputs(all, doc.metaInputs ?? []);
  const visible = shownSteps(all, members, shown);
  const [wanted, setWanted] = useState(options.initial ?? null);
  const current = currentStep(all, visible, wanted);
  const at = current ? visible.indexOf(current) : -1;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  // Next asked for (counted), and the last request handled.
  const [asked, setAsked] = useState(0);
  const handled = useRef(0);
  const { onChange } = options;

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    headingRef.current?.focus();
  }, [current?.id]);

  useEffect(() => {
    if (asked === handled.current || pending || !current) return;
    handled.current = asked;
    const failing = (members.get(current.id) ?? []).filter(shown).find((input) => errorOf(input));
    if (failing) {
      const id = controlIdOf(failing);
      const control = root.current?.ownerDocument.getElementById(id);
      (control?.matches('input, select, button, textarea')
        ? control
        : control?.querySelector<HTMLElement>('input, select, button')
      )?.focus();
      return;
    }
    const following = visible[at + 1];
    if (!following) return;
    moved.current = true;
    setWanted(following.id);
    onChange?.(following.id);
  }, [asked, pending, current, members, shown, errorOf, controlIdOf, root, visible, at, onChange]);

  const back = () => {
    const previous = visible[at - 1];
    if (!previous) return;
    moved.current = true;
    setWanted(previous.id);
    onChange?.(previous.id);
  };
  const next = () => setAsked((count) => count + 1);
  const isLast = at === visible.length - 1;
  return {
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
