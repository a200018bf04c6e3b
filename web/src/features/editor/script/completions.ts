// Autocompletion of `inputs.<name>`, the standard globals and the enabled libraries'
// members. Lazily loaded with the editor.
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { completionPath } from '@codemirror/lang-javascript';
import { isIdentifier } from '../../../lib/doc';
import { INPUTS_GLOBAL, LIBRARY_GLOBALS, STANDARD_GLOBALS, type Libraries } from './globals';

/** Commonly used members; the libraries have far more, these are the ones worth offering. */
const MATH_MEMBERS = Object.getOwnPropertyNames(Math);

const MATHJS_MEMBERS = [
  'abs',
  'add',
  'bignumber',
  'cbrt',
  'ceil',
  'combinations',
  'cos',
  'cube',
  'det',
  'divide',
  'e',
  'evaluate',
  'exp',
  'factorial',
  'floor',
  'format',
  'fraction',
  'gcd',
  'hypot',
  'inv',
  'lcm',
  'log',
  'log10',
  'log2',
  'matrix',
  'max',
  'mean',
  'median',
  'min',
  'mod',
  'multiply',
  'norm',
  'permutations',
  'pi',
  'pow',
  'prod',
  'quantileSeq',
  'round',
  'sign',
  'sin',
  'sqrt',
  'square',
  'std',
  'subtract',
  'sum',
  'tan',
  'transpose',
  'unit',
  'variance',
];

const LODASH_MEMBERS = [
  'ceil',
  'chunk',
  'clamp',
  'compact',
  'countBy',
  'drop',
  'filter',
  'find',
  'findIndex',
  'first',
  'flatten',
  'floor',
  'get',
  'groupBy',
  'head',
  'inRange',
  'includes',
  'isEmpty',
  'isNil',
  'isNumber',
  'keyBy',
  'last',
  'map',
  'max',
  'maxBy',
  'mean',
  'meanBy',
  'min',
  'minBy',
  'omit',
  'orderBy',
  'partition',
  'pick',
  'range',
  'reduce',
  'round',
  'sortBy',
  'sum',
  'sumBy',
  'take',
  'times',
  'uniq',
  'uniqBy',
  'zip',
];

const MOMENT_MEMBERS = [
  'duration',
  'isDate',
  'isDuration',
  'isMoment',
  'max',
  'min',
  'months',
  'unix',
  'utc',
  'weekdays',
];

/** formula.js's spreadsheet functions, by the names a spreadsheet uses. */
const FORMULAJS_MEMBERS = [
  'AVERAGE',
  'COUNTIF',
  'DATEDIF',
  'EDATE',
  'EOMONTH',
  'FV',
  'HLOOKUP',
  'IF',
  'INDEX',
  'IPMT',
  'IRR',
  'MATCH',
  'MAX',
  'MIN',
  'NETWORKDAYS',
  'NPER',
  'NPV',
  'PMT',
  'PPMT',
  'PV',
  'RATE',
  'ROUND',
  'ROUNDDOWN',
  'ROUNDUP',
  'SUM',
  'SUMIF',
  'SUMPRODUCT',
  'VLOOKUP',
  'WEEKDAY',
  'WORKDAY',
  'XIRR',
  'XNPV',
  'YEARFRAC',
];

/** decimal.js's constructor's own members (a Decimal's methods come from `new Decimal(…)`). */
const DECIMAL_MEMBERS = [
  'ROUND_DOWN',
  'ROUND_HALF_EVEN',
  'ROUND_HALF_UP',
  'ROUND_UP',
  'abs',
  'ceil',
  'div',
  'floor',
  'isDecimal',
  'max',
  'min',
  'mul',
  'pow',
  'round',
  'set',
  'sqrt',
  'sub',
  'sum',
];

export interface CompletionLabels {
  input: string;
  library: string;
  global: string;
}

export interface CompletionScope {
  libraries: Libraries;
  inputNames: readonly string[];
  labels: CompletionLabels;
}

/** A completion source reading the current scope (it changes with the doc). */
export function scriptCompletions(scope: (context: CompletionContext) => CompletionScope) {
  return (context: CompletionContext): CompletionResult | null => {
    const path = completionPath(context);
    if (!path) return null;
    const { libraries, inputNames, labels } = scope(context);
    const from = context.pos - path.name.length;

    if (path.path.length === 0) {
      if (!path.name && !context.explicit) return null;
      const options: Completion[] = [
        { label: INPUTS_GLOBAL, type: 'variable', detail: labels.input, boost: 2 },
        ...STANDARD_GLOBALS.map((name) => ({
          label: name,
          type: globalType(name),
          detail: labels.global,
        })),
      ];
      for (const library of Object.keys(LIBRARY_GLOBALS) as (keyof typeof LIBRARY_GLOBALS)[]) {
        if (libraries?.[library]) {
          options.push({
            label: LIBRARY_GLOBALS[library],
            // `Decimal` is a constructor; the others are namespaces of functions.
            type: library === 'decimal' ? 'class' : 'namespace',
            detail: labels.library,
            boost: 1,
          });
        }
      }
      return { from, options, validFor: /^[\w$]*$/ };
    }

    if (path.path.length !== 1) return null;
    const object = path.path[0];
    if (object === INPUTS_GLOBAL) {
      const dot = from - 1;
      const options = inputNames.map((name): Completion => {
        if (isIdentifier(name))
          return { label: name, type: 'property', detail: labels.input, boost: 1 };
        // `inputs.my value` is no JavaScript: replace the dot with a bracket access.
        return {
          label: name,
          type: 'property',
          detail: labels.input,
          apply: (view, _completion, _from, to) =>
            view.dispatch({
              changes: { from: dot, to, insert: `[${JSON.stringify(name)}]` },
              selection: { anchor: dot + JSON.stringify(name).length + 2 },
            }),
        };
      });
      return { from, options, validFor: /^[\w$]*$/ };
    }
    const members = libraryMembers(object, libraries);
    if (!members) return null;
    return {
      from,
      options: members.map((name) => ({ label: name, type: memberType(object, name) })),
      validFor: /^[\w$]*$/,
    };
  };
}

function libraryMembers(object: string, libraries: Libraries): readonly string[] | null {
  if (object === 'Math') return MATH_MEMBERS;
  if (object === LIBRARY_GLOBALS.mathjs && libraries?.mathjs) return MATHJS_MEMBERS;
  if (object === LIBRARY_GLOBALS.lodash && libraries?.lodash) return LODASH_MEMBERS;
  if (object === LIBRARY_GLOBALS.moment && libraries?.moment) return MOMENT_MEMBERS;
  if (object === LIBRARY_GLOBALS.formulajs && libraries?.formulajs) return FORMULAJS_MEMBERS;
  if (object === LIBRARY_GLOBALS.decimal && libraries?.decimal) return DECIMAL_MEMBERS;
  return null;
}

const NAMESPACES = new Set(['Math', 'JSON', 'Reflect', 'Atomics', 'globalThis']);
const CONSTANTS = new Set(['undefined', 'NaN', 'Infinity', 'arguments']);

function globalType(name: string): string {
  if (CONSTANTS.has(name)) return 'constant';
  if (NAMESPACES.has(name)) return 'namespace';
  return /^[A-Z]/.test(name) ? 'class' : 'function';
}

function memberType(object: string, name: string): string {
  if (object === 'Math') return /^[A-Z0-9_]+$/.test(name) ? 'constant' : 'function';
  if (object === LIBRARY_GLOBALS.mathjs && (name === 'e' || name === 'pi')) return 'constant';
  if (object === LIBRARY_GLOBALS.decimal && name.startsWith('ROUND_')) return 'constant';
  return 'function';
}
