// Scenarios: the current inputs saved under a name (up to 4, on this device), side by side
// with their outputs, differences from the first marked; a link carries them, and they print.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { EvalResult, InputDef } from '../../lib/types';
import { useT } from '../../stores/i18n';
import { toast, useUi } from '../../stores/ui';
import type { Locale } from '../../lib/i18n';
import { whatIfMessages } from './messages';
import { formatNumber } from './model';
import {
  MAX_SCENARIOS,
  loadScenarios,
  scenariosHash,
  storeScenarios,
  type Scenario,
} from './scenarios-model';
import { whatIfClient } from '../../lib/engine/what-if-client';
import type { ToolProps } from './tool-props';

export function Scenarios(
  props: ToolProps & {
    /** Where scenarios are kept on this device (the calculator's id). */
    storageKey: string;
    /** Scenarios a link brought (shown instead of the kept ones until kept). */
    shared: Scenario[] | null;
    /** The page a shared link opens (the published calculator), or none to share. */
    shareUrl: string | null;
  },
) {
  const t = useT(whatIfMessages);
  const locale = useUi((s) => s.locale);
  const base = useId();
  const [kept, setKept] = useState(() => loadScenarios(props.storageKey));
  const [shared, setShared] = useState(props.shared);
  const scenarios = shared ?? kept;
  const [name, setName] = useState('');
  const [link, setLink] = useState<string | null>(null);
  const [results, setResults] = useState<(EvalResult | null)[]>([]);
  const nameField = useRef<HTMLInputElement>(null);

  const update = (next: Scenario[]) => {
    setKept(next);
    storeScenarios(props.storageKey, next);
    setLink(null);
  };

  // Each scenario's outputs, from the what-if worker.
  useEffect(() => {
    let live = true;
    void Promise.all(
      scenarios.map((scenario) =>
        whatIfClient()
          .evaluate(props.doc, scenario.values, locale)
          .then((outcome) => (outcome.status === 'done' ? outcome.value : null)),
      ),
    ).then((answers) => {
      if (live) setResults(answers);
    });
    return () => {
      live = false;
    };
  }, [scenarios, props.doc, locale]);

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (shared || kept.length >= MAX_SCENARIOS) return;
    const scenarioName = name.trim() || t('scenarioDefault', { n: kept.length + 1 });
    update([...kept, { name: scenarioName, values: structuredClone(props.values) }]);
    setName('');
    toast(t('saved', { name: scenarioName }));
  };

  const remove = (index: number) => {
    const removed = kept[index];
    update(kept.filter((_, i) => i !== index));
    toast(t('removed', { name: removed.name }));
    nameField.current?.focus();
  };

  const keep = () => {
    if (!shared) return;
    update(shared);
    setShared(null);
    toast(t('kept'));
  };

  const share = async () => {
    if (!props.shareUrl) return;
    const url = props.shareUrl + scenariosHash(scenarios);
    setLink(url);
    try {
      await navigator.clipboard.writeText(url);
      toast(t('linkCopied'));
    } catch {
      // The link is shown to copy by hand.
    }
  };

  const print = () => {
    const root = document.documentElement;
    root.classList.add('printing-scenarios');
    const done = () => {
      root.classList.remove('printing-scenarios');
      window.removeEventListener('afterprint', done);
    };
    window.addEventListener('afterprint', done);
    window.print();
  };

  const full = kept.length >= MAX_SCENARIOS;
  return (
    <div className="scenarios">
      {shared ? (
        <div className="notice what-if-notice" role="status">
          <p>{t('fromLink')}</p>
          <button type="button" className="button" onClick={keep}>
            {t('keep')}
          </button>
        </div>
      ) : (
        <form className="what-if-form scenario-save" onSubmit={save}>
          <div className="what-if-fields">
            <div className="field-row">
              <label className="field-label" htmlFor={`${base}-name`}>
                {t('scenarioName')}
              </label>
              <input
                ref={nameField}
                id={`${base}-name`}
                value={name}
                maxLength={100}
                placeholder={t('scenarioDefault', { n: kept.length + 1 })}
                aria-describedby={full ? `${base}-full` : undefined}
                onChange={(e) => setName(e.target.value)}
              />
            </div>
          </div>
          <div className="what-if-actions">
            <button type="submit" className="button primary" aria-disabled={full || undefined}>
              {t('save')}
            </button>
          </div>
          {full && (
            <p className="muted" id={`${base}-full`}>
              {t('full')}
            </p>
          )}
        </form>
      )}
      {scenarios.length === 0 ? (
        <p className="muted">{t('none')}</p>
      ) : (
        <>
          <ScenarioTable
            doc={props.doc}
            scenarios={scenarios}
            results={results}
            locale={locale}
            onRemove={shared ? undefined : remove}
            onUse={(scenario) => props.onValuesChange(structuredClone(scenario.values))}
          />
          <div className="what-if-actions scenario-actions">
            {props.shareUrl && (
              <button type="button" className="button subtle" onClick={() => void share()}>
                {t('share')}
              </button>
            )}
            <button type="button" className="button subtle" onClick={print}>
              {t('print')}
            </button>
          </div>
          {link && (
            <div className="field-row scenario-link">
              <label className="field-label" htmlFor={`${base}-link`}>
                {t('shareLabel')}
              </label>
              <input id={`${base}-link`} readOnly value={link} onFocus={(e) => e.target.select()} />
            </div>
          )}
        </>
      )}
    </div>
  );
}

/** An input's value as a person reads it. */
function inputText(input: InputDef, value: unknown, locale: Locale, yes: string, no: string) {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number') return formatNumber(value, locale);
  if (typeof value === 'boolean') return value ? yes : no;
  if (input.type === 'choice') {
    const choice = input.choices?.find((each) => JSON.stringify(each.id) === JSON.stringify(value));
    if (choice) return choice.label;
  }
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

function ScenarioTable(props: {
  doc: ToolProps['doc'];
  scenarios: Scenario[];
  results: (EvalResult | null)[];
  locale: Locale;
  onRemove?(index: number): void;
  onUse(scenario: Scenario): void;
}) {
  const t = useT(whatIfMessages);
  const { scenarios, results, locale } = props;
  const inputs = (props.doc.metaInputs ?? []).filter((input) => input.type !== 'list');
  const outputs = props.doc.metaOutputs ?? [];
  const first = scenarios[0];
  const rows = (() => {
    const inputRows = inputs.map((input) => ({
      key: `i${input.id}`,
      label: input.name,
      cells: scenarios.map((scenario) => ({
        raw: JSON.stringify(scenario.values[String(input.id)] ?? null),
        text: inputText(input, scenario.values[String(input.id)], locale, t('yes'), t('no')),
      })),
    }));
    const outputRows = outputs.map((output) => ({
      key: `o${output.id}`,
      label: output.name,
      cells: scenarios.map((_, index) => {
        const result = results[index];
        if (!result) return { raw: '', text: '…' };
        if (result.error) return { raw: `error:${result.error}`, text: result.error };
        const display = result.display?.[output.name];
        const raw = JSON.stringify(result.outputs?.[output.name] ?? null);
        if (Array.isArray(display)) return { raw, text: t('tableRows', { n: display.length }) };
        return { raw, text: display ?? '—' };
      }),
    }));
    return { inputRows, outputRows };
  })();

  const body = (list: typeof rows.inputRows, heading: string) => (
    <tbody>
      <tr className="scenario-group">
        <th scope="colgroup" colSpan={scenarios.length + 1}>
          {heading}
        </th>
      </tr>
      {list.map((row) => (
        <tr key={row.key}>
          <th scope="row">{row.label}</th>
          {row.cells.map((cell, index) => {
            const differs = index > 0 && cell.raw !== row.cells[0].raw;
            return (
              <td key={index} className={differs ? 'scenario-differs' : undefined}>
                {cell.text}
                {differs && (
                  <span className="visually-hidden"> {t('differs', { name: first.name })}</span>
                )}
              </td>
            );
          })}
        </tr>
      ))}
    </tbody>
  );

  return (
    <div
      className="sweep-scroll scenario-sheet"
      tabIndex={0}
      role="region"
      aria-label={t('compare')}
    >
      <table className="scenario-table">
        <caption>{t('compare')}</caption>
        <thead>
          <tr>
            <td />
            {scenarios.map((scenario, index) => (
              <th key={index} scope="col">
                <span className="scenario-name">{scenario.name}</span>
                <span className="scenario-buttons">
                  <button
                    type="button"
                    className="button subtle small"
                    onClick={() => props.onUse(scenario)}
                  >
                    {t('use', { name: scenario.name })}
                  </button>
                  {props.onRemove && (
                    <button
                      type="button"
                      className="button subtle small"
                      onClick={() => props.onRemove?.(index)}
                    >
                      {t('remove', { name: scenario.name })}
                    </button>
                  )}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        {body(rows.inputRows, t('inputs'))}
        {body(rows.outputRows, t('outputs'))}
      </table>
    </div>
  );
}
