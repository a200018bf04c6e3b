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

/**
 * `script` with `<key>: <formula>,` in its returned object: the last `return {` at the top
 * level of the script (not inside a function of the author's). An existing property of the
 * same name gets the new formula (a second one would be overridden by it); otherwise the
 * formula becomes the first property. With no such `return {`, a `return { … };` is
 * appended.
 */
export function insertFormula(
  script: string,
  outputName: string,
  formula: string,
  indentUnit = '  ',
): string {
  const key = propertyKey(outputName);
  const value = formula.trim();
  const target = lastTopLevelReturnObject(script);
  if (!target) {
    const base = script.replace(/\s*$/, '');
    const separator = base ? '\n\n' : '';
    return `${base}${separator}return {\n${indentUnit}${key}: ${value},\n};\n`;
  }

  const existing = target.close === null ? null : findProperty(script, target, outputName);
  if (existing) {
    return script.slice(0, existing.valueFrom) + value + script.slice(existing.valueTo);
  }

  const lineStart = script.lastIndexOf('\n', target.open) + 1;
  const indent = /^[ \t]*/.exec(script.slice(lineStart))?.[0] ?? '';
  const inner = indent + indentUnit;
  const property = `${key}: ${value},`;
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

const RETURN_OBJECT = /\breturn\s*\{/y;

function lastTopLevelReturnObject(script: string): ObjectSpan | null {
  let found: ObjectSpan | null = null;
  scan(script, (index, depth) => {
    if (found && found.close === null && index > found.open && depth === 0) {
      if (script[index] === '}') found.close = index;
    }
    if (depth !== 0 || script[index] !== 'r') return;
    RETURN_OBJECT.lastIndex = index;
    if (RETURN_OBJECT.test(script) && !/[\w$]/.test(script[index - 1] ?? '')) {
      found = { open: RETURN_OBJECT.lastIndex - 1, close: null };
    }
  });
  return found;
}

/** The value range of the property named `name` directly inside `span`, if there is one. */
function findProperty(
  script: string,
  span: ObjectSpan,
  name: string,
): { valueFrom: number; valueTo: number } | null {
  const close = span.close ?? script.length;
  const body = script.slice(span.open + 1, close);
  // Split the body into top-level entries at depth 0 (relative to the object).
  const entries: { from: number; to: number }[] = [];
  let from = 0;
  scan(body, (index, depth) => {
    if (depth === 0 && body[index] === ',') {
      entries.push({ from, to: index });
      from = index + 1;
    }
  });
  entries.push({ from, to: body.length });

  for (const entry of entries) {
    const text = body.slice(entry.from, entry.to);
    const key =
      /^(\s*(?:\/\/[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*)([A-Za-z_$][\w$]*|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\s*:/.exec(
        text,
      );
    if (!key || keyName(key[2]) !== name) continue;
    const valueStart = entry.from + key[0].length;
    const valueText = body.slice(valueStart, entry.to);
    const leading = /^\s*/.exec(valueText)?.[0].length ?? 0;
    const trailing = /\s*$/.exec(valueText)?.[0].length ?? 0;
    const base = span.open + 1;
    return {
      valueFrom: base + valueStart + leading,
      valueTo: base + entry.to - trailing,
    };
  }
  return null;
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
  return key;
}
