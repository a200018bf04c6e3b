// Puts a formula for one output into the script (the formula helper, spec §2/§5).
// Plain text work — no parser — so the helper stays out of the editor's lazy chunk.
import { isIdentifier } from '../../../lib/doc';

/** An output name as an object key: quoted (JSON style) when it is no identifier. */
export function propertyKey(name: string): string {
  return isIdentifier(name) ? name : JSON.stringify(name);
}

/** How the script reads an input: `inputs.name`, or `inputs["my value"]`. */
export function inputAccess(name: string): string {
  return isIdentifier(name) ? `inputs.${name}` : `inputs[${JSON.stringify(name)}]`;
}

/** Where the formula went, or why it went nowhere (the script is then unchanged). */
export type FormulaPlacement =
  | { ok: true; script: string }
  | {
      ok: false;
      /**
       * `notAnObject`: the script's own `return` gives something other than an object
       * written out (`return result;`). `unsure`: the helper could not be sure that what it
       * wrote is what the script returns (a regular expression with a brace, say).
       */
      reason: 'notAnObject' | 'unsure';
    };

/**
 * `script` with `<key>: <formula>` in its returned object: the last `return {` at the top
 * level of the script (not inside a function of the author's). The property of that name
 * that counts (the last) gets the formula: a shorthand (`{ payment }`), a method or a
 * getter becomes `key: formula`. Otherwise the formula becomes the first property — or
 * the last, when a spread or a computed key could set the same name after it. With no
 * top-level `return` at all, a `return { … };` is appended. What was written is checked
 * by reading the script again: the helper never says a formula is in when it is not.
 */
export function insertFormula(
  script: string,
  outputName: string,
  formula: string,
  indentUnit = '  ',
): FormulaPlacement {
  const key = propertyKey(outputName);
  const value = formula.trim();
  const returned = lastTopLevelReturn(script);
  if (returned && returned.object === null) return { ok: false, reason: 'notAnObject' };
  const target = returned?.object ?? null;
  if (!target) {
    const base = script.replace(/\s*$/, '');
    const separator = base ? '\n\n' : '';
    return {
      ok: true,
      script: `${base}${separator}return {\n${indentUnit}${key}: ${value},\n};\n`,
    };
  }
  if (!closedReturn(script, target)) {
    return { ok: false, reason: 'unsure' };
  }

  const next = placeIn(script, target, outputName, key, value, indentUnit);
  return holds(next, outputName, value)
    ? { ok: true, script: next }
    : { ok: false, reason: 'unsure' };
}

/** Whether the script's returned object ends with the property `name: value` that counts. */
function holds(script: string, name: string, value: string): boolean {
  const object = lastTopLevelReturn(script)?.object;
  if (!closedReturn(script, object)) return false;
  const entries = objectEntries(script, object);
  const last = lastNamed(entries, name);
  if (last < 0) return false;
  const entry = entries[last];
  if (entry.kind !== 'keyed' || script.slice(entry.valueFrom, entry.valueTo) !== value) {
    return false;
  }
  return !entries.slice(last + 1).some((later) => later.kind === 'open');
}

/** The index of the entry that sets `name` last, or -1. */
function lastNamed(entries: Entries, name: string): number {
  for (let i = entries.length - 1; i >= 0; i--) if (entries[i].name === name) return i;
  return -1;
}

function placeIn(
  script: string,
  target: ObjectSpan & { close: number },
  name: string,
  key: string,
  value: string,
  indentUnit: string,
): string {
  const entries = objectEntries(script, target);
  const last = lastNamed(entries, name);
  // A spread or computed key after it (or anywhere, for a new property) may set the name too.
  const openAfter = entries.slice(last + 1).some((entry) => entry.kind === 'open');
  if (last >= 0 && !openAfter) {
    const entry = entries[last];
    return entry.kind === 'keyed'
      ? script.slice(0, entry.valueFrom) + value + script.slice(entry.valueTo)
      : script.slice(0, entry.from) + `${key}: ${value}` + script.slice(entry.to);
  }
  if (openAfter) return appendLast(script, target, entries, `${key}: ${value}`, indentUnit);
  return prependFirst(script, target, `${key}: ${value},`, indentUnit);
}

/** The property as the object's first, on a line of its own. */
function prependFirst(script: string, target: ObjectSpan, property: string, indentUnit: string) {
  const lineStart = script.lastIndexOf('\n', target.open) + 1;
  const indent = /^[ \t]*/.exec(script.slice(lineStart))?.[0] ?? '';
  const inner = indent + indentUnit;
  const after = script.slice(target.open + 1);
  const blank = /^[ \t]*/.exec(after)?.[0] ?? '';
  const rest = after.slice(blank.length);
  if (rest.startsWith('}')) {
    // `return {}` → the object gets its first line.
    return `${script.slice(0, target.open + 1)}\n${inner}${property}\n${indent}${rest}`;
  }
  if (rest.startsWith('\n') || rest.startsWith('\r') || rest === '') {
    // Line up with the properties already there.
    const next = /^[ \t]*\r?\n([ \t]*)\S/.exec(after);
    const aligned = next && next[1].length > indent.length ? next[1] : inner;
    return `${script.slice(0, target.open + 1)}\n${aligned}${property}${after}`;
  }
  // `return { b: 2 };` — the new property on its own line, the old ones on the next.
  return `${script.slice(0, target.open + 1)}\n${inner}${property}\n${inner}${rest}`;
}

/** The property as the object's last: after a spread, nothing the script spreads wins. */
function appendLast(
  script: string,
  target: ObjectSpan & { close: number },
  entries: Entries,
  property: string,
  indentUnit: string,
) {
  const lastEntry = entries.at(-1);
  if (!lastEntry) return prependFirst(script, target, `${property},`, indentUnit);
  const body = script.slice(target.open + 1, target.close);
  if (!body.includes('\n')) {
    // One line: `{ ...base, b: 2 }` → `{ ...base, b: 2, a: 1 }`.
    if (entries.trailingComma !== undefined) {
      const at = entries.trailingComma + 1;
      return `${script.slice(0, at)} ${property},${script.slice(at)}`;
    }
    return `${script.slice(0, lastEntry.to)}, ${property}${script.slice(lastEntry.to)}`;
  }
  const lineStart = script.lastIndexOf('\n', lastEntry.from) + 1;
  const aligned = /^[ \t]*/.exec(script.slice(lineStart))?.[0] ?? indentUnit;
  const at = entries.trailingComma === undefined ? lastEntry.to : entries.trailingComma + 1;
  const comma = entries.trailingComma === undefined ? ',' : '';
  return `${script.slice(0, at)}${comma}\n${aligned}${property},${script.slice(at)}`;
}

interface ObjectSpan {
  /** Index of `{`. */
  open: number;
  /** Index of the matching `}`, null when the script ends first. */
  close: number | null;
}

/**
 * A character-level scan of the script: code characters with their brace depth, strings,
 * template literals and comments skipped. Regular expression literals are not recognised
 * (a `{` inside one would shift the depth) — rare in calculator scripts.
 */
function scan(script: string, visit: (index: number, depth: number) => void) {
  let depth = 0;
  let i = 0;
  while (i < script.length) {
    const c = script[i];
    const next = script[i + 1];
    if (c === '/' && next === '/') {
      const end = script.indexOf('\n', i);
      i = end < 0 ? script.length : end;
      continue;
    }
    if (c === '/' && next === '*') {
      const end = script.indexOf('*/', i + 2);
      i = end < 0 ? script.length : end + 2;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      i = stringEnd(script, i);
      continue;
    }
    if (c === '{' || c === '(' || c === '[') {
      visit(i, depth);
      depth++;
    } else if (c === '}' || c === ')' || c === ']') {
      depth = Math.max(0, depth - 1);
      visit(i, depth);
    } else {
      visit(i, depth);
    }
    i++;
  }
}

/** The index after the string or template literal starting at `start`. */
function stringEnd(script: string, start: number): number {
  const quote = script[start];
  let i = start + 1;
  while (i < script.length) {
    const c = script[i];
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === quote) return i + 1;
    if (c === '\n' && quote !== '`') return i;
    i++;
  }
  return script.length;
}

const RETURN = /\breturn\b\s*/y;

/**
 * The script's own last `return` (at the top level, not in a function or block of the
 * author's): with the object it returns when that is written out (`return {`), else null.
 */
function lastTopLevelReturn(script: string): { object: ObjectSpan | null } | null {
  let found: { object: ObjectSpan | null } | null = null;
  scan(script, (index, depth) => {
    const object = found?.object;
    if (object && object.close === null && index > object.open && depth === 0) {
      if (script[index] === '}') object.close = index;
    }
    if (depth !== 0 || script[index] !== 'r' || /[\w$.]/.test(script[index - 1] ?? '')) return;
    RETURN.lastIndex = index;
    if (!RETURN.test(script)) return;
    const at = RETURN.lastIndex;
    found = { object: script[at] === '{' ? { open: at, close: null } : null };
  });
  return found;
}

/** A returned object whose `}` ends the statement (else the brace count went wrong). */
function closedReturn(
  script: string,
  span: ObjectSpan | null | undefined,
): span is ObjectSpan & { close: number } {
  return !!span && span.close !== null && endsReturn(script, span.close);
}

/** After the returned object's `}`: the end of the statement, or the script goes wrong. */
function endsReturn(script: string, close: number): boolean {
  return /^[ \t]*(;|\r?\n|\/\/|\/\*|$)/.test(script.slice(close + 1));
}

/**
 * A property of the returned object: `keyed` (`a: 1`, `"a": 1`, `["a"]: 1`), `other`
 * (a shorthand `a`, a method `a() {}`, a getter), or `open` (a spread, or a computed key
 * the text does not tell: it may set any name). `name` is the name it sets, when known.
 */
interface Entry {
  kind: 'keyed' | 'other' | 'open';
  name: string | null;
  /** The entry's text, without the blanks and comments around it. */
  from: number;
  to: number;
  /** A keyed entry's value. */
  valueFrom: number;
  valueTo: number;
}

const LEADING = /^(\s*(?:\/\/[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*)/;
const KEY = String.raw`([A-Za-z_$][\w$]*|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\d[\w.]*)`;
const KEYED = new RegExp(`^${KEY}\\s*:`);
const SHORTHAND = /^([A-Za-z_$][\w$]*)$/;
const METHOD = new RegExp(`^(?:(?:get|set|async)\\s+|\\*\\s*)?${KEY}\\s*\\(`);
// Only a literal says which name a computed key sets (`["my value"]: 1`).
const LITERAL = String.raw`("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\d[\w.]*)`;
const COMPUTED = new RegExp(`^\\[\\s*${LITERAL}\\s*\\]\\s*:`);

/** An object's entries, and the index of its trailing comma if it has one. */
type Entries = Entry[] & { trailingComma?: number };

/** The entries directly inside the object `span`. */
function objectEntries(script: string, span: ObjectSpan & { close: number }): Entries {
  const base = span.open + 1;
  const body = script.slice(base, span.close);
  const pieces: { from: number; to: number }[] = [];
  let from = 0;
  scan(body, (index, depth) => {
    if (depth === 0 && body[index] === ',') {
      pieces.push({ from, to: index });
      from = index + 1;
    }
  });
  pieces.push({ from, to: body.length });
  const entries: Entries = [];
  for (const piece of pieces) {
    const raw = body.slice(piece.from, piece.to);
    const lead = LEADING.exec(raw)?.[0].length ?? 0;
    const text = raw.slice(lead).replace(/\s+$/, '');
    if (text === '') {
      // Only the last piece may be empty: after a trailing comma.
      if (piece !== pieces[0]) entries.trailingComma = base + piece.from - 1;
      continue;
    }
    const from = base + piece.from + lead;
    const to = from + text.length;
    const entry: Entry = { kind: 'other', name: null, from, to, valueFrom: to, valueTo: to };
    const keyed = KEYED.exec(text) ?? COMPUTED.exec(text);
    if (keyed) {
      const valueText = text.slice(keyed[0].length);
      const leading = /^\s*/.exec(valueText)?.[0].length ?? 0;
      entry.kind = 'keyed';
      entry.name = keyName(keyed[1]);
      entry.valueFrom = from + keyed[0].length + leading;
    } else if (SHORTHAND.test(text)) {
      entry.name = text;
    } else if (METHOD.test(text)) {
      entry.name = keyName(METHOD.exec(text)?.[1] ?? '');
    } else if (text.startsWith('...') || text.startsWith('[')) {
      entry.kind = 'open';
    }
    entries.push(entry);
  }
  return entries;
}

function keyName(key: string): string {
  if (key.startsWith('"')) {
    try {
      return JSON.parse(key) as string;
    } catch {
      return key.slice(1, -1);
    }
  }
  if (key.startsWith("'")) return key.slice(1, -1).replace(/\\(.)/g, '$1');
  if (/^\d/.test(key)) return String(Number(key));
  return key;
}
