// An in-memory Cache Storage for jsdom (which has none): what lib/offline/saved-calcs.ts
// uses of it, keyed by URL path.
import { vi } from 'vitest';

class FakeCache {
  readonly entries = new Map<string, Response>();

  async put(key: RequestInfo | URL, response: Response): Promise<void> {
    this.entries.set(String(key), response);
  }

  async match(key: RequestInfo | URL): Promise<Response | undefined> {
    return this.entries.get(String(key))?.clone();
  }

  async delete(key: RequestInfo | URL): Promise<boolean> {
    return this.entries.delete(String(key));
  }
}

/** Installs a fresh fake `caches` global; returns its caches by name. */
export function fakeCaches() {
  const named = new Map<string, FakeCache>();
  const storage = {
    async open(name: string) {
      if (!named.has(name)) named.set(name, new FakeCache());
      return named.get(name)!;
    },
    async has(name: string) {
      return named.has(name);
    },
    async delete(name: string) {
      return named.delete(name);
    },
    async match(key: RequestInfo | URL, options?: { cacheName?: string }) {
      const caches = options?.cacheName ? [named.get(options.cacheName)] : [...named.values()];
      for (const cache of caches) {
        const found = await cache?.match(key);
        if (found) return found;
      }
      return undefined;
    },
  };
  vi.stubGlobal('caches', storage);
  return named;
}
