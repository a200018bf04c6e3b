// The sites allowed to embed a calculator: the doc's `embedDomains`, a list of
// `[scheme://]host[:port]` entries. No list (or an empty one) leaves the calculator open to
// every site, as before. The server writes the same list into the embed's CSP
// `frame-ancestors` (server/src/domain/embed_domains.rs reads entries exactly as here); the
// embed's postMessage checks use `embedOriginAllowed`.
//
// - `example.com`            https://example.com (the scheme is https unless written)
// - `*.example.com`          any subdomain of example.com over https, not example.com itself
// - `http://127.0.0.1:5174`  that scheme, host and port only

/** One allowed site, parsed. `port` is null for the scheme's default port. */
export interface EmbedDomain {
  scheme: 'http' | 'https';
  /** The host without a leading `*.`, lower case. */
  host: string;
  /** Whether the entry is `*.host`: subdomains of `host`, not `host` itself. */
  subdomains: boolean;
  port: number | null;
}

/** At most this many entries in a doc's list. */
export const MAX_EMBED_DOMAINS = 20;

const ENTRY =
  /^(?:(https?):\/\/)?(\*\.)?([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)(?::(\d{1,5}))?\/?$/;

/** An entry as written by an author (trimmed, any case), or null when it is not one. */
export function parseEmbedDomain(entry: string): EmbedDomain | null {
  const text = entry.trim().toLowerCase();
  if (text.length === 0 || text.length > 253) return null;
  const match = ENTRY.exec(text);
  if (!match) return null;
  const [, scheme, star, host, port] = match;
  const number = port === undefined ? null : Number(port);
  if (number !== null && (number < 1 || number > 65535)) return null;
  return {
    scheme: scheme === 'http' ? 'http' : 'https',
    host,
    subdomains: star !== undefined,
    port: number,
  };
}

const DEFAULT_PORT = { http: 80, https: 443 } as const;

/** Whether the origin `scheme://host[:port]` (a MessageEvent's `origin`) is one entry's. */
function matches(domain: EmbedDomain, origin: URL): boolean {
  const scheme = origin.protocol.slice(0, -1);
  if (scheme !== domain.scheme) return false;
  const port = origin.port === '' ? DEFAULT_PORT[domain.scheme] : Number(origin.port);
  if (port !== (domain.port ?? DEFAULT_PORT[domain.scheme])) return false;
  const host = origin.hostname.toLowerCase();
  return domain.subdomains ? host.endsWith(`.${domain.host}`) : host === domain.host;
}

/**
 * Whether a page at `origin` may embed a calculator whose doc lists `domains`: always when
 * the list is absent or empty, else when an entry matches. An origin that is not a URL
 * (`null`, from a sandboxed or `file:` page) matches no entry.
 */
export function embedOriginAllowed(
  origin: string,
  domains: readonly string[] | null | undefined,
): boolean {
  if (!domains || domains.length === 0) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return domains.some((entry) => {
    const domain = parseEmbedDomain(entry);
    return domain !== null && matches(domain, url);
  });
}
