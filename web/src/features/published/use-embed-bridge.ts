// The embed protocol's frame side (embed-bridge.ts) wired to a published calculator's values
// and results (published-calculator.tsx): a host page's setValues and reset go through the
// same change as a visitor's, and the host is told what the visitor sees.
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { CalcsmithResult } from '../../../public/embed';
import { focusFirstField } from '../../components/calculator/calculator-view';
import { initialValues } from '../../lib/doc';
import type { CalcDoc, EvalResult } from '../../lib/types';
import { announce, createEmbedBridge, type EmbedBridge } from './embed-bridge';

export interface EmbedBridgeOptions {
  /** Off outside a frame, and on pages other than `/embed/{id}`. */
  enabled: boolean;
  calcId: string | undefined;
  doc: CalcDoc;
  values: Record<string, unknown>;
  change(values: Record<string, unknown>): void;
  result: EvalResult | null;
  pending: boolean;
  /** An input breaks its rules: the visitor sees no outputs, nor does the host. */
  atFault: boolean;
}

/** The result as the host is told it: what the visitor sees, null while calculating. */
function hostResult(options: EmbedBridgeOptions): CalcsmithResult | null {
  const { result, pending, atFault } = options;
  if (!result || pending) return null;
  if (atFault) return { outputs: null, display: null, error: null };
  return {
    outputs: result.outputs ?? null,
    display: result.display ?? null,
    error: result.error ?? null,
  };
}

/** Answers the host page; returns what to call when the visitor's form was sent. */
export function useEmbedBridge(options: EmbedBridgeOptions): {
  submitted(values: Record<string, unknown>): void;
} {
  const { enabled, calcId, doc } = options;
  // The bridge reads the latest render's values (and those a host has just set).
  const latest = useRef({ values: options.values, result: hostResult(options), options });
  useLayoutEffect(() => {
    latest.current = { values: options.values, result: hostResult(options), options };
  });
  const bridge = useRef<EmbedBridge | null>(null);

  useEffect(() => {
    if (!enabled || !calcId || window.parent === window) return;
    const created = createEmbedBridge({
      calcId,
      doc,
      parent: window.parent,
      post: (message, origin) => window.parent.postMessage(message, origin),
      values: () => latest.current.values,
      result: () => latest.current.result,
      setValues: (values) => {
        latest.current = { ...latest.current, values };
        latest.current.options.change(values);
      },
      defaults: () => initialValues(doc),
      focus: () => focusFirstField(document),
    });
    bridge.current = created;
    const listener = (event: MessageEvent) => created.receive(event);
    window.addEventListener('message', listener);
    announce(window.parent, calcId);
    return () => {
      window.removeEventListener('message', listener);
      bridge.current = null;
    };
  }, [enabled, calcId, doc]);

  const { values, result, pending, atFault } = options;
  useEffect(() => {
    bridge.current?.update();
  }, [values, result, pending, atFault]);

  return useMemo(() => ({ submitted: (sent) => bridge.current?.submitted(sent) }), []);
}
