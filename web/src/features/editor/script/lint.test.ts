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
    expect(messages(script)).toEqual(["'window' is not defined.", "'console' is not defined."]);
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
