import { describe, expect, it } from 'vitest';
import { errorLine } from './error-line';

describe('errorLine', () => {
  it('reads the line at the end of an engine error', () => {
    expect(errorLine('ReferenceError: totals is not defined (line 3)')).toBe(3);
    expect(errorLine('SyntaxError: unexpected token (line 12)')).toBe(12);
    expect(errorLine('Too big (line 7)')).toBe(7);
  });

  it('uses only the final "(line N)", not one inside the message', () => {
    expect(errorLine('Error: see (line 2) of the manual (line 9)')).toBe(9);
    expect(errorLine('Error: see (line 2) of the manual')).toBeNull();
  });

  it('is null for messages without a line', () => {
    expect(errorLine(null)).toBeNull();
    expect(errorLine('')).toBeNull();
    expect(
      errorLine('Calculation did not finish after 5 seconds. Is there an infinite loop?'),
    ).toBeNull();
    expect(errorLine('Multiple inputs have name "a".')).toBeNull();
    expect(errorLine('Error (line 0)')).toBeNull();
  });
});
