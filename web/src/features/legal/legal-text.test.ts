// The legal texts: the Markdown files read into the same numbered sections in both languages.
import { describe, expect, it } from 'vitest';
import { parseLegalText, PRIVACY, TERMS } from './legal-text';

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

describe('parseLegalText', () => {
  it('reads the intro, the headed sections, their paragraphs and lists', () => {
    const markdown = [
      'The intro,',
      'on two lines.',
      '',
      '## 1. First',
      '',
      'A paragraph.',
      '',
      'Another:',
      '',
      '- one;',
      '- two.',
      '',
      '## 2. Second',
      '',
      'Last.',
      '',
    ].join('\n');
    expect(parseLegalText(markdown)).toEqual({
      intro: 'The intro, on two lines.',
      sections: [
        { heading: '1. First', paragraphs: ['A paragraph.', 'Another:'], list: ['one;', 'two.'] },
        { heading: '2. Second', paragraphs: ['Last.'] },
      ],
    });
  });
});
