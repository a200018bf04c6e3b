import { describe, expect, it } from 'vitest';
import { lintScript, type LintContext } from './lint';

const none: LintContext = { libraries: undefined, inputNames: null };
const messages = (script: string, context: LintContext = none) =>
  lintScript(script, context).map((problem) => problem.message);

describe('lintScript', () => {
  it('accepts the default script and a top-level return', () => {
    expect(lintScript("'use strict';\n\nreturn {};\n", none)).toEqual([]);
    expect(
      lintScript('var a = 1;\nreturn { total: a * 2, "my value": Math.round(a) };', none),
    ).toEqual([]);
  });

  it('flags the use of an undeclared name, at its place', () => {
    const script = "'use strict';\nvar total = 1;\nreturn { t: totals + total };";
    const problems = lintScript(script, none);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ message: "'totals' is not defined.", severity: 'warning' });
    expect(script.slice(problems[0].from, problems[0].to)).toBe('totals');
  });

  it('knows names declared anywhere in the script', () => {
    const script = [
      'function f(a, { b }, ...rest) { return a + b + rest.length + later; }',
      'const { c, d: e } = { c: 1, d: 2 }, [g, , h = 3] = [1, 2];',
      'let arrow = (x) => x * c, single = y => y;',
      'class Box {}',
      'try { f(1, {}); } catch (err) { err.message; }',
      'for (const item of [1]) { item; }',
      'var later = 1;',
      'return { r: f(1, { b: 2 }) + e + g + h + arrow(1) + single(2), box: new Box() };',
    ].join('\n');
    expect(messages(script)).toEqual([]);
  });

  it('knows the standard globals and inputs, not browser ones', () => {
    const script =
      'return { a: Math.max(parseFloat("1"), Number(inputs.a)), d: new Date(), j: JSON.stringify([]), w: window, c: console };';
    expect(messages(script)).toEqual(["'window' is not defined."]);
  });

  it('knows every global the engine gives a script, the libraries included', () => {
    // Written out here, not taken from globals.ts, so that a name dropped there fails
    // this test; globals.wasm.test.ts checks the list against the engine itself.
    const engineGlobals = [
      ...['console', 'Intl', 'globalThis', 'undefined', 'NaN', 'Infinity', 'arguments'],
      ...['Object', 'Function', 'Array', 'Boolean', 'Number', 'BigInt', 'String', 'Symbol'],
      ...['Math', 'JSON', 'Reflect', 'Proxy', 'Promise', 'Date', 'RegExp', 'Iterator'],
      ...['Map', 'Set', 'WeakMap', 'WeakSet', 'WeakRef', 'FinalizationRegistry', 'Atomics'],
      ...['ArrayBuffer', 'SharedArrayBuffer', 'DataView', 'Int8Array', 'Uint8Array'],
      ...['Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array'],
      ...['Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array', 'TypedArray'],
      ...['Error', 'AggregateError', 'EvalError', 'RangeError', 'ReferenceError'],
      ...['SyntaxError', 'TypeError', 'URIError'],
      ...['eval', 'isFinite', 'isNaN', 'parseFloat', 'parseInt', 'escape', 'unescape'],
      ...['encodeURI', 'encodeURIComponent', 'decodeURI', 'decodeURIComponent'],
      ...['inputs', '_', 'moment', 'math', 'formulajs', 'Decimal'],
    ];
    const script = `console.log(inputs);\nreturn { all: [${engineGlobals.join(', ')}] };`;
    const libraries = { lodash: true, moment: true, mathjs: true, formulajs: true, decimal: true };
    expect(messages(script, { libraries, inputNames: null })).toEqual([]);
    expect(messages('console.info(Intl.NumberFormat); console.table([]);\nreturn {};')).toEqual([]);
  });

  it('still flags what a script does not see: the browser, workers and Node', () => {
    const hostNames = ['fetch', 'XMLHttpRequest', 'importScripts', 'postMessage'];
    const script = `return { all: [${[...hostNames, 'require', 'process', 'document', 'window'].join(', ')}] };`;
    expect(messages(script)).toEqual([
      "'fetch' is not defined.",
      "'XMLHttpRequest' is not defined.",
      "'importScripts' is not defined.",
      "'postMessage' is not defined.",
      "'require' is not defined.",
      "'process' is not defined.",
      "'document' is not defined.",
      "'window' is not defined.",
    ]);
  });

  it('checks shorthand properties and assignments, not property names or typeof', () => {
    expect(messages('total = 1;\nreturn { total, x: typeof missing, y: inputs.z.w };')).toEqual([
      "'total' is not defined.",
      "'total' is not defined.",
    ]);
  });

  it('predefines the library globals only when the libraries are on', () => {
    const script = 'return { a: _.sum([1]), b: moment().year(), c: math.sqrt(4) };';
    expect(messages(script)).toEqual([
      "'_' is not defined.",
      "'moment' is not defined.",
      "'math' is not defined.",
    ]);
    expect(messages(script, { libraries: { lodash: true }, inputNames: null })).toEqual([
      "'moment' is not defined.",
      "'math' is not defined.",
    ]);
    expect(
      messages(script, {
        libraries: { lodash: true, moment: true, mathjs: true },
        inputNames: null,
      }),
    ).toEqual([]);
    expect(
      messages(script, {
        libraries: { lodash: false, moment: true, mathjs: false },
        inputNames: null,
      }),
    ).toEqual(["'_' is not defined.", "'math' is not defined."]);
  });

  it('predefines formulajs and Decimal only when formula.js and decimal.js are on', () => {
    const script = 'return { a: formulajs.PMT(0.01, 12, 1000), b: new Decimal(0.1).plus(0.2) };';
    expect(messages(script)).toEqual(["'formulajs' is not defined.", "'Decimal' is not defined."]);
    expect(messages(script, { libraries: { decimal: true }, inputNames: null })).toEqual([
      "'formulajs' is not defined.",
    ]);
    const both = { formulajs: true, decimal: true };
    expect(messages(script, { libraries: both, inputNames: null })).toEqual([]);
  });

  it('reports a syntax error, only that, as an error', () => {
    const script = 'var a = ;\nreturn { a: undefinedName };';
    const problems = lintScript(script, none);
    expect(problems).toHaveLength(1);
    expect(problems[0].severity).toBe('error');
    expect(problems[0].message).toMatch(/^Syntax error/);
    expect(problems[0].from).toBeLessThan(script.indexOf('\n'));
  });

  it('reports a script that ends too early', () => {
    const problems = lintScript('return { a: 1', none);
    expect(problems).toHaveLength(1);
    expect(problems[0].severity).toBe('error');
  });

  it('flags inputs.<name> naming no input, when the names are known', () => {
    const context: LintContext = { libraries: undefined, inputNames: ['price', 'my value'] };
    const script =
      'return { a: inputs.price + inputs["my value"] + inputs.prise + inputs["nope"] };';
    expect(messages(script, context)).toEqual([
      'There is no input named "prise".',
      'There is no input named "nope".',
    ]);
    // A script declaring its own `inputs` is left alone.
    expect(messages('var inputs = {}; return { a: inputs.x };', context)).toEqual([]);
  });

  it('uses the given wording', () => {
    const problems = lintScript('return { a: b };', none, {
      syntaxError: () => 'syntax',
      unexpectedEnd: () => 'end',
      notDefined: (name) => `nicht definiert: ${name}`,
      noSuchInput: () => 'no input',
    });
    expect(problems.map((problem) => problem.message)).toEqual(['nicht definiert: b']);
  });
});
