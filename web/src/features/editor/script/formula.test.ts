import { describe, expect, it } from 'vitest';
import { inputAccess, insertFormula, propertyKey } from './formula';

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
