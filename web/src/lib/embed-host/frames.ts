// The iframe embed.js puts in a `<div data-calcsmith="ID">`: its address from the div's data
// attributes (the options `/embed/{id}` takes, and initial values as a link's hash), and its
// height: the last one this page saw for the calculator, so that nothing moves when it loads.
import { isCalcId } from '../ids';

/** Before any height is known (no `data-height`, never shown on this site). */
export const DEFAULT_HEIGHT = 400;

const heightKey = (id: string) => `calcsmith:height:${id}`;

/** The height to reserve: the last one seen on this site, else `data-height`, else 400. */
export function reservedHeight(id: string, dataset: DOMStringMap): number {
  let remembered: number | null = null;
  try {
    remembered = Number(localStorage.getItem(heightKey(id))) || null;
  } catch {
    // Storage blocked (a sandbox, the visitor's settings): no memory, no harm.
  }
  const given = Number(dataset.height);
  const height = remembered ?? (Number.isFinite(given) && given > 0 ? given : DEFAULT_HEIGHT);
  return Math.min(Math.max(Math.round(height), 0), 100_000);
}

export function rememberHeight(id: string, height: number): void {
  try {
    localStorage.setItem(heightKey(id), String(height));
  } catch {
    // As above.
  }
}

/** A data attribute that is set and not "false"/"0" (`data-transparent`, `data-autofocus`). */
const isOn = (value: string | undefined) =>
  value !== undefined && !['false', '0'].includes(value.trim().toLowerCase());

/**
 * `/embed/{id}` on `origin` with the div's options: `data-theme`, `data-lang`,
 * `data-transparent`, `data-autofocus`, and `data-values` (JSON keyed by input id, as a
 * link's hash: the frame checks each value as it checks a link's).
 */
export function frameUrl(origin: string, id: string, dataset: DOMStringMap): string {
  const url = new URL(`/embed/${id}`, origin);
  if (dataset.theme) url.searchParams.set('theme', dataset.theme);
  if (dataset.lang) url.searchParams.set('lang', dataset.lang);
  if (isOn(dataset.transparent)) url.searchParams.set('transparent', '1');
  if (isOn(dataset.autofocus)) url.searchParams.set('autofocus', '1');
  const values = initialValues(id, dataset.values);
  if (values) url.hash = encodeURIComponent(JSON.stringify(values));
  return url.href;
}

function initialValues(id: string, text: string | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const values: unknown = JSON.parse(text);
    if (values && typeof values === 'object' && !Array.isArray(values)) {
      return values as Record<string, unknown>;
    }
  } catch {
    // Reported below.
  }
  console.warn(`Calcsmith: data-values of "${id}" is not a JSON object; it is ignored.`);
  return null;
}

/** A new frame for calculator `id`, as high as `reservedHeight` until it says its own height. */
export function makeFrame(origin: string, id: string, dataset: DOMStringMap): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.src = frameUrl(origin, id, dataset);
  // The calculator's name replaces it once the frame has said it.
  frame.title = dataset.title || 'Calculator';
  frame.style.cssText = 'display:block;width:100%;border:0;overflow:hidden;';
  frame.style.height = `${reservedHeight(id, dataset)}px`;
  return frame;
}

/** The id of a `data-calcsmith` element, or null (reported once) when it is no id. */
export function calcIdOf(element: Element): string | null {
  const id = (element as HTMLElement).dataset?.calcsmith?.trim();
  if (isCalcId(id)) return id;
  console.warn(`Calcsmith: data-calcsmith="${id ?? ''}" is not a calculator id.`);
  return null;
}
