// The texts of /terms and /privacy in English and Russian, kept as Markdown files in
// texts/ (`<kind>.<locale>.md`) and read here into sections. The Markdown is the small
// part these texts use: an intro paragraph, then `## ` headings, each followed by
// paragraphs and optionally a bulleted list (`- ` items) after them. Inline markup is not
// read: the text is shown as written.
import type { Locale } from '../../stores/ui';
import privacyEn from './texts/privacy.en.md?raw';
import privacyRu from './texts/privacy.ru.md?raw';
import termsEn from './texts/terms.en.md?raw';
import termsRu from './texts/terms.ru.md?raw';

export interface LegalSection {
  heading: string;
  paragraphs: string[];
  list?: string[];
}

export interface LegalText {
  intro: string;
  sections: LegalSection[];
}

/** A block's lines as one line (a paragraph may be wrapped in the file). */
const oneLine = (text: string) => text.trim().replace(/\s*\n\s*/g, ' ');

/** A legal text from its Markdown: blocks are separated by blank lines. */
export function parseLegalText(markdown: string): LegalText {
  const text: LegalText = { intro: '', sections: [] };
  const blocks = markdown
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean);
  for (const block of blocks) {
    const section = text.sections.at(-1);
    if (block.startsWith('## ')) {
      text.sections.push({ heading: block.slice(3).trim(), paragraphs: [] });
    } else if (!section) {
      text.intro = oneLine(text.intro ? `${text.intro} ${block}` : block);
    } else if (block.startsWith('- ')) {
      const items = block.split(/\n- /).map((item) => oneLine(item.replace(/^- /, '')));
      section.list = [...(section.list ?? []), ...items];
    } else {
      section.paragraphs.push(oneLine(block));
    }
  }
  return text;
}

export const TERMS: Record<Locale, LegalText> = {
  en: parseLegalText(termsEn),
  ru: parseLegalText(termsRu),
};

export const PRIVACY: Record<Locale, LegalText> = {
  en: parseLegalText(privacyEn),
  ru: parseLegalText(privacyRu),
};
