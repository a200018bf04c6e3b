// Lints the author's script over the Lezer JavaScript syntax tree (spec §2: "inputs
// predefined, plus the lodash, moment and math globals when those libraries are on").
// Only the lazily loaded editor imports this file: it pulls in the parser.
import { javascriptLanguage } from '@codemirror/lang-javascript';
import type { SyntaxNode, Tree } from '@lezer/common';
import { INPUTS_GLOBAL, predefinedNames, type Libraries } from './globals';

export interface ScriptProblem {
  from: number;
  to: number;
  severity: 'error' | 'warning';
  message: string;
}

/** The wording of the problems (translated by the editor). */
export interface LintText {
  syntaxError(found: string): string;
  unexpectedEnd(): string;
  notDefined(name: string): string;
  noSuchInput(name: string): string;
}

export const ENGLISH_LINT_TEXT: LintText = {
  syntaxError: (found) => `Syntax error: unexpected ${found}.`,
  unexpectedEnd: () => 'Syntax error: the script ends too early.',
  notDefined: (name) => `'${name}' is not defined.`,
  noSuchInput: (name) => `There is no input named "${name}".`,
};

export interface LintContext {
  libraries: Libraries;
  /** Names of the doc's top-level inputs; null skips the `inputs.<name>` check. */
  inputNames: readonly string[] | null;
}

/**
 * Problems in `script`: the first syntax error (like a compiler, nothing else is reported
 * while the script does not parse), otherwise every use of an undeclared name and every
 * `inputs.<name>` naming no input.
 */
export function lintScript(
  script: string,
  context: LintContext,
  text: LintText = ENGLISH_LINT_TEXT,
): ScriptProblem[] {
  // The script is a function body; Lezer's Script rule accepts a top-level `return`.
  const tree = javascriptLanguage.parser.parse(script);
  const syntax = firstSyntaxError(tree, script, text);
  if (syntax) return [syntax];

  const declared = declaredNames(tree, script);
  const known = predefinedNames(context.libraries);
  const problems: ScriptProblem[] = [];
  const inputs =
    context.inputNames && !declared.has(INPUTS_GLOBAL) ? new Set(context.inputNames) : null;

  tree.iterate({
    enter(ref) {
      const node = ref.node;
      const name = referencedName(node, script);
      if (name !== null && !declared.has(name) && !known.has(name) && !isTypeofOperand(node)) {
        problems.push({
          from: node.from,
          to: node.to,
          severity: 'warning',
          message: text.notDefined(name),
        });
      }
      if (inputs && node.name === 'MemberExpression') {
        const key = inputKey(node, script);
        if (key && !inputs.has(key.name)) {
          problems.push({
            from: key.from,
            to: key.to,
            severity: 'warning',
            message: text.noSuchInput(key.name),
          });
        }
      }
    },
  });
  return problems;
}

function firstSyntaxError(tree: Tree, script: string, text: LintText): ScriptProblem | null {
  let found: ScriptProblem | null = null;
  tree.iterate({
    enter(ref) {
      if (found) return false;
      if (!ref.type.isError) return undefined;
      const at = ref.from;
      const token = ref.to > ref.from ? script.slice(ref.from, ref.to) : nextToken(script, at);
      found = {
        from: at,
        // An empty error node still gets a character to underline where possible.
        to: Math.max(ref.to, Math.min(at + (token?.length ?? 0), script.length)),
        severity: 'error',
        message: token ? text.syntaxError(describe(token)) : text.unexpectedEnd(),
      };
      return false;
    },
  });
  return found;
}

/** The token starting at (or after the blanks from) `at`, null at the end of the script. */
function nextToken(script: string, at: number): string | null {
  const match = /^\s*([A-Za-z_$][\w$]*|\d[\w.]*|\S)/.exec(script.slice(at));
  return match ? match[1] : null;
}

function describe(token: string): string {
  const trimmed = token.trim();
  const short = trimmed.length > 20 ? `${trimmed.slice(0, 20)}…` : trimmed;
  return `"${short.split('\n')[0]}"`;
}

/** Every name the script declares anywhere: var/let/const, functions, classes, params, catch. */
function declaredNames(tree: Tree, script: string): Set<string> {
  const names = new Set<string>();
  tree.iterate({
    enter(ref) {
      if (ref.name === 'VariableDefinition') names.add(script.slice(ref.from, ref.to));
    },
  });
  return names;
}

/** The variable a node reads or writes, or null when it is no variable reference. */
function referencedName(node: SyntaxNode, script: string): string | null {
  if (node.name === 'VariableName') return script.slice(node.from, node.to);
  // `{ total }` in an object literal reads the variable `total`.
  if (
    node.name === 'PropertyDefinition' &&
    node.parent?.name === 'Property' &&
    same(node.parent.firstChild, node) &&
    same(node.parent.lastChild, node)
  ) {
    return script.slice(node.from, node.to);
  }
  return null;
}

/** `typeof x` is the safe way to ask whether `x` exists. */
function isTypeofOperand(node: SyntaxNode): boolean {
  const parent = node.parent;
  return (
    parent?.name === 'UnaryExpression' &&
    parent.firstChild?.name === 'typeof' &&
    same(parent.lastChild, node)
  );
}

/** Node objects are made afresh on each visit: compare what they cover. */
function same(a: SyntaxNode | null | undefined, b: SyntaxNode): boolean {
  return !!a && a.from === b.from && a.to === b.to && a.name === b.name;
}

/** `inputs.name` / `inputs["name"]`: the key read from `inputs`. */
function inputKey(
  member: SyntaxNode,
  script: string,
): { name: string; from: number; to: number } | null {
  const object = member.firstChild;
  if (object?.name !== 'VariableName' || script.slice(object.from, object.to) !== INPUTS_GLOBAL) {
    return null;
  }
  const key = member.lastChild;
  if (key?.name === 'PropertyName') {
    return { name: script.slice(key.from, key.to), from: key.from, to: key.to };
  }
  if (key?.name === ']') {
    const index = key.prevSibling;
    if (index?.name === 'String' && index.prevSibling?.name === '[') {
      const literal = script.slice(index.from, index.to);
      const name = stringValue(literal);
      if (name !== null) return { name, from: index.from, to: index.to };
    }
  }
  return null;
}

/** The value of a simple quoted literal; null when it holds escapes (not worth guessing). */
function stringValue(literal: string): string | null {
  const body = literal.slice(1, -1);
  return body.includes('\\') ? null : body;
}
