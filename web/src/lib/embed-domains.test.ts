import { describe, expect, it } from 'vitest';
import { embedOriginAllowed, parseEmbedDomain } from './embed-domains';

describe('parseEmbedDomain', () => {
  it('reads a bare host as https on the default port', () => {
    expect(parseEmbedDomain(' Shop.Example.com ')).toEqual({
      scheme: 'https',
      host: 'shop.example.com',
      subdomains: false,
      port: null,
    });
  });

  it('reads a scheme, a wildcard and a port', () => {
    expect(parseEmbedDomain('http://*.example.com:8080')).toEqual({
      scheme: 'http',
      host: 'example.com',
      subdomains: true,
      port: 8080,
    });
  });

  it.each([
    '',
    'ftp://example.com',
    'https://example.com/path',
    'example.com:0',
    'example.com:70000',
    'exa mple.com',
    '*example.com',
    'example.*.com',
    "example.com'; script-src *",
    'https://user@example.com',
  ])('refuses %j', (entry) => {
    expect(parseEmbedDomain(entry)).toBeNull();
  });
});

describe('embedOriginAllowed', () => {
  it('lets every site embed when there is no list', () => {
    expect(embedOriginAllowed('https://anyone.test', undefined)).toBe(true);
    expect(embedOriginAllowed('https://anyone.test', [])).toBe(true);
  });

  it('matches a listed host over https only, unless http is written', () => {
    const list = ['example.com', 'http://127.0.0.1:5174'];
    expect(embedOriginAllowed('https://example.com', list)).toBe(true);
    expect(embedOriginAllowed('https://example.com:443', list)).toBe(true);
    expect(embedOriginAllowed('http://example.com', list)).toBe(false);
    expect(embedOriginAllowed('https://example.com:8443', list)).toBe(false);
    expect(embedOriginAllowed('http://127.0.0.1:5174', list)).toBe(true);
    expect(embedOriginAllowed('http://127.0.0.1:5175', list)).toBe(false);
  });

  it('matches subdomains of a wildcard entry, not the domain itself or a look-alike', () => {
    const list = ['*.example.com'];
    expect(embedOriginAllowed('https://shop.example.com', list)).toBe(true);
    expect(embedOriginAllowed('https://a.b.example.com', list)).toBe(true);
    expect(embedOriginAllowed('https://example.com', list)).toBe(false);
    expect(embedOriginAllowed('https://badexample.com', list)).toBe(false);
  });

  it('refuses an opaque origin and ignores entries it cannot read', () => {
    expect(embedOriginAllowed('null', ['example.com'])).toBe(false);
    expect(embedOriginAllowed('https://example.com', ['not a domain'])).toBe(false);
  });
});
