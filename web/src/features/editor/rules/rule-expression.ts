// The rule builder's conditions and the JavaScript expression they stand for (issue 30):
// `ruleToExpression` writes the expression stored in `visibleWhen` and `validWhen[].rule`;
// `expressionToRule` reads back exactly what it wrote, so a rule made in the builder reopens
// in the builder, and anything else opens as JavaScript. Values are written as literals
// only (JSON strings, finite numbers, booleans, `new Date("YYYY-MM-DD")`), so what an author
// types as a value can never become code.

/** What a condition checks (`≤` is `le`, `is one of…` is `oneOf`). */
export type Operator = 'is' | 'isNot' | 'lt' | 'le' | 'gt' | 'ge' | 'between' | 'empty' | 'oneOf';

export const OPERATORS: readonly Operator[] = [
  'is',
  'isNot',
  'lt',
  'le',
  'gt',
  'ge',
  'between',
  'empty',
  'oneOf',
];

/** A value a condition compares with: a literal, or a date (`YYYY-MM-DD`). */
export type RuleValue = string | number | boolean | { date: string };

/** One row of the builder: `inputs.<input> <operator> <value>`. */
export interface Condition {
  /** The input's name. */
  input: string;
  op: Operator;
  /** The value (`is`, `is not`, comparisons); the lower bound of `between`. */
  value?: RuleValue;
  /** The upper bound of `between`. */
  value2?: RuleValue;
  /** The values of `is one of…`. */
  values?: RuleValue[];
}

/** Whether every condition must hold (`&&`) or any one (`||`). */
export type RuleMode = 'all' | 'any';

/** A rule as the builder holds it. */
export interface Rule {
  conditions: Condition[];
  mode: RuleMode;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const COMPARISON: Partial<Record<Operator, string>> = {
  is: '===',
  isNot: '!==',
  lt: '<',
  le: '<=',
  gt: '>',
  ge: '>=',
};

/** A JSON string literal, with the two line separators escaped too (old JS parsers). */
const stringLiteral = (text: string) =>
  JSON.stringify(text)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** `inputs.name`, or `inputs["name"]` for a name that is not an identifier. */
export function inputRef(name: string): string {
  return IDENTIFIER.test(name) ? `inputs.${name}` : `inputs[${stringLiteral(name)}]`;
}

/** A value as a JavaScript literal; `null` for one that cannot be written safely. */
export function valueLiteral(value: RuleValue | undefined): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'string') return stringLiteral(value);
  if (typeof value === 'boolean') return String(value);
  if (value && typeof value === 'object' && typeof value.date === 'string') {
    return DATE.test(value.date) ? `new Date(${stringLiteral(value.date)})` : null;
  }
  return null;
}

/** Whether a condition has everything its operator needs (incomplete rows are left out). */
export function isComplete(condition: Condition): boolean {
  return conditionExpression(condition, false) !== null;
}

/** One condition's expression; `grouped` wraps a two-part one in parentheses. */
function conditionExpression(condition: Condition, grouped: boolean): string | null {
  if (!condition.input) return null;
  const ref = inputRef(condition.input);
  const group = (text: string) => (grouped ? `(${text})` : text);
  switch (condition.op) {
    case 'empty':
      return group(`${ref} == null || ${ref} === ''`);
    case 'between': {
      const low = valueLiteral(condition.value);
      const high = valueLiteral(condition.value2);
      return low === null || high === null ? null : `(${ref} >= ${low} && ${ref} <= ${high})`;
    }
    case 'oneOf': {
      const literals = (condition.values ?? []).map(valueLiteral);
      if (literals.length === 0 || literals.some((literal) => literal === null)) return null;
      return `[${literals.join(',')}].includes(${ref})`;
    }
    default: {
      const literal = valueLiteral(condition.value);
      return literal === null ? null : `${ref} ${COMPARISON[condition.op]} ${literal}`;
    }
  }
}

/**
 * The expression of a rule's complete conditions, joined by `&&` (all) or `||` (any);
 * '' when there are none (the rule is then absent: always shown, always valid).
 */
export function ruleToExpression(conditions: Condition[], mode: RuleMode): string {
  const complete = conditions.filter(isComplete);
  const grouped = complete.length > 1;
  const parts = complete.map((condition) => conditionExpression(condition, grouped) ?? '');
  return parts.join(mode === 'all' ? ' && ' : ' || ');
}

// Reading back: the expression is cut into tokens, read as conditions, and accepted only if
// writing those conditions gives the very same text.

type Token = { kind: 'ref'; name: string } | { kind: 'value'; value: RuleValue } | string;

const TOKEN =
  /\s*(?:(inputs)(?:\.([A-Za-z_$][\w$]*)|\[("(?:[^"\\]|\\.)*")\])|new Date\(("(?:[^"\\]|\\.)*")\)|("(?:[^"\\]|\\.)*")|(-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)|(true|false|null|''|===|!==|==|<=|>=|&&|\|\||\.includes\(|[<>()[\],]))/y;

function tokenize(text: string): Token[] | null {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    if (/^\s*$/.test(text.slice(TOKEN.lastIndex))) break;
    const match = TOKEN.exec(text);
    if (!match) return null;
    try {
      if (match[1]) {
        tokens.push({ kind: 'ref', name: match[2] ?? (JSON.parse(match[3]) as string) });
      } else if (match[4]) {
        tokens.push({ kind: 'value', value: { date: JSON.parse(match[4]) as string } });
      } else if (match[5]) tokens.push({ kind: 'value', value: JSON.parse(match[5]) as string });
      else if (match[6]) tokens.push({ kind: 'value', value: Number(match[6]) });
      else if (match[7] === 'true' || match[7] === 'false') {
        tokens.push({ kind: 'value', value: match[7] === 'true' });
      } else tokens.push(match[7]);
    } catch {
      return null;
    }
  }
  return tokens;
}

const isRef = (token: Token | undefined): token is { kind: 'ref'; name: string } =>
  typeof token === 'object' && token.kind === 'ref';
const isValue = (token: Token | undefined): token is { kind: 'value'; value: RuleValue } =>
  typeof token === 'object' && token.kind === 'value';

/** The condition `tokens` say, if they say one (the final check is the written text). */
function readCondition(tokens: Token[]): Condition | null {
  let inner = tokens;
  if (inner[0] === '(' && inner[inner.length - 1] === ')') inner = inner.slice(1, -1);
  const [first, second, third] = inner;
  // inputs.x == null || inputs.x === ''
  if (inner.length === 7 && isRef(first) && second === '==' && third === 'null') {
    return { input: first.name, op: 'empty' };
  }
  // inputs.x >= A && inputs.x <= B
  if (inner.length === 7 && isRef(first) && second === '>=' && isValue(third)) {
    const high = inner[6];
    if (!isValue(high)) return null;
    return { input: first.name, op: 'between', value: third.value, value2: high.value };
  }
  // [A,B].includes(inputs.x)
  if (first === '[') {
    const values: RuleValue[] = [];
    let index = 1;
    while (isValue(inner[index])) {
      values.push((inner[index] as { value: RuleValue }).value);
      index += inner[index + 1] === ',' ? 2 : 1;
    }
    const ref = inner[index + 2];
    if (inner[index] !== ']' || inner[index + 1] !== '.includes(' || !isRef(ref)) return null;
    return { input: ref.name, op: 'oneOf', values };
  }
  if (inner.length === 3 && isRef(first) && typeof second === 'string' && isValue(third)) {
    const op = (Object.keys(COMPARISON) as Operator[]).find((key) => COMPARISON[key] === second);
    return op ? { input: first.name, op, value: third.value } : null;
  }
  return null;
}

/** `tokens` cut at `separator` outside parentheses and brackets. */
function split(tokens: Token[], separator: string): Token[][] {
  const parts: Token[][] = [[]];
  let depth = 0;
  for (const token of tokens) {
    if (token === '(' || token === '[' || token === '.includes(') depth += 1;
    if (token === ')' || token === ']') depth -= 1;
    if (token === separator && depth === 0) parts.push([]);
    else parts[parts.length - 1].push(token);
  }
  return parts;
}

/**
 * The builder's rule for an expression `ruleToExpression` wrote; null for any other
 * expression (the editor then shows it as JavaScript). '' is a rule without conditions.
 */
export function expressionToRule(expression: string): Rule | null {
  const text = expression.trim();
  if (text === '') return { conditions: [], mode: 'all' };
  const tokens = tokenize(text);
  if (!tokens) return null;
  const candidates: Rule[] = [];
  const single = readCondition(tokens);
  if (single) candidates.push({ conditions: [single], mode: 'all' });
  for (const [mode, separator] of [
    ['all', '&&'],
    ['any', '||'],
  ] as const) {
    const parts = split(tokens, separator);
    if (parts.length < 2) continue;
    const conditions = parts.map(readCondition);
    if (conditions.every((condition) => condition !== null)) {
      candidates.push({ conditions: conditions as Condition[], mode });
    }
  }
  return (
    candidates.find((rule) => ruleToExpression(rule.conditions, rule.mode) === expression) ?? null
  );
}
