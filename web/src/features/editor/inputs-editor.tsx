// Tab 0, edit mode: the input definitions, each with its live value control (spec §3).
import { useId, useRef } from 'react';
import { InputControl } from '../../components/calculator/input-control';
import { Menu } from '../../components/menu';
import { defaultValue, INPUT_TYPES, newInput } from '../../lib/doc';
import { useT } from '../../stores/i18n';
import type { InputDef, InputType } from '../../lib/types';
import { CheckboxField, ItemActions, TextField } from './fields';
import { InputSettings } from './input-settings';
import {
  changeById,
  focusAfterRemoval,
  moveBy,
  nameCounts,
  focusNew,
  refocus,
  without,
} from './list-ops';
import { editorMessages, type EditorMessageKey } from './messages';

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
  const base = useId();
  const root = useRef<HTMLDivElement>(null);
  const counts = nameCounts(props.inputs);
  const types = INPUT_TYPES.filter((type) => !props.nested || type !== 'list');
  const nameId = (input: InputDef) => `${base}-name-${input.id}`;

  const add = (type: InputType) => {
    const input = newInput(props.inputs, type);
    props.update((inputs) => [...inputs, input]);
    props.onAdded?.(input);
    focusNew(nameId(input));
  };

  const remove = (input: InputDef, index: number) => {
    props.update((inputs) => inputs.filter((other) => other.id !== input.id));
    props.onRemoved?.(input);
    focusAfterRemoval(props.inputs, index, nameId, root.current, '.add-menu button');
  };

  return (
    <div className={`defs ${props.nested ? 'nested' : ''}`} ref={root}>
      {props.inputs.length === 0 ? (
        <p className="muted">{t(props.nested ? 'noSubInputsYet' : 'noInputsYet')}</p>
      ) : (
        <ol className="def-list">
          {props.inputs.map((input, index) => (
            <li key={input.id}>
              <InputCard
                {...props}
                input={input}
                index={index}
                nameId={nameId(input)}
                duplicate={(counts.get(input.name) ?? 0) > 1}
                onRemove={() => remove(input, index)}
              />
            </li>
          ))}
        </ol>
      )}
      <div className="add-menu">
        <Menu label={t(props.nested ? 'addSubInput' : 'addInput')}>
          {(close) =>
            types.map((type) => (
              <button
                key={type}
                type="button"
                role="menuitem"
                onClick={() => {
                  close();
                  add(type);
                }}
              >
                {t(TYPE_TITLES[type])}
              </button>
            ))
          }
        </Menu>
      </div>
    </div>
  );
}

function InputCard(
  props: InputsEditorProps & {
    input: InputDef;
    index: number;
    nameId: string;
    duplicate: boolean;
    onRemove(): void;
  },
) {
  const t = useT(editorMessages);
  const { input, index } = props;
  const base = useId();
  const controlId = `${base}-value`;
  const upId = `${base}-up`;
  const downId = `${base}-down`;
  const what = t('inputWhat', { name: input.name });
  const change = (edit: (input: InputDef) => InputDef) =>
    props.update((inputs) => changeById(inputs, input.id, edit));
  const move = (delta: number) => {
    props.update((inputs) =>
      moveBy(
        inputs,
        inputs.findIndex((other) => other.id === input.id),
        delta,
      ),
    );
    refocus(delta < 0 ? upId : downId, delta < 0 ? downId : upId);
  };
  const value = props.valueOf(input);

  return (
    <div className="def-card" role="group" aria-label={t('inputGroup', { name: input.name })}>
      <div className="def-head">
        <span className="def-badge">{t(TYPE_TITLES[input.type])}</span>
        <span className="def-name code">{input.name}</span>
        <ItemActions
          what={what}
          upId={upId}
          downId={downId}
          first={index === 0}
          last={index === props.inputs.length - 1}
          onMove={move}
          onRemove={props.onRemove}
        />
      </div>
      <div className="def-body">
        <TextField
          id={props.nameId}
          label={t('name')}
          value={input.name}
          inputClassName="code"
          className="def-name-field"
          error={
            props.duplicate
              ? t('duplicateInput', { name: input.name })
              : input.name.trim() === ''
                ? t('emptyName')
                : null
          }
          onChange={(name) => change((old) => ({ ...old, name }))}
        />
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
      </div>
    </div>
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
