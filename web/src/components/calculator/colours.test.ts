import { describe, expect, it } from 'vitest';
import { contrast, derivePalette, parseColour, TEXT_CONTRAST, type Rgb } from './colours';

const rgb = (hex: string) => parseColour(hex)!;
const LIGHT_PAGE: Rgb = [255, 255, 255];
const DARK_PAGE: Rgb = [17, 38, 72];

describe('parseColour', () => {
  it('reads the forms the style editor gives', () => {
    expect(parseColour('#fff')).toEqual([255, 255, 255]);
    expect(parseColour('#1A2b3C')).toEqual([26, 43, 60]);
    expect(parseColour('rgb(1, 2, 3)')).toEqual([1, 2, 3]);
    expect(parseColour('white')).toEqual([255, 255, 255]);
  });

  it('gives null for anything else', () => {
    expect(parseColour('')).toBeNull();
    expect(parseColour('#12345')).toBeNull();
    expect(parseColour('rgb(300, 0, 0)')).toBeNull();
    expect(parseColour('url(javascript:x)')).toBeNull();
    expect(parseColour(undefined)).toBeNull();
  });
});

describe('contrast', () => {
  it('is 21 for black on white and 1 for equal colours', () => {
    expect(contrast([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrast([10, 20, 30], [10, 20, 30])).toBe(1);
  });
});

describe('derivePalette', () => {
  const backgrounds = [
    '#fff8e7', // cream: the finding's calculator
    '#ffffff',
    '#000000',
    '#0a1a33',
    '#ff0000',
    '#777777',
    '#808080',
    '#ffff00',
    '#1f5bc4',
    '#3cb371',
  ];
  const fonts = [undefined, '#000080', '#ffffff', '#000000', '#777777', '#ff0000', '#fff8e7'];

  for (const bgcolor of [...backgrounds, undefined]) {
    for (const fcolor of fonts) {
      for (const [pageName, page] of [
        ['light', LIGHT_PAGE],
        ['dark', DARK_PAGE],
      ] as const) {
        it(`keeps text legible: background ${bgcolor}, font ${fcolor}, ${pageName} page`, () => {
          const palette = derivePalette(bgcolor, fcolor, page);
          const surfaces = [rgb(palette.background), rgb(palette.field)];
          for (const surface of surfaces) {
            expect(contrast(rgb(palette.text), surface)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
            expect(contrast(rgb(palette.muted), surface)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
            expect(contrast(rgb(palette.danger), surface)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
            expect(contrast(rgb(palette.border), surface)).toBeGreaterThanOrEqual(3);
          }
          expect(contrast(rgb(palette.onAccent), rgb(palette.accent))).toBeGreaterThanOrEqual(
            TEXT_CONTRAST,
          );
        });
      }
    }
  }

  it("keeps the author's colours when they are legible", () => {
    const palette = derivePalette('#fff8e7', '#5a4a2a', LIGHT_PAGE);
    expect(palette.background).toBe('#fff8e7');
    expect(palette.text).toBe('#5a4a2a');
    expect(palette.scheme).toBe('light');
  });

  it('darkens a pale font on a pale background rather than replacing it', () => {
    const palette = derivePalette('#fff8e7', '#ffcc88', LIGHT_PAGE);
    expect(palette.text).not.toBe('#000000');
    expect(contrast(rgb(palette.text), rgb('#fff8e7'))).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it("uses the page's background without an author's one", () => {
    expect(derivePalette(undefined, '#ffffff', DARK_PAGE)).toMatchObject({
      background: '#112648',
      text: '#ffffff',
      scheme: 'dark',
    });
  });
});
