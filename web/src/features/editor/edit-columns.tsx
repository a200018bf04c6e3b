// Tab 0 in edit mode: the inputs column (definitions, each with the value being tried)
// beside the outputs column (definitions, each with its result).
import type { Dispatch, Ref, SetStateAction } from 'react';
import type { EvalResult } from '@calcsmith/engine';
import { calcMessages } from '../../components/calculator/messages';
import { defaultValue } from '../../lib/doc';
import type { CalcDoc, InputDef, OutputDef } from '../../lib/types';
import { useT } from '../../stores/i18n';
import { InputsEditor } from './inputs-editor';
import { without } from './list-ops';
import { editorMessages } from './messages';
import { OutputsEditor } from './outputs-editor';
import { ResultError } from './result-error';
import { FormDocContext } from './rules/form-context';
import { withoutInputInForms } from './rules/form-doc';
import { withoutSubInput, type Values } from './tried-values';

export function EditColumns({
  base,
  doc,
  updateDoc,
  current,
  setValues,
  result,
  pending,
  stale,
  onGoToLine,
  inputsColumn,
}: {
  base: string;
  doc: CalcDoc;
  updateDoc(change: (doc: CalcDoc) => CalcDoc): void;
  /** The values the calculation sees. */
  current: Values;
  setValues: Dispatch<SetStateAction<Values>>;
  result: EvalResult | null;
  pending: boolean;
  stale: boolean;
  onGoToLine(line: number): void;
  inputsColumn: Ref<HTMLElement>;
}) {
  const t = useT(editorMessages);
  const tc = useT(calcMessages);
  const setInputs = (change: (inputs: InputDef[]) => InputDef[]) =>
    updateDoc((old) => ({ ...old, metaInputs: change(old.metaInputs ?? []) }));
  const setOutputs = (change: (outputs: OutputDef[]) => OutputDef[]) =>
    updateDoc((old) => ({ ...old, metaOutputs: change(old.metaOutputs ?? []) }));

  return (
    <FormDocContext value={doc}>
      <div className="edit-columns">
        <section className="edit-column" aria-labelledby={`${base}-inputs`} ref={inputsColumn}>
          <h2 id={`${base}-inputs`} className="calc-section-title">
            {String(doc.inputs_label || '') || tc('inputs')}
          </h2>
          <InputsEditor
            inputs={doc.metaInputs ?? []}
            update={setInputs}
            valueLabel={t('value')}
            valueOf={(input) => current[String(input.id)]}
            onValueChange={(input, value) =>
              setValues((old) => ({ ...old, [String(input.id)]: value }))
            }
            onAdded={(input) =>
              setValues((old) => ({ ...old, [String(input.id)]: defaultValue(input.type) }))
            }
            onRemoved={(input) => {
              const key = String(input.id);
              setValues((old) => without(old, key));
              // A later input may get this id again: it must not inherit a default.
              updateDoc((old) =>
                withoutInputInForms(
                  old.defaults && key in old.defaults
                    ? { ...old, defaults: without(old.defaults, key) }
                    : old,
                  input.id,
                ),
              );
            }}
            onSubInputRemoved={(list, sub) => {
              // As above, one level down: the list's items (entered and stored)
              // must not hand the sub-input's values to a later one with its id.
              const key = String(list.id);
              const subKey = String(sub.id);
              setValues((old) =>
                key in old ? { ...old, [key]: withoutSubInput(old[key], subKey) } : old,
              );
              updateDoc((old) =>
                old.defaults && key in old.defaults
                  ? {
                      ...old,
                      defaults: {
                        ...old.defaults,
                        [key]: withoutSubInput(old.defaults[key], subKey),
                      },
                    }
                  : old,
              );
            }}
          />
        </section>
        <section
          className={`edit-column ${stale ? 'values-stale' : ''}`}
          aria-labelledby={`${base}-outputs`}
          aria-busy={pending && !result}
        >
          <h2 id={`${base}-outputs`} className="calc-section-title">
            {String(doc.outputs_label || '') || tc('outputs')}
          </h2>
          <ResultError message={result?.error ?? null} onGoToLine={onGoToLine} />
          <OutputsEditor outputs={doc.metaOutputs ?? []} update={setOutputs} result={result} />
        </section>
      </div>
    </FormDocContext>
  );
}
