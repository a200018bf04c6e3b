// What differs between two versions of a calculator, outside the script (which the merge
// view shows): inputs, outputs, tests and settings, as a list of changes a person can read
// ("Input “Rate”: step 0.1 → 0.05", "Output “Total” added").
import type { CalcDoc, DocStyle } from '../../../lib/types';
import { sameJson } from '../list-ops';

/** An item of one of the doc's lists. */
export interface Target {
  kind: 'input' | 'subInput' | 'output' | 'column' | 'test';
  name: string;
  /** The list input or table it belongs to (sub-inputs and columns). */
  parent?: string;
}

export type Change =
  /** A field of the doc (`libraries.mathjs`, `name`, …) or of its style (`style.bgcolor`). */
  | { type: 'setting'; field: string; from: unknown; to: unknown }
  | { type: 'added' | 'removed'; target: Target }
  /** `target.name` is the new name. */
  | { type: 'renamed'; target: Target; from: string }
  | { type: 'field'; target: Target; field: string; from: unknown; to: unknown }
  /** The same items in another order. */
  | {
      type: 'reordered';
      list: 'inputs' | 'outputs' | 'tests' | 'subInputs' | 'columns';
      parent?: string;
    };

type Item = Record<string, unknown>;

/** Doc fields compared as settings, in the order they are listed. */
const SETTINGS = [
  'name',
  'description',
  'tabSize',
  'inputs_label',
  'outputs_label',
  'holdWhileTestsFail',
];
/** Doc fields that are not settings: compared elsewhere, or (the script) by the merge view. */
const NOT_SETTINGS = new Set([
  'script',
  'libraries',
  'defaults',
  'metaInputs',
  'metaOutputs',
  'tests',
]);
/** Item fields that are not compared field by field. */
const ITEM_STRUCTURE = new Set(['id', 'name', 'metaInputs', 'metaOutputs']);

const items = (value: unknown): Item[] =>
  Array.isArray(value)
    ? value.filter(
        (item): item is Item => !!item && typeof item === 'object' && !Array.isArray(item),
      )
    : [];

const record = (value: unknown): Item =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Item) : {};

const nameOf = (item: Item) => String(item.name ?? '');

/** Keys of both, the first's order first. */
function keysOf(a: Item, b: Item): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])];
}

/**
 * Inputs or outputs matched by id (a rename keeps the id); tests, which have none, by
 * name (the n-th of a name with the n-th).
 */
function matchItems(
  before: Item[],
  after: Item[],
  key: (item: Item, index: number, all: Item[]) => string,
): { removed: Item[]; added: Item[]; pairs: [Item, Item][]; reordered: boolean } {
  const keyed = (list: Item[]) =>
    new Map(list.map((item, index) => [key(item, index, list), item]));
  const old = keyed(before);
  const now = keyed(after);
  const pairs: [Item, Item][] = [];
  const added: Item[] = [];
  for (const [k, item] of now) {
    const previous = old.get(k);
    if (previous) pairs.push([previous, item]);
    else added.push(item);
  }
  const removed = [...old].filter(([k]) => !now.has(k)).map(([, item]) => item);
  const common = (list: Item[], other: Map<string, Item>) =>
    list.map((item, index) => key(item, index, list)).filter((k) => other.has(k));
  const reordered = common(before, now).join('\u0000') !== common(after, old).join('\u0000');
  return { removed, added, pairs, reordered };
}

const byId = (item: Item) => `id:${String(item.id)}`;
const byName = (item: Item, index: number, all: Item[]) => {
  const name = nameOf(item);
  const nth = all.slice(0, index).filter((other) => nameOf(other) === name).length;
  return `${name}\u0000${nth}`;
};

function itemChanges(
  before: Item,
  after: Item,
  target: Target,
  extra: { from?: unknown; to?: unknown } = {},
): Change[] {
  const changes: Change[] = [];
  if (nameOf(before) !== nameOf(after)) {
    changes.push({ type: 'renamed', target, from: nameOf(before) });
  }
  for (const field of keysOf(before, after)) {
    if (ITEM_STRUCTURE.has(field) || sameJson(before[field], after[field])) continue;
    changes.push({ type: 'field', target, field, from: before[field], to: after[field] });
  }
  if (!sameJson(extra.from, extra.to)) {
    changes.push({ type: 'field', target, field: 'default', from: extra.from, to: extra.to });
  }
  return changes;
}

function listChanges(
  before: Item[],
  after: Item[],
  kind: Target['kind'],
  list: Extract<Change, { type: 'reordered' }>['list'],
  options: {
    parent?: string;
    key?: typeof byName;
    defaults?: { before: Item; after: Item };
    children?: (before: Item, after: Item, name: string) => Change[];
  } = {},
): Change[] {
  const { removed, added, pairs, reordered } = matchItems(before, after, options.key ?? byId);
  const target = (item: Item): Target => ({
    kind,
    name: nameOf(item),
    ...(options.parent === undefined ? {} : { parent: options.parent }),
  });
  const changes: Change[] = [];
  for (const item of removed) changes.push({ type: 'removed', target: target(item) });
  for (const item of added) changes.push({ type: 'added', target: target(item) });
  if (reordered) {
    changes.push({
      type: 'reordered',
      list,
      ...(options.parent === undefined ? {} : { parent: options.parent }),
    });
  }
  for (const [old, now] of pairs) {
    const defaults = options.defaults && {
      from: options.defaults.before[String(old.id)],
      to: options.defaults.after[String(now.id)],
    };
    changes.push(...itemChanges(old, now, target(now), defaults));
    changes.push(...(options.children?.(old, now, nameOf(now)) ?? []));
  }
  return changes;
}

/**
 * The changes from `before` (a version) to `after` (the editor's doc), script aside:
 * settings and style first, then inputs, outputs and tests.
 */
export function docChanges(
  before: { doc: CalcDoc; doc_style: DocStyle | null },
  after: { doc: CalcDoc; doc_style: DocStyle | null },
): Change[] {
  const a = before.doc as Item;
  const b = after.doc as Item;
  const changes: Change[] = [];
  const setting = (field: string, from: unknown, to: unknown) => {
    if (!sameJson(from, to)) changes.push({ type: 'setting', field, from, to });
  };

  for (const field of SETTINGS) {
    // Off is the option's default.
    if (field === 'holdWhileTestsFail') setting(field, a[field] ?? false, b[field] ?? false);
    else setting(field, a[field], b[field]);
  }
  const librariesBefore = record(a.libraries);
  const librariesAfter = record(b.libraries);
  for (const name of keysOf(librariesBefore, librariesAfter)) {
    // Absent and off are the same to the engine.
    setting(`libraries.${name}`, librariesBefore[name] ?? false, librariesAfter[name] ?? false);
  }
  for (const field of keysOf(a, b)) {
    if (!SETTINGS.includes(field) && !NOT_SETTINGS.has(field)) setting(field, a[field], b[field]);
  }
  const styleBefore = record(before.doc_style);
  const styleAfter = record(after.doc_style);
  for (const field of keysOf(styleBefore, styleAfter)) {
    setting(`style.${field}`, styleBefore[field], styleAfter[field]);
  }

  changes.push(
    ...listChanges(items(a.metaInputs), items(b.metaInputs), 'input', 'inputs', {
      defaults: { before: record(a.defaults), after: record(b.defaults) },
      children: (old, now, name) =>
        listChanges(items(old.metaInputs), items(now.metaInputs), 'subInput', 'subInputs', {
          parent: name,
        }),
    }),
    ...listChanges(items(a.metaOutputs), items(b.metaOutputs), 'output', 'outputs', {
      children: (old, now, name) =>
        listChanges(items(old.metaOutputs), items(now.metaOutputs), 'column', 'columns', {
          parent: name,
        }),
    }),
    ...listChanges(items(a.tests), items(b.tests), 'test', 'tests', { key: byName }),
  );
  return changes;
}

// ---- in words ----

/** The words `describeChange` uses (the history panel's messages). */
export interface ChangeWords {
  /** Labels of known fields and targets, by key; a missing key shows as itself. */
  label(key: string): string | undefined;
  /** `{what} added`, `{what} removed`, … with `what` filled in. */
  phrase(
    key: 'added' | 'removed' | 'renamed' | 'reordered' | 'settingChange' | 'itemChange',
    params: Record<string, string>,
  ): string;
  on: string;
  off: string;
  none: string;
  /** Quotes a name or a text (“…” or «…»). */
  quote(text: string): string;
}

const SHORT = 80;

/** A value as the change list shows it: numbers plain, text quoted, objects as JSON. */
export function shownValue(
  value: unknown,
  words: Pick<ChangeWords, 'on' | 'off' | 'none' | 'quote'>,
): string {
  if (value === undefined || value === null || value === '') return words.none;
  if (value === true) return words.on;
  if (value === false) return words.off;
  if (typeof value === 'number') return String(value);
  const text = typeof value === 'string' ? words.quote(value) : JSON.stringify(value);
  return text.length > SHORT ? `${text.slice(0, SHORT - 1)}…` : text;
}

function targetText(target: Target, words: ChangeWords): string {
  const own = `${words.label(`target.${target.kind}`) ?? target.kind} ${words.quote(target.name)}`;
  if (target.parent === undefined) return own;
  const parentKind = target.kind === 'column' ? 'output' : 'input';
  const parent = `${words.label(`target.${parentKind}`) ?? parentKind} ${words.quote(target.parent)}`;
  return `${parent} › ${own.charAt(0).toLowerCase()}${own.slice(1)}`;
}

function fieldLabel(field: string, words: ChangeWords): string {
  return words.label(`field.${field}`) ?? field;
}

/** One change in words. */
export function describeChange(change: Change, words: ChangeWords): string {
  switch (change.type) {
    case 'setting': {
      // `libraries.x` and `style.x` have labels of their own; others show their name.
      const label = words.label(`field.${change.field}`);
      return words.phrase('settingChange', {
        what: label === undefined ? change.field : label.charAt(0).toUpperCase() + label.slice(1),
        from: shownValue(change.from, words),
        to: shownValue(change.to, words),
      });
    }
    case 'added':
    case 'removed':
      return words.phrase(change.type, { what: targetText(change.target, words) });
    case 'renamed':
      return words.phrase('renamed', {
        what: targetText({ ...change.target, name: change.from }, words),
        name: change.target.name,
      });
    case 'field':
      return words.phrase('itemChange', {
        what: targetText(change.target, words),
        field: fieldLabel(change.field, words),
        from: shownValue(change.from, words),
        to: shownValue(change.to, words),
      });
    case 'reordered': {
      const list = words.label(`list.${change.list}`) ?? change.list;
      const parentKind = change.list === 'columns' ? 'output' : 'input';
      const what =
        change.parent === undefined
          ? list
          : `${words.label(`target.${parentKind}`) ?? parentKind} ${words.quote(change.parent)} › ${list.toLowerCase()}`;
      return words.phrase('reordered', { what });
    }
  }
}
