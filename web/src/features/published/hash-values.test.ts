import { describe, expect, it } from 'vitest';
import { hashStep, hashValues } from './hash-values';
import { checkHashValues } from '../../components/calculator/value-check';

describe('hashValues', () => {
  it('reads a JSON object keyed by input id', () => {
    expect(hashValues('#{"1":5,"2":"x"}')).toEqual({ '1': 5, '2': 'x' });
    expect(hashValues('{"3":true}')).toEqual({ '3': true });
  });

  it('reads URI-encoded JSON, as browsers give location.hash', () => {
    const values = { '1': 12, '4': { type: 'relative', params: { delta: 2, units: 'days' } } };
    expect(hashValues(`#${encodeURIComponent(JSON.stringify(values))}`)).toEqual(values);
    expect(hashValues('#%7B%221%22:%20%22a%20b%22%7D')).toEqual({ '1': 'a b' });
  });

  it('ignores bad JSON', () => {
    expect(hashValues('#{"1":')).toBeNull();
    expect(hashValues('#not json')).toBeNull();
    expect(hashValues('#%E0%A4%A')).toBeNull(); // not even valid percent-encoding
  });

  it('ignores anything that is not an object', () => {
    expect(hashValues('#[1,2]')).toBeNull();
    expect(hashValues('#5')).toBeNull();
    expect(hashValues('#"text"')).toBeNull();
    expect(hashValues('#null')).toBeNull();
  });

  it('gives null for no hash', () => {
    expect(hashValues('')).toBeNull();
    expect(hashValues('#')).toBeNull();
  });

  it('carries the step beside the values, which the values check ignores', () => {
    const fromHash = hashValues(`#${encodeURIComponent('{"1":5,"step":"co"}')}`);
    expect(hashStep(fromHash)).toBe('co');
    const doc = { metaInputs: [{ id: 1, name: 'a', type: 'number' as const }] };
    expect(checkHashValues(doc, fromHash ?? {})).toEqual({ values: { '1': 5 }, refused: {} });
  });

  it('finds no step in an old link, or a step that is not text', () => {
    expect(hashStep(hashValues('#{"1":5}'))).toBeNull();
    expect(hashStep(hashValues('#{"step":2}'))).toBeNull();
    expect(hashStep(hashValues('#{"step":""}'))).toBeNull();
    expect(hashStep(null)).toBeNull();
  });
});
