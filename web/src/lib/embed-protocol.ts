// The postMessage protocol between a host page (embed.js, lib/embed-host/) and an embedded
// calculator (`/embed/{id}`, features/published/embed-bridge.ts), version 1. Every message
// is an object `{calcsmith: 1, id, type, ...}`; docs/embed.md lists them all. A reader
// returns null for anything else, so each side acts only on the shapes written here.
import type { CalcsmithError, CalcsmithResult, CalcsmithValues } from '../../public/embed';
import { isCalcId } from './ids';

/** The protocol's version, in every message's `calcsmith` field. */
export const EMBED_PROTOCOL = 1;

/** The frame's height before protocol 1 (`{type, id, height}`), for the old `<iframe>` snippet. */
export const LEGACY_HEIGHT = 'calcsmith:height';

/** A host's `setValues` larger than this (as JSON) is refused whole. */
export const MAX_VALUES_JSON = 100_000;

/** Heights outside 0 … this are ignored by the host. */
export const MAX_HEIGHT = 100_000;

/** Host → frame. `request` is echoed in the answer (`values`), so the host can match it. */
export type HostMessage =
  | { type: 'hello' }
  | { type: 'setValues'; values: Record<string, unknown>; request: number }
  | { type: 'reset'; request: number }
  | { type: 'focus' };

/** Frame → host. */
export type FrameMessage =
  /** Sent to any parent (`*`), with nothing else: the frame listens now, say hello. */
  | { type: 'loaded' }
  /** The answer to hello: the calculator's name, values and latest result. */
  | { type: 'ready'; name: string; values: CalcsmithValues; result: CalcsmithResult | null }
  /** The values changed (by the visitor, or by the host's `request`). */
  | { type: 'values'; values: CalcsmithValues; request?: number }
  | { type: 'result'; result: CalcsmithResult }
  | { type: 'error'; error: CalcsmithError; request?: number }
  | { type: 'submit'; values: CalcsmithValues }
  | { type: 'height'; height: number };

/** A message as sent: the protocol's fields around one of the above. */
export type Envelope<M> = M & { calcsmith: typeof EMBED_PROTOCOL; id: string };

/** Wraps `message` for the calculator `id`. */
export const envelope = <M extends HostMessage | FrameMessage>(id: string, message: M) =>
  ({ calcsmith: EMBED_PROTOCOL, id, ...message }) as Envelope<M>;

type Fields = Record<string, unknown>;

/** `data` as a version-1 message about calculator `id`, or null. */
function fieldsOf(data: unknown, id: string): Fields | null {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const fields = data as Fields;
  if (fields.calcsmith !== EMBED_PROTOCOL || fields.id !== id || !isCalcId(id)) return null;
  return typeof fields.type === 'string' ? fields : null;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  !!value &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  [Object.prototype, null].includes(Object.getPrototypeOf(value));

const isRequest = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0;

/** A host's message to the frame of calculator `id`, or null when it is not one. */
export function readHostMessage(data: unknown, id: string): HostMessage | null {
  const fields = fieldsOf(data, id);
  if (!fields) return null;
  switch (fields.type) {
    case 'hello':
    case 'focus':
      return { type: fields.type };
    case 'reset':
      return isRequest(fields.request) ? { type: 'reset', request: fields.request } : null;
    case 'setValues':
      return isPlainObject(fields.values) && isRequest(fields.request)
        ? { type: 'setValues', values: fields.values, request: fields.request }
        : null;
    default:
      return null;
  }
}

const isResult = (value: unknown): value is CalcsmithResult =>
  isPlainObject(value) &&
  (value.outputs === null || isPlainObject(value.outputs)) &&
  (value.display === null || isPlainObject(value.display)) &&
  (value.error === null || typeof value.error === 'string');

const isError = (value: unknown): value is CalcsmithError =>
  isPlainObject(value) &&
  (value.code === 'calculation' || value.code === 'refused') &&
  typeof value.message === 'string';

/** A frame's message about calculator `id`, or null when it is not one. */
export function readFrameMessage(data: unknown, id: string): FrameMessage | null {
  const fields = fieldsOf(data, id);
  if (!fields) return null;
  const request = isRequest(fields.request) ? { request: fields.request } : {};
  switch (fields.type) {
    case 'loaded':
      return { type: 'loaded' };
    case 'ready':
      return isPlainObject(fields.values) && (fields.result === null || isResult(fields.result))
        ? {
            type: 'ready',
            name: typeof fields.name === 'string' ? fields.name : '',
            values: fields.values,
            result: fields.result,
          }
        : null;
    case 'values':
      return isPlainObject(fields.values)
        ? { type: 'values', values: fields.values, ...request }
        : null;
    case 'result':
      return isResult(fields.result) ? { type: 'result', result: fields.result } : null;
    case 'error':
      return isError(fields.error) ? { type: 'error', error: fields.error, ...request } : null;
    case 'submit':
      return isPlainObject(fields.values) ? { type: 'submit', values: fields.values } : null;
    case 'height':
      return readHeight(fields.height);
    default:
      return null;
  }
}

/** The old snippet's height message (`{type: 'calcsmith:height', id, height}`), or null. */
export function readLegacyHeight(data: unknown, id: string): FrameMessage | null {
  if (!data || typeof data !== 'object') return null;
  const fields = data as Fields;
  return fields.type === LEGACY_HEIGHT && fields.id === id ? readHeight(fields.height) : null;
}

function readHeight(height: unknown): FrameMessage | null {
  return typeof height === 'number' && height >= 0 && height <= MAX_HEIGHT
    ? { type: 'height', height: Math.ceil(height) }
    : null;
}
