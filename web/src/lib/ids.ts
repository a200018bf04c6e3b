const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** `length` characters drawn uniformly from [0-9a-zA-Z] with a CSPRNG. */
export function randomId(length = 16): string {
  const out: string[] = [];
  const bytes = new Uint8Array(length * 2);
  while (out.length < length) {
    crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      // 248 = 4 × 62: rejecting the rest keeps every character equally likely.
      if (byte < 248 && out.length < length) out.push(ALPHABET[byte % 62]);
    }
  }
  return out.join('');
}

/** A calculator id: 16 characters of [0-9a-zA-Z] (spec §9). */
export const isCalcId = (id: string | undefined): id is string =>
  !!id && /^[0-9a-zA-Z]{16}$/.test(id);

/** The 5-character cache-bust token of share links (spec §9). */
export const cacheBustToken = () => randomId(5);
