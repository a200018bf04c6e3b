// The Intl module's locale data. The module has none compiled in (a visitor would download
// every locale's): scripts/intl-data writes it beside the module as a core (`core.postcard`:
// the root locale and what belongs to no language), the list of the other parts
// (`parts.json`) and a blob per part: one per language (`en.postcard`, `zh-Hant.postcard`)
// and a few of the root locale's large data that few calculations use (`und-Hans.postcard`,
// Chinese collation; `und-cjdict.postcard`, word segmentation). The worker gives the module
// the core and the page's language before the first calculation; a calculation that asks
// for another part (`toLocaleString('de-DE')`) falls back to the root locale and says so
// (`missingIntlData`), so the part is fetched and the calculation runs again. A new
// instance (after a trap) is given everything again.
import { INTL_FAILED_MESSAGE } from './intl-loader';

/** The Intl module's functions for its locale data (engine/src/faces/wasm/intl_data.rs). */
export interface IntlDataGlue {
  addIntlCore(core: Uint8Array, parts: string[]): void;
  addIntlData(part: string, blob: Uint8Array): void;
  missingIntlData(): string[];
}

/** Fetches a file of the data (waiting while the server still builds it). */
export type FetchFile = (url: string) => Promise<Response>;

/** The locale data fetched so far: the core, the list of the other parts, and their blobs. */
export class IntlData {
  private readonly blobs = new Map<string, Uint8Array>();

  private constructor(
    private readonly fetchBlob: (name: string) => Promise<Uint8Array>,
    private readonly core: Uint8Array,
    private readonly parts: readonly string[],
  ) {}

  /**
   * Fetches the core, the list of parts and the blobs of the `wanted` parts (those the list
   * has: the page's language), all at once, from `base` (a folder's URL ending in `/`). Any
   * failure is `INTL_FAILED_MESSAGE`.
   */
  static async load(
    fetchFile: FetchFile,
    base: string,
    wanted: readonly string[],
  ): Promise<IntlData> {
    const fetchBlob = async (name: string): Promise<Uint8Array> => {
      const response = await fetchFile(`${base}${name}.postcard`);
      if (!response.ok) throw new Error(INTL_FAILED_MESSAGE);
      return new Uint8Array(await response.arrayBuffer());
    };
    try {
      const listed = fetchFile(`${base}parts.json`).then(async (response) => {
        if (!response.ok) throw new Error(INTL_FAILED_MESSAGE);
        const list: unknown = await response.json();
        if (!Array.isArray(list) || !list.every((l) => typeof l === 'string'))
          throw new Error(INTL_FAILED_MESSAGE);
        return list as string[];
      });
      const core = fetchBlob('core');
      // Asked for before the list arrives; a part without a blob is simply not found.
      const early = [...new Set(wanted)].map(
        (part) => [part, fetchBlob(part).catch(() => null)] as const,
      );
      // Both awaited at once, so a failure of either is this call's, never unhandled.
      const [coreBytes, parts] = await Promise.all([core, listed]);
      const data = new IntlData(fetchBlob, coreBytes, parts);
      for (const [part, blob] of early) {
        const bytes = await blob;
        if (bytes && data.parts.includes(part)) data.blobs.set(part, bytes);
      }
      return data;
    } catch {
      throw new Error(INTL_FAILED_MESSAGE);
    }
  }

  /** Gives an instance of the module the core and every part fetched so far. */
  install(glue: IntlDataGlue): void {
    glue.addIntlCore(this.core, [...this.parts]);
    for (const [part, blob] of this.blobs) glue.addIntlData(part, blob);
  }

  /**
   * Fetches and adds the parts the calculations since the last call asked for and did not
   * have; whether there were any (the calculation is then run again).
   */
  async addMissing(glue: IntlDataGlue): Promise<boolean> {
    const missing = glue
      .missingIntlData()
      .filter((part) => this.parts.includes(part) && !this.blobs.has(part));
    if (missing.length === 0) return false;
    let blobs: Uint8Array[];
    try {
      blobs = await Promise.all(missing.map(this.fetchBlob));
    } catch {
      throw new Error(INTL_FAILED_MESSAGE);
    }
    missing.forEach((part, i) => {
      this.blobs.set(part, blobs[i]);
      glue.addIntlData(part, blobs[i]);
    });
    return true;
  }
}
