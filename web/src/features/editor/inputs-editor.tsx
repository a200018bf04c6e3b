// Tab 0, edit mode: the input definitions, each with its live value control (spec §3).
import { useId } from 'react';
import { InputControl } from '../../components/calculator/input-control';
import { defaultValue, INPUT_TYPES, newInput } from '../../lib/doc';
import { useT } from '../../stores/i18n';
import type { InputDef, InputType } from '../../lib/types';
import { CheckboxField } from './fields';
import { InputSettings } from './input-settings';
import { AddMenu, DefCard, DefList, useDefCard, type CardPlace } from './def-list';
import { without } from './list-ops';
import { editorMessages, type EditorMessageKey } from './messages';
import { InputFormSettings } from './rules/def-form-settings';

/** The spec's title of each input type (spec §3). */
export const TYPE_TITLES: Record<InputType, EditorMessageKey> = {
  number: 'typeNumber',
  string: 'typeString',
  binary: 'typeBinary',
  date: 'typeDate',
  choice: 'typeChoice',
  list: 'typeList',
};

export interface InputsEditorProps {
  inputs: InputDef[];
  /** Changes the inputs (applied to the newest doc). */
  update(change: (inputs: InputDef[]) => InputDef[]): void;
  /** Sub-inputs of a repeating item: a list cannot be added here (spec §3). */
  nested?: boolean;
  /** The label of each input's value control. */
  valueLabel: string;
  valueOf(input: InputDef): unknown;
  onValueChange(input: InputDef, value: unknown): void;
  onAdded?(input: InputDef): void;
  onRemoved?(input: InputDef): void;
  /** A sub-input of the repeating item `list` was deleted (its values in items go too). */
  onSubInputRemoved?(list: InputDef, sub: InputDef): void;
}

export function InputsEditor(props: InputsEditorProps) {
  const t = useT(editorMessages);
  const types = INPUT_TYPES.filter((type) => !props.nested || type !== 'list');
  return (
    <DefList
      items={props.inputs}
      update={props.update}
      nested={props.nested}
      empty={t(props.nested ? 'noSubInputsYet' : 'noInputsYet')}
      onAdded={props.onAdded}
      onRemoved={props.onRemoved}
      card={(input, place) => <InputCard {...props} {...place} input={input} />}
      addMenu={(add) => (
        <AddMenu
          label={t(props.nested ? 'addSubInput' : 'addInput')}
          kinds={types}
          labelOf={(type) => t(TYPE_TITLES[type])}
          onPick={(type) => add(newInput(props.inputs, type))}
        />
      )}
    />
  );
}

function InputCard(props: InputsEditorProps & CardPlace & { input: InputDef }) {
  const t = useT(editorMessages);
  const { input } = props;
  const card = useDefCard(props.update, input.id);
  const { base, change } = card;
  const controlId = `${base}-value`;
  const what = t('inputWhat', { name: input.name });
  const value = props.valueOf(input);

  return (
    <DefCard
      item={input}
      place={props}
      count={props.inputs.length}
      label={t('inputGroup', { name: input.name })}
      badge={t(TYPE_TITLES[input.type])}
      what={what}
      duplicateError={t('duplicateInput', { name: input.name })}
      card={card}
    >
      <div className="field-row def-value">
        <label className="field-label" id={`${controlId}-label`} htmlFor={controlId}>
          {props.valueLabel}
        </label>
        <InputControl
          input={input}
          controlId={controlId}
          value={value === undefined ? defaultValue(input.type) : value}
          onChange={(next) => props.onValueChange(input, next)}
        />
      </div>
      <InputSettings input={input} change={change} />
      {!props.nested && <InputFormSettings input={input} change={change} />}
      {input.type === 'list' && (
        <ListSettings
          input={input}
          change={change}
          onSubInputRemoved={(sub) => props.onSubInputRemoved?.(input, sub)}
        />
      )}
      <CheckboxField
        label={t('autohide')}
        hint={t('autohideHint')}
        checked={!!input.autohide}
        onChange={(autohide) => change((old) => ({ ...old, autohide }))}
      />
    </DefCard>
  );
}

/** A repeating item: its own sub-inputs, each with the value a new item starts with. */
function ListSettings(props: {
  input: InputDef;
  change(edit: (input: InputDef) => InputDef): void;
  onSubInputRemoved(sub: InputDef): void;
}) {
  const t = useT(editorMessages);
  const { input, change } = props;
  const titleId = useId();
  return (
    <div className="sub-inputs" role="group" aria-labelledby={titleId}>
      <p className="field-label" id={titleId}>
        {t('subInputs')}
      </p>
      <InputsEditor
        nested
        inputs={input.metaInputs ?? []}
        update={(edit) => change((list) => ({ ...list, metaInputs: edit(list.metaInputs ?? []) }))}
        valueLabel={t('prototypeValue')}
        valueOf={(sub) => input.itemPrototype?.[String(sub.id)]}
        onValueChange={(sub, value) =>
          change((list) => ({
            ...list,
            itemPrototype: { ...(list.itemPrototype ?? {}), [String(sub.id)]: value },
          }))
        }
        onRemoved={(sub) => {
          change((list) => ({
            ...list,
            itemPrototype: without(list.itemPrototype, String(sub.id)),
          }));
          props.onSubInputRemoved(sub);
        }}
      />
    </div>
  );
}
