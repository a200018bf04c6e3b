// Inputs or outputs laid out in the author's sections: each section a collapsible group
// (<details>, open unless the author collapsed it) with its heading, its description and
// its members in one or two columns; items in no section as they always were.
import { Fragment, type ReactNode } from 'react';
import { SmallMarkdown } from './markdown';
import { groupBySection, type SectionDef } from './sections';

/** The items in their sections; `wrap` puts each run of items in its container. */
export function Sectioned<T extends { id: number; section?: unknown }>(props: {
  items: readonly T[];
  sections: readonly SectionDef[];
  render(item: T): ReactNode;
  wrap?(children: ReactNode, key: string): ReactNode;
  /** The level of a section's heading (under the calculator's h2: 3; under a step's: 4). */
  level?: 3 | 4;
}) {
  const wrap = props.wrap ?? ((children: ReactNode) => children);
  const Heading = props.level === 4 ? 'h4' : 'h3';
  return (
    <>
      {groupBySection(props.items, props.sections).map((block, index) => {
        const items = block.items.map((item) => props.render(item));
        if (!block.section)
          return <Fragment key={`run-${index}`}>{wrap(items, `run-${index}`)}</Fragment>;
        const { section } = block;
        return (
          <details
            key={`section-${section.id}`}
            className={`calc-group columns-${section.columns}`}
            data-section={section.id}
            open={!section.collapsed}
          >
            <summary>
              <Heading className="calc-group-title">{section.title}</Heading>
            </summary>
            <SmallMarkdown text={section.description} className="calc-group-description" />
            <div className="calc-group-body">{wrap(items, section.id)}</div>
          </details>
        );
      })}
    </>
  );
}
