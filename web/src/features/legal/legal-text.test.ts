import { describe, expect, it } from 'vitest';
import { PRIVACY, TERMS } from './legal-text';

describe.each([
  ['terms', TERMS],
  ['privacy', PRIVACY],
] as const)('%s', (_name, texts) => {
  it('has the same numbered sections in English and Russian', () => {
    const numbers = (locale: 'en' | 'ru') =>
      texts[locale].sections.map((section) => section.heading.match(/^\d+\./)?.[0]);
    expect(numbers('ru')).toEqual(numbers('en'));
    expect(numbers('en').every(Boolean)).toBe(true);
    texts.en.sections.forEach((section, index) => {
      const ru = texts.ru.sections[index];
      expect(ru.paragraphs.length).toBe(section.paragraphs.length);
      expect(ru.list?.length).toBe(section.list?.length);
    });
  });

  it('has no empty text', () => {
    for (const locale of ['en', 'ru'] as const) {
      expect(texts[locale].intro.trim()).not.toBe('');
      for (const section of texts[locale].sections) {
        expect(section.paragraphs.length + (section.list?.length ?? 0)).toBeGreaterThan(0);
        for (const text of [...section.paragraphs, ...(section.list ?? [])]) {
          expect(text.trim()).not.toBe('');
        }
      }
    }
  });
});
