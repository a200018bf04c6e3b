// The schema help (spec §2, §5): the `inputs` object the script receives and the object
// it should return, built from the doc; names that are not identifiers shown quoted.
import { useId, useMemo } from 'react';
import { useT } from '../../../stores/i18n';
import type { CalcDoc } from '../../../lib/types';
import { toast } from '../../../stores/ui';
import { scriptMessages } from './messages';
import { inputAccessList, inputsSchema, outputsSchema, type SchemaText } from './schema';
import './script.css';

export function SchemaHelp(props: { doc: CalcDoc }) {
  const t = useT(scriptMessages);
  const id = useId();
  const { doc } = props;
  const text: SchemaText = useMemo(
    () => ({
      onePerItem: t('schemaOnePerItem'),
      onePerRow: t('schemaOnePerRow'),
      percent: t('schemaPercent'),
    }),
    [t],
  );
  const inputs = useMemo(() => inputsSchema(doc, text), [doc, text]);
  const access = useMemo(() => inputAccessList(doc), [doc]);
  const outputs = useMemo(() => outputsSchema(doc, text), [doc, text]);
  const hasInputs = (doc.metaInputs ?? []).length > 0;
  const hasOutputs = (doc.metaOutputs ?? []).length > 0;

  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      toast(t('copied'));
    } catch {
      // No clipboard permission: the text can still be selected and copied by hand.
    }
  };

  return (
    <div className="schema-help">
      <h3 id={`${id}-inputs`}>{t('schemaInputsTitle')}</h3>
      {!hasInputs && <p className="muted">{t('schemaNoInputs')}</p>}
      <pre className="code schema-code">{inputs}</pre>
      <button type="button" className="button" onClick={() => copy(inputs)}>
        {t('copyInputs')}
      </button>

      {access.length > 0 && (
        <>
          <h3 id={`${id}-reading`}>{t('schemaReadingTitle')}</h3>
          <ul className="schema-access" aria-labelledby={`${id}-reading`}>
            {access.map((line, index) => (
              <li key={`${index}:${line}`}>
                <code>{line}</code>
              </li>
            ))}
          </ul>
        </>
      )}

      <h3 id={`${id}-outputs`}>{t('schemaOutputsTitle')}</h3>
      {!hasOutputs && <p className="muted">{t('schemaNoOutputs')}</p>}
      <pre className="code schema-code">{outputs}</pre>
      {hasOutputs && <p className="muted">{t('schemaValueLegend')}</p>}
      <button type="button" className="button" onClick={() => copy(outputs)}>
        {t('copyOutputs')}
      </button>
    </div>
  );
}
