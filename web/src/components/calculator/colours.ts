// Legible colours derived from the author's style (issue 12, item 3): the author's
// background and font colours win inside the calculator, but fields, labels and tables
// must stay readable (WCAG contrast ≥ 4.5:1) whatever the visitor's theme is.
import type { CSSProperties } from 'react';

/** An sRGB colour, channels 0–255. */
export type Rgb = readonly [number, number, number];

/** The WCAG AA contrast for normal text. */
export const TEXT_CONTRAST = 4.5;

const NAMED: Record<string, Rgb> = {
  black: [0, 0, 0],
  white: [255, 255, 255],
  red: [255, 0, 0],
  green: [0, 128, 0],
  blue: [0, 0, 255],
  yellow: [255, 255, 0],
  gray: [128, 128, 128],
  grey: [128, 128, 128],
  navy: [0, 0, 128],
  orange: [255, 165, 0],
  purple: [128, 0, 128],
};

/** Reads `#rgb`, `#rrggbb`, `rgb(r, g, b)` or a few names; anything else is null. */
export function parseColour(text: string | undefined | null): Rgb | null {
  if (typeof text !== 'string') return null;
  const value = text.trim().toLowerCase();
  if (NAMED[value]) return NAMED[value];
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(value);
  if (short) return [short[1], short[2], short[3]].map((h) => parseInt(h + h, 16)) as never;
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/.exec(value);
  if (long) return [long[1], long[2], long[3]].map((h) => parseInt(h, 16)) as never;
  const rgb =
    /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})\s*(?:[,/]\s*[\d.]+%?\s*)?\)$/.exec(value);
  if (rgb) {
    const channels = [rgb[1], rgb[2], rgb[3]].map(Number);
    return channels.every((c) => c <= 255) ? (channels as unknown as Rgb) : null;
  }
  return null;
}

/** `#rrggbb` for a colour. */
export function toHex(colour: Rgb): string {
  return `#${colour.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG relative luminance. */
export function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** `amount` (0–1) of the way from `from` to `to`. */
export function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return from.map((c, i) => c + (to[i] - c) * amount) as unknown as Rgb;
}

const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];

/** Whether text on `background` reads better dark (true) or light. */
export function isLight(background: Rgb): boolean {
  return contrast(background, BLACK) >= contrast(background, WHITE);
}

/**
 * `wanted` if it reaches `ratio` against every background, else the least change of it
 * towards black or white (whichever the backgrounds call for) that does. Rounded to whole
 * channels, so the check is made on the colour that is actually painted.
 */
export function legible(wanted: Rgb, backgrounds: readonly Rgb[], ratio = TEXT_CONTRAST): Rgb {
  const enough = (colour: Rgb) => backgrounds.every((bg) => contrast(colour, bg) >= ratio);
  const rounded = (colour: Rgb) => colour.map(Math.round) as unknown as Rgb;
  if (enough(rounded(wanted))) return rounded(wanted);
  const target = isLight(backgrounds[0]) ? BLACK : WHITE;
  for (let step = 1; step <= 100; step++) {
    const candidate = rounded(mix(wanted, target, step / 100));
    if (enough(candidate)) return candidate;
  }
  return target;
}

/** The colours a calculator paints with, all `#rrggbb`. */
export interface CalcPalette {
  background: string;
  text: string;
  muted: string;
  field: string;
  border: string;
  accent: string;
  onAccent: string;
  danger: string;
  scheme: 'light' | 'dark';
}

/**
 * The palette for an author's background and font colours. `themeBackground` stands in
 * when the author chose no background (the visitor's theme decides it then); the font
 * colour defaults to black or white, whichever suits the background.
 */
export function derivePalette(
  bgcolor: string | undefined,
  fcolor: string | undefined,
  themeBackground: Rgb,
): CalcPalette {
  const background = parseColour(bgcolor) ?? themeBackground;
  const light = isLight(background);
  const extreme = light ? BLACK : WHITE;
  // Fields are a shade off the background, so they are seen as fields.
  const field = mix(background, light ? WHITE : BLACK, 0.5);
  const fieldBg = contrast(field, background) < 1.05 ? mix(background, extreme, 0.04) : field;
  const surfaces = [background, fieldBg];
  const wanted = parseColour(fcolor) ?? extreme;
  const text = legible(wanted, surfaces);
  const muted = legible(mix(text, background, 0.35), surfaces);
  // Borders of fields need 3:1 (WCAG 1.4.11, non-text contrast).
  const border = legible(mix(background, text, 0.4), surfaces, 3);
  const accent = text;
  const onAccent = legible(background, [accent]);
  const danger = legible(light ? [179, 38, 30] : [255, 180, 171], surfaces);
  return {
    background: toHex(background),
    text: toHex(text),
    muted: toHex(muted),
    field: toHex(fieldBg),
    border: toHex(border),
    accent: toHex(accent),
    onAccent: toHex(onAccent),
    danger: toHex(danger),
    scheme: light ? 'light' : 'dark',
  };
}

/** The palette as the CSS custom properties the app's styles read. */
export function paletteToCss(palette: CalcPalette): CSSProperties {
  return {
    backgroundColor: palette.background,
    color: palette.text,
    colorScheme: palette.scheme,
    '--text': palette.text,
    '--muted': palette.muted,
    '--surface': palette.field,
    '--surface-2': palette.field,
    '--border': palette.border,
    '--primary': palette.accent,
    '--primary-hover': palette.accent,
    '--on-primary': palette.onAccent,
    '--focus': palette.text,
    '--danger': palette.danger,
    '--danger-bg': palette.background,
  } as CSSProperties;
}
