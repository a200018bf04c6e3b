import { describe, expect, it } from 'vitest';
import { offlineRoute, precacheKey, type RequestFacts } from './offline-routes';

const ORIGIN = 'https://calcsmith.example';
const ID = 'AbCdEfGh12345678';
const get: RequestFacts = { method: 'GET', mode: 'cors' };
const navigate: RequestFacts = { method: 'GET', mode: 'navigate' };

const route = (path: string, facts: RequestFacts = get, origin = ORIGIN) =>
  offlineRoute(new URL(path, origin), facts, ORIGIN);

describe('offlineRoute', () => {
  it("takes a published calculator's page, with or without a query", () => {
    expect(route(`/calc/${ID}`, navigate)).toBe('calc-page');
    expect(route(`/calc/${ID}?utm_source=mail`, navigate)).toBe('calc-page');
  });

  it('leaves every other page to the network: signed-in pages are never kept', () => {
    for (const path of [
      '/',
      `/source/${ID}`,
      `/embed/${ID}`,
      '/account',
      '/account/sub',
      '/account/card',
      '/account/invoice',
      '/user/calculators',
      '/pricing',
      '/calc/too-short',
      `/calc/${ID}/more`,
    ]) {
      expect(route(path, navigate), path).toBeNull();
    }
  });

  it('never takes the API: accounts, billing, sources, lists, calculators, sign-out', () => {
    for (const path of [
      '/api/account',
      '/api/billing/subscription',
      '/api/calc/user',
      `/api/source/${ID}`,
      `/api/calc/${ID}`,
      '/api/logout',
      '/api/captcha',
    ]) {
      expect(route(path), path).toBeNull();
      expect(route(path, navigate), path).toBeNull();
    }
  });

  it('takes the build and the libraries, each in its way', () => {
    expect(route('/assets/index-Bx1y2z3w.js')).toBe('hashed-file');
    expect(route('/assets/calcsmith_engine_bg-12ab34cd.wasm')).toBe('hashed-file');
    expect(route('/partials/calc.js')).toBe('current-file');
    expect(route('/partials/calc')).toBe('current-file');
    expect(route('/js/worker.js')).toBe('current-file');
    expect(route('/img/icons/logo.svg')).toBe('current-file');
    expect(route('/icons/icon-192.png')).toBe('current-file');
    expect(route('/manifest.webmanifest')).toBe('current-file');
    expect(route('/js/lib/lodash.js')).toBe('library');
    expect(route('/js/lib/mathjs.js')).toBe('library');
    expect(route('/pkg/calcsmith_engine_intl.js')).toBe('intl-module');
    expect(route('/pkg/calcsmith_engine_intl_bg.wasm')).toBe('intl-module');
    expect(route('/pkg/intl/core.postcard')).toBe('intl-module');
    expect(route('/pkg/intl/de.postcard')).toBe('intl-module');
    expect(route('/pkg/intl/parts.json')).toBe('intl-module');
  });

  it('leaves other methods, other sites and unknown files alone', () => {
    expect(route('/assets/index-Bx1y2z3w.js', { method: 'POST', mode: 'cors' })).toBeNull();
    expect(route(`/calc/${ID}`, { method: 'POST', mode: 'navigate' })).toBeNull();
    expect(route('/assets/app.js', get, 'https://cdn.example')).toBeNull();
    expect(route('/sw.js')).toBeNull();
    expect(route('/txt/countries.txt')).toBeNull();
    expect(route('/metrics')).toBeNull();
    // The rest of pkg/ is the build's (the default module) or not the page's.
    expect(route('/pkg/calcsmith_engine_bg.wasm')).toBeNull();
    expect(route('/pkg/package.json')).toBeNull();
  });
});

describe('precacheKey', () => {
  it('names a screen module as the build does', () => {
    expect(precacheKey('/partials/calc')).toBe('/partials/calc.js');
    expect(precacheKey('/partials/calc.js')).toBe('/partials/calc.js');
    expect(precacheKey('/js/worker.js')).toBe('/js/worker.js');
  });
});
