// Sections (issue 30): inputs and outputs grouped under a heading with a short description,
// in one or two columns, open or collapsed. A member names its section by id (`section`);
// the group stands where its first member would, its members in declaration order.
import type { CalcDoc } from '../../../lib/types';

/** A section as the doc describes it (`doc.sections[]`), read defensively. */
export interface SectionDef {
  id: string;
  title: string;
  description: string;
  /** Columns on a wide screen (one on a narrow one). */
  columns: 1 | 2;
  /** Shown closed at first. */
  collapsed: boolean;
}

const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/** The doc's sections with an id; a doc without sections has none. */
export function sectionsOf(doc: CalcDoc): SectionDef[] {
  const raw = Array.isArray(doc.sections) ? (doc.sections as unknown[]) : [];
  return raw.flatMap((entry) => {
    const section = record(entry);
    if (!section || typeof section.id !== 'string' || section.id === '') return [];
    return [
      {
        id: section.id,
        title: typeof section.title === 'string' ? section.title : '',
        description: typeof section.description === 'string' ? section.description : '',
        columns: section.columns === 2 ? 2 : 1,
        collapsed: section.collapsed === true,
      },
    ];
  });
}

/** A run of items: the members of one section, or items in none (section null). */
export interface SectionBlock<T> {
  section: SectionDef | null;
  items: T[];
}

/**
 * `items` (in declaration order) grouped: a section's members together where its first
 * member stands, items in no (or an unknown) section in runs between the groups.
 */
export function groupBySection<T extends { section?: unknown }>(
  items: readonly T[],
  sections: readonly SectionDef[],
): SectionBlock<T>[] {
  const byId = new Map(sections.map((section) => [section.id, section]));
  const blocks: SectionBlock<T>[] = [];
  const opened = new Map<string, SectionBlock<T>>();
  for (const item of items) {
    const section = typeof item.section === 'string' ? byId.get(item.section) : undefined;
    if (section) {
      let block = opened.get(section.id);
      if (!block) {
        block = { section, items: [] };
        opened.set(section.id, block);
        blocks.push(block);
      }
      block.items.push(item);
    } else {
      const last = blocks[blocks.length - 1];
      if (last && last.section === null) last.items.push(item);
      else blocks.push({ section: null, items: [item] });
    }
  }
  return blocks;
}
