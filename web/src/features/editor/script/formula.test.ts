import { describe, expect, it } from 'vitest';
import { inputAccess, insertFormula as place, propertyKey } from './formula';

/** The script with the formula in it, when the helper could put it there. */
function insertFormula(script: string, name: string, formula: string, indent?: string): string {
  const placed = place(script, name, formula, indent);
  if (!placed.ok) throw new Error(`not placed: ${placed.reason}`);
  return placed.script;
}

describe('insertFormula', () => {
  it('adds the formula as the first property of the returned object', () => {
    expect(insertFormula("'use strict';\n\nreturn {\n  b: 2,\n};\n", 'a', 'inputs.x * 2')).toBe(
      "'use strict';\n\nreturn {\n  a: inputs.x * 2,\n  b: 2,\n};\n",
    );
  });

  it('fills the default empty object', () => {
    expect(insertFormula("'use strict';\n\nreturn {};\n", 'total', 'inputs.price')).toBe(
      "'use strict';\n\nreturn {\n  total: inputs.price,\n};\n",
    );
  });

  it('opens a one-line object', () => {
    expect(insertFormula('return { b: 2 };', 'a', '1')).toBe('return {\n  a: 1,\n  b: 2 };');
  });

  it('uses the last top-level return, not one inside a function', () => {
    const script = [
      'function row(x) {',
      '  return { n: x };',
      '}',
      'return {',
      '    b: row(1),',
      '};',
      'function later() { return { z: 1 }; }',
    ].join('\n');
    expect(insertFormula(script, 'a', '5')).toBe(
      script.replace('return {\n    b', 'return {\n    a: 5,\n    b'),
    );
  });

  it('ignores "return {" inside strings and comments', () => {
    const script = "return {\n  b: 'return { x',\n};\n// return { y }\n";
    expect(insertFormula(script, 'a', '1')).toBe(
      "return {\n  a: 1,\n  b: 'return { x',\n};\n// return { y }\n",
    );
  });

  it('appends a return when the script has no returned object', () => {
    expect(insertFormula('var x = 1;\n', 'a', 'x + 1')).toBe(
      'var x = 1;\n\nreturn {\n  a: x + 1,\n};\n',
    );
    expect(insertFormula('', 'a', '1')).toBe('return {\n  a: 1,\n};\n');
    // A return inside an if block is not the script's own.
    expect(insertFormula('if (x) {\n  return { b: 1 };\n}', 'a', '1')).toBe(
      'if (x) {\n  return { b: 1 };\n}\n\nreturn {\n  a: 1,\n};\n',
    );
  });

  it('quotes keys that are not identifiers', () => {
    expect(insertFormula('return {};', 'my value', '1')).toBe('return {\n  "my value": 1,\n};');
    expect(insertFormula('', '2nd', '1')).toBe('return {\n  "2nd": 1,\n};\n');
  });

  it('replaces the value of a property already there (a second one would lose)', () => {
    expect(insertFormula('return {\n  a: 5, // old\n  b: { a: 1 },\n};', 'a', 'inputs.x')).toBe(
      'return {\n  a: inputs.x, // old\n  b: { a: 1 },\n};',
    );
    expect(insertFormula("return {\n  'my value': 1\n};", 'my value', 'Math.PI')).toBe(
      "return {\n  'my value': Math.PI\n};",
    );
  });

  it('indents with the given unit', () => {
    expect(insertFormula('return {};', 'a', '1', '    ')).toBe('return {\n    a: 1,\n};');
  });

  it('trims the formula', () => {
    expect(insertFormula('return {};', 'a', '  1 + 2 \n')).toBe('return {\n  a: 1 + 2,\n};');
  });
});

describe('insertFormula with shorthand, computed and spread returns (issue 26, item 4)', () => {
  const loan = 'const payment = 1;\nconst schedule = [];\n';

  it('replaces a shorthand property with the formula', () => {
    expect(insertFormula(`${loan}return { payment, schedule };\n`, 'payment', 'inputs.a * 2')).toBe(
      `${loan}return { payment: inputs.a * 2, schedule };\n`,
    );
    expect(insertFormula(`${loan}return {\n  payment,\n  schedule,\n};\n`, 'schedule', '[]')).toBe(
      `${loan}return {\n  payment,\n  schedule: [],\n};\n`,
    );
  });

  it('replaces a method or getter of that name with a property', () => {
    expect(insertFormula('return { get total() { return 1; }, b: 2 };', 'total', '3')).toBe(
      'return { total: 3, b: 2 };',
    );
  });

  it('replaces the value of a computed key that is a literal', () => {
    expect(insertFormula('return { ["my value"]: 1, b: 2 };', 'my value', 'Math.PI')).toBe(
      'return { ["my value"]: Math.PI, b: 2 };',
    );
  });

  it('adds the formula last when a spread or a computed key could set the same name', () => {
    expect(insertFormula('return { ...base, b: 2 };', 'a', '1')).toBe(
      'return { ...base, b: 2, a: 1 };',
    );
    expect(insertFormula('return {\n  [key]: 1,\n  b: 2\n};', 'a', '5')).toBe(
      'return {\n  [key]: 1,\n  b: 2,\n  a: 5,\n};',
    );
    // A spread after the property would set it again: the formula goes after it.
    expect(insertFormula('return {\n  a: 1,\n  ...rest,\n};', 'a', '5')).toBe(
      'return {\n  a: 1,\n  ...rest,\n  a: 5,\n};',
    );
    // A property after the spread wins over it: replaced where it is.
    expect(insertFormula('return { ...base, a: 1 };', 'a', '5')).toBe('return { ...base, a: 5 };');
  });

  it('replaces the last of two properties of that name: the one that counts', () => {
    expect(insertFormula('return { a: 1, b: 2, a: 3 };', 'a', '9')).toBe(
      'return { a: 1, b: 2, a: 9 };',
    );
  });

  it('says so, and changes nothing, when the script returns no object written out', () => {
    expect(place('const result = { a: 1 };\nreturn result;\n', 'a', '2')).toEqual({
      ok: false,
      reason: 'notAnObject',
    });
    expect(place('return Object.assign({}, base);', 'a', '2')).toEqual({
      ok: false,
      reason: 'notAnObject',
    });
  });

  it('says so when it cannot be sure the formula is what the script returns', () => {
    // A regular expression with a brace: the text scan loses count of the braces.
    expect(place('return { a: /}/.test(x) ? 1 : 2, b: 3 };', 'b', '4')).toEqual({
      ok: false,
      reason: 'unsure',
    });
  });
});

describe('propertyKey and inputAccess', () => {
  it('quote names that are not identifiers', () => {
    expect(propertyKey('total')).toBe('total');
    expect(propertyKey('$x_1')).toBe('$x_1');
    expect(propertyKey('my value')).toBe('"my value"');
    expect(propertyKey('say "hi"')).toBe('"say \\"hi\\""');
    expect(inputAccess('price')).toBe('inputs.price');
    expect(inputAccess('my value')).toBe('inputs["my value"]');
  });
});
