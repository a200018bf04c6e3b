// The Intl module's locale data as the worker fetches and gives it (intl-data.ts), with a
// stand-in server and a stand-in module that records what it was given.
import { beforeEach, describe, expect, it } from 'vitest';
import { IntlData, type IntlDataGlue } from './intl-data';
import { INTL_FAILED_MESSAGE } from './intl-loader';

const BASE = '/pkg/intl/';
const bytes = (name: string) => new TextEncoder().encode(`blob of ${name}`);
const text = (blob: Uint8Array) => new TextDecoder().decode(blob);

let fetched: string[];
let failing: Set<string>;
const fetchFile = async (url: string): Promise<Response> => {
  fetched.push(url);
  if (failing.has(url)) return new Response('', { status: 500 });
  if (url === `${BASE}parts.json`) return Response.json(['de', 'en', 'ru']);
  const name = url.slice(BASE.length).replace(/\.postcard$/, '');
  if (!['core', 'de', 'en', 'ru'].includes(name)) return new Response('', { status: 404 });
  return new Response(bytes(name));
};

/** A stand-in instance of the module: what it holds, and the parts it lacked. */
class FakeGlue implements IntlDataGlue {
  core: string | null = null;
  parts: string[] = [];
  added: string[] = [];
  lacked: string[] = [];
  addIntlCore(core: Uint8Array, parts: string[]): void {
    this.core = text(core);
    this.parts = parts;
    this.added = [];
  }
  addIntlData(language: string, blob: Uint8Array): void {
    expect(text(blob)).toBe(`blob of ${language}`);
    this.added.push(language);
  }
  missingIntlData(): string[] {
    const lacked = this.lacked;
    this.lacked = [];
    return lacked;
  }
}

beforeEach(() => {
  fetched = [];
  failing = new Set();
});

describe('IntlData', () => {
  it("fetches the core, the list and the page's language, and gives them to the module", async () => {
    const data = await IntlData.load(fetchFile, BASE, ['ru']);
    expect(fetched.sort()).toEqual([
      '/pkg/intl/core.postcard',
      '/pkg/intl/parts.json',
      '/pkg/intl/ru.postcard',
    ]);
    const glue = new FakeGlue();
    data.install(glue);
    expect(glue.core).toBe('blob of core');
    expect(glue.parts).toEqual(['de', 'en', 'ru']);
    expect(glue.added).toEqual(['ru']);
  });

  it('adds the parts a calculation lacked, once each, and gives a new instance all of them', async () => {
    const data = await IntlData.load(fetchFile, BASE, ['en']);
    const glue = new FakeGlue();
    data.install(glue);
    expect(await data.addMissing(glue)).toBe(false);
    glue.lacked = ['de'];
    expect(await data.addMissing(glue)).toBe(true);
    expect(glue.added).toEqual(['en', 'de']);
    expect(fetched.filter((url) => url.endsWith('de.postcard'))).toHaveLength(1);
    // A part without data (not in the list) is never asked of the server.
    glue.lacked = ['xx'];
    expect(await data.addMissing(glue)).toBe(false);
    expect(fetched).not.toContain('/pkg/intl/xx.postcard');
    // A new instance (after a trap) gets the core and every part again.
    const fresh = new FakeGlue();
    data.install(fresh);
    expect(fresh.core).toBe('blob of core');
    expect(fresh.added).toEqual(['en', 'de']);
  });

  it('skips a wanted part without data', async () => {
    const data = await IntlData.load(fetchFile, BASE, ['xx', 'en']);
    const glue = new FakeGlue();
    data.install(glue);
    expect(glue.added).toEqual(['en']);
  });

  it('fails with the Intl message when the core, the list or a part cannot be fetched', async () => {
    failing.add('/pkg/intl/core.postcard');
    await expect(IntlData.load(fetchFile, BASE, ['en'])).rejects.toThrow(INTL_FAILED_MESSAGE);
    failing = new Set(['/pkg/intl/parts.json']);
    await expect(IntlData.load(fetchFile, BASE, ['en'])).rejects.toThrow(INTL_FAILED_MESSAGE);
    failing = new Set(['/pkg/intl/de.postcard']);
    const data = await IntlData.load(fetchFile, BASE, ['en']);
    const glue = new FakeGlue();
    data.install(glue);
    glue.lacked = ['de'];
    await expect(data.addMissing(glue)).rejects.toThrow(INTL_FAILED_MESSAGE);
    // Not added, so asked for again by the next calculation that lacks it.
    failing.clear();
    glue.lacked = ['de'];
    expect(await data.addMissing(glue)).toBe(true);
  });
});
