// Tab 0, edit mode: the output definitions (values and tables with their columns), each
// with its live value (spec §3).
import { OutputValue } from '../../components/calculator/output-view';
import { newOutput } from '../../lib/doc';
import { useT } from '../../stores/i18n';
import type { EvalResult, OutputDef } from '../../lib/types';
import { ChartFields } from './chart-settings';
import { CheckboxField, NumberField, TextField } from './fields';
import { UnitFields } from './input-settings';
import { AddMenu, DefCard, DefList, useDefCard, type CardPlace } from './def-list';
import { editorMessages } from './messages';
import { OutputFormSettings } from './rules/def-form-settings';
import { RoundingFields } from './rounding-fields';

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
  return (
    <DefList
      items={props.outputs}
      update={props.update}
      nested={props.columns}
      empty={t(props.columns ? 'noColumns' : 'noOutputsYet')}
      card={(output, place) => <OutputCard {...props} {...place} output={output} />}
      addMenu={(add) =>
        props.columns ? (
          <button
            type="button"
            className="button"
            onClick={() => add(newOutput(props.outputs, 'value'))}
          >
            + {t('addColumn')}
          </button>
        ) : (
          <AddMenu
            label={t('addOutput')}
            kinds={['value', 'table'] as const}
            labelOf={(type) => t(type === 'value' ? 'outputValue' : 'outputTable')}
            onPick={(type) => add(newOutput(props.outputs, type))}
          />
        )
      }
    />
  );
}

function OutputCard(props: OutputsEditorProps & CardPlace & { output: OutputDef }) {
  const t = useT(editorMessages);
  const { output, result } = props;
  const card = useDefCard(props.update, output.id);
  const { base, change } = card;
  const liveId = `${base}-live`;
  const what = t(props.columns ? 'columnWhat' : 'outputWhat', { name: output.name });
  const duplicateKey = props.columns ? 'duplicateColumn' : 'duplicateOutput';

  return (
    <DefCard
      item={output}
      place={props}
      count={props.outputs.length}
      label={t(props.columns ? 'columnGroup' : 'outputGroup', { name: output.name })}
      badge={props.columns ? undefined : t(output.type === 'table' ? 'outputTable' : 'outputValue')}
      what={what}
      duplicateError={t(duplicateKey, { name: output.name })}
      card={card}
    >
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
      {!props.columns && <OutputFormSettings output={output} change={change} />}
    </DefCard>
  );
}

/** How a value is shown: percent, currency sign, decimal places (spec §9), rounding, units. */
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
      <RoundingFields output={output} change={change} />
      <UnitFields
        def={output}
        change={change}
        prefix={[t('outputPrefix'), t('outputPrefixExample')]}
        suffix={[t('outputSuffix'), t('outputSuffixExample')]}
      />
    </div>
  );
}
