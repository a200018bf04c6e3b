// What embed.js does on a page (embed.ts runs it): every `data-calcsmith` element, also one
// added later, gets its frame (frames.ts) and handle (handle.ts); one message listener hands
// each frame's messages to its handle.
import type { CalcsmithApi } from '../../../public/embed';
import { EMBED_PROTOCOL } from '../embed-protocol';
import { calcIdOf, makeFrame, rememberHeight } from './frames';
import { EmbedHandle } from './handle';

/** Embeds every calculator on the page from `origin`; returns `window.Calcsmith`. */
export function install(origin: string): CalcsmithApi {
  const handles: EmbedHandle[] = [];
  /** The handle of each `data-calcsmith` element and of its iframe; null for a bad id. */
  const byElement = new WeakMap<Element, EmbedHandle | null>();

  const mount = (element: Element): EmbedHandle | null => {
    if (byElement.has(element)) return byElement.get(element) ?? null;
    const id = calcIdOf(element);
    if (id === null) {
      byElement.set(element, null);
      return null;
    }
    const dataset = (element as HTMLElement).dataset;
    const frame = makeFrame(origin, id, dataset);
    let shown = -1;
    const handle = new EmbedHandle(id, frame, origin, (height) => {
      if (height === shown) return;
      shown = height;
      frame.style.height = `${height}px`;
      rememberHeight(id, height);
    });
    byElement.set(element, handle);
    byElement.set(frame, handle);
    handles.push(handle);
    // Whatever the element held (a link to the calculator, for pages without scripts) goes.
    element.replaceChildren(frame);
    return handle;
  };
  const scan = () => document.querySelectorAll('[data-calcsmith]').forEach(mount);

  window.addEventListener('message', (event) => {
    for (const handle of handles) {
      if (event.source !== null && handle.frame.contentWindow === event.source) {
        handle.receive(event);
      }
    }
  });
  new MutationObserver(scan).observe(document.documentElement, { childList: true, subtree: true });
  scan();

  return {
    version: EMBED_PROTOCOL,
    get(target) {
      scan();
      const element =
        typeof target === 'string'
          ? Array.from(document.querySelectorAll('[data-calcsmith]')).find(
              (candidate) => candidate.getAttribute('data-calcsmith')?.trim() === target,
            )
          : target;
      const handle = element ? (byElement.get(element) ?? mount(element)) : null;
      if (!handle) {
        const what = typeof target === 'string' ? `"${target}"` : 'this element';
        throw new Error(`Calcsmith: no embedded calculator ${what} on this page.`);
      }
      return handle;
    },
  };
}
