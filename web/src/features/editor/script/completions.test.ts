import { CompletionContext } from '@codemirror/autocomplete';
import { javascript } from '@codemirror/lang-javascript';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { scriptCompletions } from './completions';
import type { Libraries } from './globals';

const labels = { input: 'input', library: 'library', global: 'global' };

/** The completions offered at the end of `script`, as label and type. */
function offered(script: string, libraries: Libraries) {
  const state = EditorState.create({ doc: script, extensions: [javascript()] });
  const source = scriptCompletions(() => ({ libraries, inputNames: [], labels }));
  const result = source(new CompletionContext(state, script.length, true));
  return result?.options.map((option) => [option.label, option.type]) ?? null;
}

describe('scriptCompletions', () => {
  it("offers formula.js's spreadsheet functions on formulajs only when it is on", () => {
    expect(offered('formulajs.', { formulajs: true })).toEqual(
      expect.arrayContaining([
        ['PMT', 'function'],
        ['XIRR', 'function'],
        ['WORKDAY', 'function'],
        ['VLOOKUP', 'function'],
      ]),
    );
    expect(offered('formulajs.', { formulajs: false, decimal: true })).toBeNull();
  });

  it("offers Decimal's own members, its rounding modes as constants, only when decimal.js is on", () => {
    const members = offered('Decimal.', { decimal: true });
    expect(members).toEqual(
      expect.arrayContaining([
        ['sum', 'function'],
        ['set', 'function'],
        ['ROUND_HALF_EVEN', 'constant'],
      ]),
    );
    expect(offered('Decimal.', { formulajs: true })).toBeNull();
  });

  it('offers the two globals beside the others when they are on', () => {
    const globals = offered('Dec', { formulajs: true, decimal: true });
    expect(globals).toEqual(
      expect.arrayContaining([
        ['formulajs', 'namespace'],
        ['Decimal', 'class'],
      ]),
    );
    const off = offered('Dec', { mathjs: true }) ?? [];
    expect(off.map(([label]) => label)).not.toContain('Decimal');
    expect(off.map(([label]) => label)).toContain('math');
  });
});
