import { describe, expect, it } from 'vitest';
import { hashValues } from './hash-values';

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
});
