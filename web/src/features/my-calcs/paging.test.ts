import { describe, expect, it } from 'vitest';
import { pageFromQuery, pageHref, pagerLinks } from './paging';

describe('pageFromQuery', () => {
  it('reads whole numbers from 1 up', () => {
    expect(pageFromQuery('3')).toBe(3);
    expect(pageFromQuery(' 12 ')).toBe(12);
  });

  it('falls back to page 1 for anything else', () => {
    for (const raw of [
      null,
      undefined,
      '',
      '0',
      '-2',
      '1.5',
      'abc',
      '2x',
      '1e3',
      '99999999999999999999',
    ]) {
      expect(pageFromQuery(raw), String(raw)).toBe(1);
    }
  });
});

describe('pagerLinks', () => {
  it('has no links for a single page', () => {
    expect(pagerLinks(1, { pages: 1, total: 3 })).toEqual({
      previous: null,
      next: null,
      redirect: null,
    });
  });

  it('links both ways in the middle', () => {
    expect(pagerLinks(2, { pages: 3, total: 50 })).toEqual({
      previous: 1,
      next: 3,
      redirect: null,
    });
  });

  it('has only a previous link on the last page', () => {
    expect(pagerLinks(3, { pages: 3, total: 50 })).toEqual({
      previous: 2,
      next: null,
      redirect: null,
    });
  });

  it('sends a page past the end to the last page', () => {
    expect(pagerLinks(7, { pages: 3, total: 50 }).redirect).toBe(3);
  });

  it('keeps an empty list on its page (the server says 1 page of nothing)', () => {
    expect(pagerLinks(4, { pages: 1, total: 0 })).toEqual({
      previous: 1,
      next: null,
      redirect: null,
    });
  });
});

describe('pageHref', () => {
  it('leaves page 1 without a query', () => {
    expect(pageHref(1)).toBe('/user/calculators');
    expect(pageHref(4)).toBe('/user/calculators?page=4');
  });
});
