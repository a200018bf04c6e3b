import { describe, expect, it } from 'vitest';
import { cacheBustToken, isCalcId, randomId } from './ids';

describe('randomId', () => {
  it('is 16 characters of [0-9A-Za-z] by default', () => {
    for (let i = 0; i < 200; i++) expect(randomId()).toMatch(/^[0-9A-Za-z]{16}$/);
  });

  it('draws from all 62 characters', () => {
    const seen = new Set(Array.from({ length: 500 }, () => randomId(16)).join(''));
    expect(seen.size).toBe(62);
  });

  it('gives the length asked for', () => {
    expect(randomId(1)).toHaveLength(1);
    expect(randomId(40)).toMatch(/^[0-9A-Za-z]{40}$/);
  });

  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => randomId()));
    expect(ids.size).toBe(1000);
  });
});

describe('cacheBustToken', () => {
  it('is 5 characters of [0-9A-Za-z]', () => {
    for (let i = 0; i < 50; i++) expect(cacheBustToken()).toMatch(/^[0-9A-Za-z]{5}$/);
  });
});

describe('isCalcId', () => {
  it('accepts exactly 16 characters of [0-9A-Za-z]', () => {
    expect(isCalcId('aZ09aZ09aZ09aZ09')).toBe(true);
    expect(isCalcId('aZ09aZ09aZ09aZ0')).toBe(false);
    expect(isCalcId('aZ09aZ09aZ09aZ09a')).toBe(false);
    expect(isCalcId('aZ09aZ09aZ09aZ0-')).toBe(false);
    expect(isCalcId(undefined)).toBe(false);
  });
});
