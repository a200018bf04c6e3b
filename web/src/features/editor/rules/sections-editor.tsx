// The Sections editor of the Settings panel (issue 30): add, edit, reorder and delete the
// doc's sections. A section's id follows its title (unique, made here); inputs and outputs
// join one with their own Section setting, which follows the id when it changes.
import { useId } from 'react';
import type { CalcDoc, InputDef, OutputDef } from '../../../lib/types';
import { useT } from '../../../stores/i18n';
import { CheckboxField, ItemActions, SelectField, TextField } from '../fields';
import { moveBy } from '../list-ops';
import { sectionIdFrom, sectionsOf, textOf, withField, type Section } from './form-doc';
import { formsMessages } from './messages';
import { RuleBuilder } from './rule-builder';

type DocChange = (change: (doc: CalcDoc) => CalcDoc) => void;

/** Each top-level input and output of `doc` whose section is `from`, moved to `to` ('' = none). */
function withMembersMoved(doc: CalcDoc, from: string, to: string): CalcDoc {
  const move = <D extends InputDef | OutputDef>(def: D) =>
    textOf(def, 'section') === from ? withField(def, 'section', to) : def;
  return {
    ...doc,
    ...(doc.metaInputs ? { metaInputs: doc.metaInputs.map(move) } : {}),
    ...(doc.metaOutputs ? { metaOutputs: doc.metaOutputs.map(move) } : {}),
  };
}

export function SectionsEditor(props: { doc: CalcDoc; onDocChange: DocChange }) {
  const t = useT(formsMessages);
  const titleId = useId();
  const sections = sectionsOf(props.doc);
  const setSections = (edit: (sections: Section[]) => Section[]) =>
    props.onDocChange((old) => withField(old, 'sections', edit(sectionsOf(old))));

  const add = () =>
    setSections((old) => {
      const title = t('newSectionTitle', { n: old.length + 1 });
      const id = sectionIdFrom(
        title,
        old.map((section) => section.id),
      );
      return [...old, { id, title }];
    });

  const rename = (id: string, title: string) =>
    props.onDocChange((old) => {
      const others = sectionsOf(old).filter((section) => section.id !== id);
      const newId = sectionIdFrom(
        title,
        others.map((section) => section.id),
      );
      const renamed = withField(
        old,
        'sections',
        sectionsOf(old).map((section) =>
          section.id === id ? { ...section, id: newId, title } : section,
        ),
      );
      return newId === id ? renamed : withMembersMoved(renamed, id, newId);
    });

  const remove = (id: string) =>
    props.onDocChange((old) =>
      withMembersMoved(
        withField(
          old,
          'sections',
          sectionsOf(old).filter((section) => section.id !== id),
        ),
        id,
        '',
      ),
    );

  return (
    <section className="form-editor sections-editor" aria-labelledby={titleId}>
      <h3 id={titleId} className="field-label">
        {t('sections')}
      </h3>
      {sections.length === 0 ? (
        <p className="muted">{t('noSections')}</p>
      ) : (
        <ol className="form-editor-list">
          {sections.map((section, index) => (
            <li key={index}>
              <SectionCard
                section={section}
                index={index}
                count={sections.length}
                inputs={props.doc.metaInputs ?? []}
                change={(edit) =>
                  setSections((old) => old.map((each, i) => (i === index ? edit(each) : each)))
                }
                onRename={(title) => rename(section.id, title)}
                onMove={(delta) => setSections((old) => moveBy(old, index, delta))}
                onRemove={() => remove(section.id)}
              />
            </li>
          ))}
        </ol>
      )}
      <p className="field-hint muted">{t('sectionMembersHint')}</p>
      <button type="button" className="button" onClick={add}>
        + {t('addSection')}
      </button>
    </section>
  );
}

function SectionCard(props: {
  section: Section;
  index: number;
  count: number;
  inputs: InputDef[];
  change(edit: (section: Section) => Section): void;
  onRename(title: string): void;
  onMove(delta: number): void;
  onRemove(): void;
}) {
  const t = useT(formsMessages);
  const base = useId();
  const { section, change } = props;
  const title = typeof section.title === 'string' ? section.title : '';
  return (
    <div className="def-card" role="group" aria-label={t('sectionGroup', { title })}>
      <div className="def-head">
        <span className="def-name">{title}</span>
        <ItemActions
          what={t('sectionWhat', { title })}
          upId={`${base}-up`}
          downId={`${base}-down`}
          first={props.index === 0}
          last={props.index === props.count - 1}
          onMove={props.onMove}
          onRemove={props.onRemove}
        />
      </div>
      <div className="def-body">
        <TextField
          label={t('title')}
          value={title}
          hint={t('sectionId', { id: section.id })}
          error={title.trim() === '' ? t('titleNeeded') : null}
          onChange={props.onRename}
        />
        <TextField
          label={t('descriptionMarkdown')}
          multiline
          value={textOf(section, 'description')}
          hint={t('markdownHint')}
          onChange={(description) => change((old) => withField(old, 'description', description))}
        />
        <SelectField
          label={t('columns')}
          value={section.columns === 2 ? '2' : '1'}
          options={[
            { value: '1', label: t('oneColumn') },
            { value: '2', label: t('twoColumns') },
          ]}
          onChange={(columns) =>
            change((old) => withField(old, 'columns', columns === '2' ? 2 : undefined))
          }
        />
        <CheckboxField
          label={t('collapsed')}
          checked={section.collapsed === true}
          onChange={(collapsed) =>
            change((old) => withField(old, 'collapsed', collapsed || undefined))
          }
        />
        <RuleBuilder
          label={t('showWhen')}
          emptyHint={t('alwaysShown')}
          expression={textOf(section, 'visibleWhen')}
          inputs={props.inputs}
          onChange={(expression) => change((old) => withField(old, 'visibleWhen', expression))}
        />
      </div>
    </div>
  );
}
