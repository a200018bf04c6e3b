// Small immutable list edits shared by the definition editors.

/** `items` with the element at `index` moved by `delta` places (clamped). */
export function moveBy<T>(items: readonly T[], index: number, delta: number): T[] {
  const to = Math.max(0, Math.min(items.length - 1, index + delta));
  if (to === index || index < 0) return [...items];
  const next = [...items];
  const [item] = next.splice(index, 1);
  next.splice(to, 0, item);
  return next;
}

/** `items` with the one whose id is `id` changed. */
export function changeById<T extends { id: unknown }>(
  items: readonly T[],
  id: unknown,
  change: (item: T) => T,
): T[] {
  return items.map((item) => (item.id === id ? change(item) : item));
}

/** How many items use each name (names used twice or more are conflicts, spec §5). */
export function nameCounts(items: readonly { name: string }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item.name, (counts.get(item.name) ?? 0) + 1);
  return counts;
}

/** `record` without `key`. */
export function without<V>(record: Record<string, V> | undefined, key: string): Record<string, V> {
  const next = { ...(record ?? {}) };
  delete next[key];
  return next;
}

/** Deep equality of JSON-like values (object key order does not matter). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => sameJson(item, b[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) {
    // A missing key and an undefined one are the same once stored as JSON.
    if (!sameJson(left[key], right[key])) return false;
  }
  return true;
}

/**
 * Moves focus back to the element with `id` after a re-render (a moved list item loses
 * focus in some browsers); falls back to `fallbackId` when that one is disabled.
 */
export function refocus(id: string, fallbackId?: string) {
  focusLater(id, fallbackId, false);
}

/** Focuses the field with `id` after it renders and selects its text (a new item's given name, which typing then replaces). */
export function focusNew(id: string) {
  focusLater(id, undefined, true);
}

function focusLater(id: string, fallbackId: string | undefined, select: boolean) {
  requestAnimationFrame(() => {
    const element = document.getElementById(id) as HTMLInputElement | null;
    if (element && !element.disabled) {
      element.focus();
      if (select) element.select();
      return;
    }
    if (fallbackId) document.getElementById(fallbackId)?.focus();
  });
}

/**
 * After the item at `index` of `items` is removed: focuses the element with the id that
 * `idOf` gives for its neighbour (the next one, else the previous one) or, with the list
 * now empty, the first element inside `container` that matches `emptySelector` (the add
 * button).
 */
export function focusAfterRemoval<T>(
  items: readonly T[],
  index: number,
  idOf: (item: T) => string,
  container: HTMLElement | null,
  emptySelector: string,
) {
  const neighbour = items[index + 1] ?? items[index - 1];
  if (neighbour !== undefined) refocus(idOf(neighbour));
  else requestAnimationFrame(() => container?.querySelector<HTMLElement>(emptySelector)?.focus());
}
