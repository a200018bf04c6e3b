// An input's prefix and suffix around its number, spaced the way the engine spaces an
// output's (engine/src/display/format.rs, `with_units`), so a slider reads `40%` and `75 kg` as
// the outputs beside it do. units.test.ts holds the two together.

/** Symbols that hug their number: `5%`, `20°C`. */
const HUGGING = new Set(['%', '‰', '‱', '°', '′', '″']);
const ASCII_PUNCTUATION = /^[!-/:-@[-`{-~]$/;
const ALPHANUMERIC = /^[\p{Alphabetic}\p{N}]$/u;
const NO_BREAK_SPACE = '\u00a0';

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * `number` with the author's prefix before it and suffix after it (each trimmed; blank
 * shows nothing): a word or a sign is set off by a no-break space (`USD 5`, `75 kg`,
 * `1 200 ₽`), a symbol that hugs its number is not (`≈5`, `$5`, `5/mo`, `5%`).
 */
export function withUnits(number: string, prefix?: unknown, suffix?: unknown): string {
  const before = trimmed(prefix);
  const after = trimmed(suffix);
  const last = [...before].at(-1);
  const first = [...after][0];
  const gapBefore = last !== undefined && ALPHANUMERIC.test(last) ? NO_BREAK_SPACE : '';
  const gapAfter =
    first !== undefined && !ASCII_PUNCTUATION.test(first) && !HUGGING.has(first)
      ? NO_BREAK_SPACE
      : '';
  return `${before}${gapBefore}${number}${gapAfter}${after}`;
}
