// One embedded calculator as the host page sees it: `Calcsmith.get(…)`'s handle. It speaks
// the embed protocol (lib/embed-protocol.ts) with its own iframe only, to and from the
// Calcsmith origin embed.js came from, and keeps the last values and result the frame told.
import type {
  CalcsmithEvent,
  CalcsmithEvents,
  CalcsmithHandle,
  CalcsmithResult,
  CalcsmithValues,
} from '../../../public/embed';
import {
  envelope,
  readFrameMessage,
  readLegacyHeight,
  type FrameMessage,
  type HostMessage,
} from '../embed-protocol';

type Listener<E extends CalcsmithEvent> = (detail: CalcsmithEvents[E]) => void;

/** A listener's own error must not stop the others, nor the handle. */
function call<E extends CalcsmithEvent>(listener: Listener<E>, detail: CalcsmithEvents[E]) {
  try {
    listener(detail);
  } catch (error) {
    if (typeof reportError === 'function') reportError(error);
  }
}

export class EmbedHandle implements CalcsmithHandle {
  readonly id: string;
  readonly frame: HTMLIFrameElement;
  /** The Calcsmith origin: the only one messages go to and are taken from. */
  readonly #origin: string;
  readonly #onHeight: (height: number) => void;
  #ready = false;
  #values: CalcsmithValues | null = null;
  #result: CalcsmithResult | null = null;
  /** What the host asked before the frame was ready, sent once it is. */
  #queue: HostMessage[] = [];
  #requests = new Map<number, (values: CalcsmithValues) => void>();
  #nextRequest = 1;
  #listeners: { [E in CalcsmithEvent]: Set<Listener<E>> } = {
    ready: new Set(),
    result: new Set(),
    error: new Set(),
    submit: new Set(),
  };

  constructor(id: string, frame: HTMLIFrameElement, origin: string, onHeight: (h: number) => void) {
    this.id = id;
    this.frame = frame;
    this.#origin = origin;
    this.#onHeight = onHeight;
  }

  /** Takes a message event meant for this handle: from its frame and the Calcsmith origin. */
  receive(event: Pick<MessageEvent, 'data' | 'origin' | 'source'>): void {
    const own = this.frame.contentWindow;
    if (own === null || event.source !== own || event.origin !== this.#origin) return;
    const message = readFrameMessage(event.data, this.id) ?? readLegacyHeight(event.data, this.id);
    if (message) this.#take(message);
  }

  #take(message: FrameMessage): void {
    switch (message.type) {
      case 'loaded':
        // A frame (re)loaded: it knows nothing of this page yet.
        this.#ready = false;
        this.#post({ type: 'hello' });
        return;
      case 'ready': {
        this.#ready = true;
        this.#values = message.values;
        this.#result = message.result;
        if (message.name) this.frame.title = message.name;
        const queued = this.#queue;
        this.#queue = [];
        for (const queuedMessage of queued) this.#post(queuedMessage);
        const detail = { values: message.values, result: message.result };
        for (const listener of this.#listeners.ready) call(listener, detail);
        return;
      }
      case 'values': {
        this.#values = message.values;
        const resolve =
          message.request === undefined ? undefined : this.#requests.get(message.request);
        if (message.request !== undefined) this.#requests.delete(message.request);
        resolve?.(message.values);
        return;
      }
      case 'result':
        this.#result = message.result;
        for (const listener of this.#listeners.result) call(listener, message.result);
        return;
      case 'error':
        for (const listener of this.#listeners.error) call(listener, message.error);
        return;
      case 'submit':
        for (const listener of this.#listeners.submit) call(listener, { values: message.values });
        return;
      case 'height':
        this.#onHeight(message.height);
        return;
    }
  }

  #post(message: HostMessage): void {
    this.frame.contentWindow?.postMessage(envelope(this.id, message), this.#origin);
  }

  #send(message: HostMessage): void {
    if (this.#ready) this.#post(message);
    else this.#queue.push(message);
  }

  #request(message: (request: number) => HostMessage): Promise<CalcsmithValues> {
    return new Promise((resolve) => {
      const request = this.#nextRequest++;
      this.#requests.set(request, resolve);
      this.#send(message(request));
    });
  }

  setValues(values: CalcsmithValues): Promise<CalcsmithValues> {
    if (!values || typeof values !== 'object' || Array.isArray(values)) {
      return Promise.reject(
        new TypeError('Calcsmith: setValues takes an object of values by input name.'),
      );
    }
    let copy: CalcsmithValues;
    try {
      // Only what postMessage can carry (no functions, no DOM nodes), as plain data.
      copy = structuredClone(values);
    } catch (error) {
      return Promise.reject(error);
    }
    return this.#request((request) => ({ type: 'setValues', values: copy, request }));
  }

  getValues(): CalcsmithValues | null {
    return this.#values && { ...this.#values };
  }

  getResult(): CalcsmithResult | null {
    return this.#result && { ...this.#result };
  }

  on<E extends CalcsmithEvent>(event: E, listener: Listener<E>): () => void {
    const known = Object.prototype.hasOwnProperty.call(this.#listeners, event);
    const listeners = known ? (this.#listeners[event] as Set<Listener<E>>) : null;
    if (!listeners || typeof listener !== 'function') {
      throw new TypeError(`Calcsmith: no event "${String(event)}" (ready, result, error, submit).`);
    }
    listeners.add(listener);
    if (event === 'ready' && this.#ready && this.#values) {
      const detail = { values: this.#values, result: this.#result };
      queueMicrotask(() => {
        if (listeners.has(listener)) call(listener, detail as CalcsmithEvents[E]);
      });
    }
    return () => {
      listeners.delete(listener);
    };
  }

  reset(): Promise<CalcsmithValues> {
    return this.#request((request) => ({ type: 'reset', request }));
  }

  focus(): void {
    this.frame.focus();
    this.#send({ type: 'focus' });
  }
}
