// Tab 0, edit mode: the output definitions (values and tables with their columns), each
// with its live value (spec §3).
import { useId, useRef } from 'react';
import { OutputValue } from '../../components/calculator/output-view';
import { Menu } from '../../components/menu';
import { newOutput } from '../../lib/doc';
import { useT } from '../../stores/i18n';
import type { EvalResult, OutputDef } from '../../lib/types';
import { ChartFields } from './chart-settings';
import { CheckboxField, ItemActions, NumberField, TextField } from './fields';
import { UnitFields } from './input-settings';
import { changeById, focusAfterRemoval, moveBy, nameCounts, focusNew, refocus } from './list-ops';
import { editorMessages } from './messages';

export interface OutputsEditorProps {
  outputs: OutputDef[];
  update(change: (outputs: OutputDef[]) => OutputDef[]): void;
  /** Columns of a table: values only, no live value of their own. */
  columns?: boolean;
  /** The last result, for each output's live value (top level only). */
  result?: EvalResult | null;
}

export function OutputsEditor(props: OutputsEditorProps) {
  const t = useT(editorMessages);
  const base = useId();
  const root = useRef<HTMLDivElement>(null);
  const counts = nameCounts(props.outputs);
  const nameId = (output: OutputDef) => `${base}-name-${output.id}`;

  const add = (type: 'value' | 'table') => {
    const output = newOutput(props.outputs, type);
    props.update((outputs) => [...outputs, output]);
    focusNew(nameId(output));
  };

  const remove = (output: OutputDef, index: number) => {
    props.update((outputs) => outputs.filter((other) => other.id !== output.id));
    focusAfterRemoval(props.outputs, index, nameId, root.current, '.add-menu button');
  };

  return (
    <div className={`defs ${props.columns ? 'nested' : ''}`} ref={root}>
      {props.outputs.length === 0 ? (
        <p className="muted">{t(props.columns ? 'noColumns' : 'noOutputsYet')}</p>
      ) : (
        <ol className="def-list">
          {props.outputs.map((output, index) => (
            <li key={output.id}>
              <OutputCard
                {...props}
                output={output}
                index={index}
                nameId={nameId(output)}
                duplicate={(counts.get(output.name) ?? 0) > 1}
                onRemove={() => remove(output, index)}
              />
            </li>
          ))}
        </ol>
      )}
      <div className="add-menu">
        {props.columns ? (
          <button type="button" className="button" onClick={() => add('value')}>
            + {t('addColumn')}
          </button>
        ) : (
          <Menu label={t('addOutput')}>
            {(close) =>
              (['value', 'table'] as const).map((type) => (
                <button
                  key={type}
                  type="button"
                  role="menuitem"
                  onClick={() => {
                    close();
                    add(type);
                  }}
                >
                  {t(type === 'value' ? 'outputValue' : 'outputTable')}
                </button>
              ))
            }
          </Menu>
        )}
      </div>
    </div>
  );
}

function OutputCard(
  props: OutputsEditorProps & {
    output: OutputDef;
    index: number;
    nameId: string;
    duplicate: boolean;
    onRemove(): void;
  },
) {
  const t = useT(editorMessages);
  const { output, index, result } = props;
  const base = useId();
  const upId = `${base}-up`;
  const downId = `${base}-down`;
  const liveId = `${base}-live`;
  const what = t(props.columns ? 'columnWhat' : 'outputWhat', { name: output.name });
  const change = (edit: (output: OutputDef) => OutputDef) =>
    props.update((outputs) => changeById(outputs, output.id, edit));
  const move = (delta: number) => {
    props.update((outputs) =>
      moveBy(
        outputs,
        outputs.findIndex((other) => other.id === output.id),
        delta,
      ),
    );
    refocus(delta < 0 ? upId : downId, delta < 0 ? downId : upId);
  };
  const duplicateKey = props.columns ? 'duplicateColumn' : 'duplicateOutput';

  return (
    <div
      className="def-card"
      role="group"
      aria-label={t(props.columns ? 'columnGroup' : 'outputGroup', { name: output.name })}
    >
      <div className="def-head">
        {!props.columns && (
          <span className="def-badge">
            {t(output.type === 'table' ? 'outputTable' : 'outputValue')}
          </span>
        )}
        <span className="def-name code">{output.name}</span>
        <ItemActions
          what={what}
          upId={upId}
          downId={downId}
          first={index === 0}
          last={index === props.outputs.length - 1}
          onMove={move}
          onRemove={props.onRemove}
        />
      </div>
      <div className="def-body">
        <TextField
          id={props.nameId}
          label={t('name')}
          value={output.name}
          inputClassName="code"
          className="def-name-field"
          error={
            props.duplicate
              ? t(duplicateKey, { name: output.name })
              : output.name.trim() === ''
                ? t('emptyName')
                : null
          }
          onChange={(name) => change((old) => ({ ...old, name }))}
        />
        {!props.columns && (
          <div className="field-row def-value">
            <span className="field-label" id={liveId}>
              {t('liveValue')}
            </span>
            <div className="live-output" role="group" aria-labelledby={liveId}>
              {!result ? (
                <span className="muted">{t('calculating')}</span>
              ) : result.error ? (
                <span className="muted">{t('noValue')}</span>
              ) : (
                <OutputValue output={output} display={result.display?.[output.name]} />
              )}
            </div>
          </div>
        )}
        {output.type === 'table' ? (
          <>
            <div className="sub-inputs" role="group" aria-labelledby={`${base}-columns`}>
              <p className="field-label" id={`${base}-columns`}>
                {t('columns')}
              </p>
              <OutputsEditor
                columns
                outputs={output.metaOutputs ?? []}
                update={(edit) =>
                  change((table) => ({ ...table, metaOutputs: edit(table.metaOutputs ?? []) }))
                }
              />
            </div>
            <ChartFields
              output={output}
              rows={result && !result.error ? result.outputs?.[output.name] : undefined}
              change={change}
            />
          </>
        ) : (
          <ValueFormat output={output} change={change} />
        )}
      </div>
    </div>
  );
}

/** How a value is shown: percent, currency sign, decimal places (spec §9), units. */
function ValueFormat(props: {
  output: OutputDef;
  change(edit: (output: OutputDef) => OutputDef): void;
}) {
  const t = useT(editorMessages);
  const { output, change } = props;
  return (
    <div className="format-fields">
      <CheckboxField
        label={t('percent')}
        checked={!!output.percent}
        onChange={(percent) => change((old) => ({ ...old, percent }))}
      />
      <div className="inline-fields">
        <TextField
          label={t('currencySign')}
          value={output.currencySign ?? ''}
          onChange={(currencySign) => change((old) => ({ ...old, currencySign }))}
        />
        <NumberField
          label={t('decimalPlaces')}
          value={typeof output.decimalPlaces === 'number' ? output.decimalPlaces : undefined}
          integer
          min={0}
          max={20}
          hint={t('decimalPlacesHint')}
          onChange={(decimalPlaces) =>
            change((old) => {
              const next = { ...old };
              if (decimalPlaces === undefined) delete next.decimalPlaces;
              else next.decimalPlaces = decimalPlaces;
              return next;
            })
          }
        />
      </div>
      <UnitFields
        def={output}
        change={change}
        prefix={[t('outputPrefix'), t('outputPrefixExample')]}
        suffix={[t('outputSuffix'), t('outputSuffixExample')]}
      />
    </div>
  );
}
