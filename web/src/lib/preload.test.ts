import { describe, expect, it } from 'vitest';
import { hasPreloadedData, readPreloadedData } from './preload';

function page(script?: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  if (script !== undefined) {
    const element = doc.createElement('script');
    element.id = 'calcsmith-preload';
    element.type = 'application/json';
    element.textContent = script;
    doc.body.append(element);
  }
  return doc;
}

describe('readPreloadedData', () => {
  it('reads who is signed in from the page', () => {
    expect(
      readPreloadedData(
        page('{"authenticated":true,"user":{"name":"Ann","email":"ann@example.com"}}'),
      ),
    ).toEqual({ authenticated: true, user: { name: 'Ann', email: 'ann@example.com' } });
  });

  it('counts a page without data, with bad data or with a non-true flag as signed out', () => {
    const signedOut = { authenticated: false, user: null };
    expect(readPreloadedData(page())).toEqual(signedOut);
    expect(readPreloadedData(page('{not json'))).toEqual(signedOut);
    expect(readPreloadedData(page('{"authenticated":"yes"}'))).toEqual(signedOut);
  });
});

describe('hasPreloadedData', () => {
  it('tells the server’s page from the offline app shell, which has no data', () => {
    expect(hasPreloadedData(page('{"authenticated":false,"user":null}'))).toBe(true);
    expect(hasPreloadedData(page())).toBe(false);
  });
});
