// The frame's side of the embed protocol (lib/embed-protocol.ts, docs/embed.md): what an
// `/embed/{id}` page answers its host page. It listens to its parent window only, to
// messages of protocol 1 about its own calculator, from an origin the doc's `embedDomains`
// allow; it answers the origin that said hello and no other. A host's values are read as a
// link's hash values are (value-check.ts), so a host can set nothing a link could not.
import type { CalcsmithError, CalcsmithResult } from '../../../public/embed';
import { checkNamedValues, valuesByName } from '../../components/calculator/named-values';
import { embedOriginAllowed } from '../../lib/embed-domains';
import {
  envelope,
  LEGACY_HEIGHT,
  MAX_VALUES_JSON,
  readHostMessage,
  type FrameMessage,
} from '../../lib/embed-protocol';
import type { CalcDoc } from '../../lib/types';

/** What the bridge needs of the page (the hook gives the calculator's, tests their own). */
export interface BridgeEnv {
  calcId: string;
  doc: CalcDoc;
  /** The window that may talk to the frame: its parent. */
  parent: MessageEventSource | null;
  post(message: unknown, targetOrigin: string): void;
  /** The values now, keyed by input id. */
  values(): Record<string, unknown>;
  /** The latest result as the host sees it (null while calculating). */
  result(): CalcsmithResult | null;
  /** Shows `values` (by input id, already checked) in the calculator. */
  setValues(values: Record<string, unknown>): void;
  /** The author's defaults, by input id. */
  defaults(): Record<string, unknown>;
  focus(): void;
}

/** The part of a MessageEvent the bridge reads. */
export type Incoming = Pick<MessageEvent, 'data' | 'origin' | 'source'>;

export interface EmbedBridge {
  receive(event: Incoming): void;
  /** Tells the host the values and result now, when they differ from what it was told. */
  update(): void;
  submitted(values: Record<string, unknown>): void;
  /** The origin that said hello, or null. */
  host(): string | null;
}

/** The sites the doc allows (`embedDomains`), as embedOriginAllowed reads them. */
function allowedSites(doc: CalcDoc): string[] | null {
  const listed = doc.embedDomains;
  return Array.isArray(listed) ? listed.filter((entry) => typeof entry === 'string') : null;
}

export function createEmbedBridge(env: BridgeEnv): EmbedBridge {
  const { calcId, doc } = env;
  const sites = allowedSites(doc);
  let host: string | null = null;
  let toldValues = '';
  let toldResult = '';
  const send = (message: FrameMessage) => {
    if (host !== null) env.post(envelope(calcId, message), host);
  };
  const sendValues = (request?: number) => {
    const values = valuesByName(doc, env.values());
    toldValues = JSON.stringify(values);
    send({ type: 'values', values, ...(request === undefined ? {} : { request }) });
  };
  const refuse = (request: number, error: CalcsmithError) =>
    send({ type: 'error', error, request });

  const setValues = (given: Record<string, unknown>, request: number) => {
    const size = jsonLength(given);
    if (size === null || size > MAX_VALUES_JSON) {
      const message = size === null ? 'The values are not JSON data.' : 'The values are too large.';
      refuse(request, { code: 'refused', message, inputs: [] });
      return sendValues(request);
    }
    const checked = checkNamedValues(doc, given);
    const refused = [...checked.unknown, ...checked.refused];
    if (refused.length > 0) {
      const names = refused.map((name) => (name.length > 40 ? `${name.slice(0, 39)}…` : name));
      refuse(request, {
        code: 'refused',
        message: `These values were refused: ${names.join(', ')}.`,
        inputs: names,
      });
    }
    if (Object.keys(checked.values).length > 0) {
      env.setValues({ ...env.values(), ...checked.values });
    }
    sendValues(request);
  };

  return {
    receive(event) {
      if (event.source === null || event.source !== env.parent) return;
      const message = readHostMessage(event.data, calcId);
      if (!message || !embedOriginAllowed(event.origin, sites)) return;
      if (message.type === 'hello') {
        host = event.origin;
        connectedHost = host;
        const values = valuesByName(doc, env.values());
        const result = env.result();
        toldValues = JSON.stringify(values);
        toldResult = JSON.stringify(result);
        send({ type: 'ready', name: String(doc.name ?? ''), values, result });
        return;
      }
      if (event.origin !== host) return;
      switch (message.type) {
        case 'setValues':
          return setValues(message.values, message.request);
        case 'reset':
          env.setValues(env.defaults());
          return sendValues(message.request);
        case 'focus':
          return env.focus();
      }
    },
    update() {
      if (host === null) return;
      if (JSON.stringify(valuesByName(doc, env.values())) !== toldValues) sendValues();
      const result = env.result();
      const text = JSON.stringify(result);
      if (result === null || text === toldResult) return;
      toldResult = text;
      send({ type: 'result', result });
      if (result.error !== null) {
        send({ type: 'error', error: { code: 'calculation', message: result.error } });
      }
    },
    submitted(values) {
      send({ type: 'submit', values: valuesByName(doc, values) });
    },
    host: () => host,
  };
}

/** The origin of the host page that said hello to this frame, if one has. */
let connectedHost: string | null = null;

/**
 * Tells the parent page the frame's height: the host that said hello, by protocol 1, to its
 * origin; until then (and for the old `<iframe>` snippet, which never does) the old
 * message, to any parent, which carries nothing but the height.
 */
export function reportHeight(parent: Window, calcId: string, height: number): void {
  if (connectedHost !== null) {
    parent.postMessage(envelope(calcId, { type: 'height', height }), connectedHost);
  } else {
    parent.postMessage({ type: LEGACY_HEIGHT, id: calcId, height }, '*');
  }
}

/** Tells any parent that the frame listens now (nothing else): a host then says hello. */
export function announce(parent: Window, calcId: string): void {
  parent.postMessage(envelope(calcId, { type: 'loaded' }), '*');
}

/** For tests: forget the host. */
export function forgetHost(): void {
  connectedHost = null;
}

/** The length of `value` as JSON; null for what JSON cannot hold (a cycle, a BigInt). */
function jsonLength(value: unknown): number | null {
  try {
    return JSON.stringify(value)?.length ?? null;
  } catch {
    return null;
  }
}
