// Sensitivity table: one output over one or two number inputs, computed in the worker a
// row at a time with progress and Cancel.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { SweepCell } from '@calcsmith/engine';
import type { RunningSweep, SweepTable } from '../../lib/engine/what-if-client';
import { localizeEngineMessage } from '../../lib/engine/engine-messages';
import { downloadCsv } from '../../lib/download';
import { csvFileName } from '../../lib/table-export';
import { useT } from '../../stores/i18n';
import { toast, useUi } from '../../stores/ui';
import { Field, OutputField } from './fields';
import { whatIfMessages } from './messages';
import {
  SCALE,
  axisLength,
  axisSpec,
  cellRange,
  formatNumber,
  numberInputs,
  numberOutputs,
  parseList,
  parseNumber,
  plainNumber,
  rgbCss,
  sameValue,
  scaleStep,
  tableCsv,
  tableTsv,
  type Axis,
  type TableText,
} from './model';
import { whatIfClient } from '../../lib/engine/what-if-client';
import type { ToolProps } from './tool-props';

interface AxisForm {
  input: string;
  kind: 'range' | 'list';
  from: string;
  to: string;
  steps: string;
  list: string;
}

type Run =
  | { state: 'running'; done: number; total: number; table: SweepTable | null }
  | { state: 'done'; table: SweepTable }
  | { state: 'cancelled'; done: number; total: number; table: SweepTable | null }
  | { state: 'failed'; message: string };

export function Sensitivity(props: ToolProps) {
  const t = useT(whatIfMessages);
  const locale = useUi((s) => s.locale);
  const base = useId();
  const inputs = numberInputs(props.doc);
  const outputs = numberOutputs(props.doc, props.result);
  const [output, setOutput] = useState(outputs[0]?.name ?? '');
  const [axes, setAxes] = useState<[AxisForm, AxisForm]>(() => [
    initialAxis(inputs[0]?.name ?? '', props.values[String(inputs[0]?.id)], locale),
    initialAxis(
      inputs[1]?.name ?? inputs[0]?.name ?? '',
      props.values[String((inputs[1] ?? inputs[0])?.id)],
      locale,
    ),
  ]);
  const [two, setTwo] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [run, setRun] = useState<Run | null>(null);
  const running = useRef<RunningSweep | null>(null);
  const makeButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  // The values the table was made with: its base case.
  const [madeWith, setMadeWith] = useState<Record<string, unknown>>({});

  useEffect(() => () => running.current?.cancel(), []);

  const outputName = outputs.some((o) => o.name === output) ? output : (outputs[0]?.name ?? '');

  const readAxis = (form: AxisForm, key: string, problems: Record<string, string>) => {
    if (form.kind === 'list') {
      const values = parseList(form.list, locale);
      if (!values || values.length < 1 || values.length > 50) {
        problems[`${key}-list`] = t('listRange');
        return null;
      }
      return { kind: 'list', values } as Axis;
    }
    const from = parseNumber(form.from, locale);
    const to = parseNumber(form.to, locale);
    const steps = parseNumber(form.steps, locale);
    if (from === null) problems[`${key}-from`] = t('notANumber');
    if (to === null) problems[`${key}-to`] = t('notANumber');
    if (steps === null || !Number.isInteger(steps) || steps < 2 || steps > 50)
      problems[`${key}-steps`] = t('stepsRange');
    if (from === null || to === null || problems[`${key}-steps`]) return null;
    return { kind: 'range', from, to, steps: steps! } as Axis;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    const first = readAxis(axes[0], 'a', problems);
    const second = two ? readAxis(axes[1], 'b', problems) : null;
    setErrors(problems);
    const firstProblem = Object.keys(problems)[0];
    if (firstProblem || !first || (two && !second)) {
      if (firstProblem) document.getElementById(`${base}-${firstProblem}`)?.focus();
      return;
    }
    const spec = {
      output: outputName,
      input: axes[0].input,
      ...axisSpec(first, false),
      ...(second ? { input2: axes[1].input, ...axisSpec(second, true) } : {}),
    };
    running.current?.cancel();
    const total = axisLength(first);
    setRun({ state: 'running', done: 0, total, table: null });
    setMadeWith(props.values);
    const sweep = whatIfClient().sweep(props.doc, props.values, locale, spec, (progress, table) =>
      setRun((old) =>
        old?.state === 'running' && running.current === sweep
          ? { state: 'running', ...progress, table: { ...table, cells: [...table.cells] } }
          : old,
      ),
    );
    running.current = sweep;
    // The Make button is disabled while it runs: focus goes to what can be done, Cancel.
    requestAnimationFrame(() => cancelButton.current?.focus());
    const outcome = await sweep.outcome;
    if (running.current !== sweep) return;
    running.current = null;
    if (outcome.status === 'done') setRun({ state: 'done', table: outcome.value });
    else if (outcome.status === 'failed')
      setRun({
        state: 'failed',
        message: outcome.unavailable
          ? t('unavailable')
          : localizeEngineMessage(outcome.message, locale),
      });
    else setRun((old) => (old?.state === 'running' ? { ...old, state: 'cancelled' } : old));
    requestAnimationFrame(() => makeButton.current?.focus());
  };

  const cancel = () => running.current?.cancel();

  const table = run && run.state !== 'failed' ? run.table : null;

  return (
    <form className="what-if-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="what-if-fields">
        <OutputField
          id={`${base}-output`}
          label={t('output')}
          outputs={outputs}
          value={outputName}
          onChange={setOutput}
        />
      </div>
      <AxisFields
        legend={t('rowsInput')}
        idPrefix={`${base}-a`}
        form={axes[0]}
        inputs={inputs.map((each) => each.name)}
        errors={errors}
        errorKey="a"
        onChange={(form) => setAxes([form, axes[1]])}
      />
      <label className="checkbox-field">
        <input type="checkbox" checked={two} onChange={(e) => setTwo(e.target.checked)} />{' '}
        {t('secondInput')}
      </label>
      {two && (
        <AxisFields
          legend={t('columnsInput')}
          idPrefix={`${base}-b`}
          form={axes[1]}
          inputs={inputs.map((each) => each.name)}
          errors={errors}
          errorKey="b"
          onChange={(form) => setAxes([axes[0], form])}
        />
      )}
      <div className="what-if-actions">
        <button
          ref={makeButton}
          type="submit"
          className="button primary"
          disabled={run?.state === 'running'}
        >
          {t('make')}
        </button>
        {run?.state === 'running' && (
          <button ref={cancelButton} type="button" className="button" onClick={cancel}>
            {t('cancel')}
          </button>
        )}
      </div>
      <div className="what-if-result" role="status" aria-live="polite">
        {run?.state === 'running' && (
          <p className="sweep-progress">
            <progress max={run.total} value={run.done} aria-hidden="true" />{' '}
            {t('progress', { done: run.done, total: run.total })}
          </p>
        )}
        {run?.state === 'cancelled' && (
          <p>{t('cancelled', { done: run.done, total: run.total })}</p>
        )}
        {run?.state === 'done' && (
          <p>
            {t('tableDone', {
              rows: run.table.rows.length,
              columns: run.table.columns?.length ?? 1,
            })}
          </p>
        )}
        {run?.state === 'failed' && <p className="goal-seek-none">{run.message}</p>}
      </div>
      {table && (
        <SweepView
          table={table}
          values={madeWith}
          doc={props.doc}
          calcName={String(props.doc.name ?? '')}
          exportable={run?.state === 'done'}
        />
      )}
    </form>
  );
}

function initialAxis(input: string, current: unknown, locale: 'en' | 'ru'): AxisForm {
  const value = typeof current === 'number' && Number.isFinite(current) ? current : null;
  // Around the current value, which is the middle of five steps (the base case).
  const from = value === null ? 0 : value === 0 ? -1 : value * 0.8;
  const to = value === null ? 10 : value === 0 ? 1 : value * 1.2;
  return {
    input,
    kind: 'range',
    from: plainNumber(Math.min(from, to), locale),
    to: plainNumber(Math.max(from, to), locale),
    steps: '5',
    list: '',
  };
}

function AxisFields(props: {
  legend: string;
  idPrefix: string;
  form: AxisForm;
  inputs: string[];
  errors: Record<string, string>;
  errorKey: string;
  onChange(form: AxisForm): void;
}) {
  const t = useT(whatIfMessages);
  const { form, idPrefix: id, errors, errorKey: key } = props;
  const set = (change: Partial<AxisForm>) => props.onChange({ ...form, ...change });
  const error = (name: string) => errors[`${key}-${name}`] ?? null;
  const text = (name: 'from' | 'to' | 'steps' | 'list', label: string) => (
    <Field id={`${id}-${name}`} label={label} error={error(name)}>
      <input
        id={`${id}-${name}`}
        inputMode="decimal"
        value={form[name]}
        aria-invalid={!!error(name) || undefined}
        aria-describedby={error(name) ? `${id}-${name}-error` : undefined}
        onChange={(e) => set({ [name]: e.target.value })}
      />
    </Field>
  );
  return (
    <fieldset className="plain-fieldset what-if-axis">
      <legend className="field-label">{props.legend}</legend>
      <div className="what-if-fields">
        <Field id={`${id}-input`} label={t('vary')}>
          <select
            id={`${id}-input`}
            value={form.input}
            onChange={(e) => set({ input: e.target.value })}
          >
            {props.inputs.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </Field>
        <div className="radio-row" role="radiogroup" aria-label={props.legend}>
          {(['range', 'list'] as const).map((kind) => (
            <label key={kind}>
              <input
                type="radio"
                name={`${id}-kind`}
                checked={form.kind === kind}
                onChange={() => set({ kind })}
              />{' '}
              {t(kind)}
            </label>
          ))}
        </div>
        {form.kind === 'range' ? (
          <>
            {text('from', t('from'))}
            {text('to', t('to'))}
            {text('steps', t('steps'))}
          </>
        ) : (
          text('list', t('valuesList'))
        )}
      </div>
    </fieldset>
  );
}

/** The table: formatted cells on the colour scale, the base case marked, CSV and Copy. */
function SweepView(props: {
  table: SweepTable;
  values: Record<string, unknown>;
  doc: ToolProps['doc'];
  calcName: string;
  exportable: boolean;
}) {
  const t = useT(whatIfMessages);
  const locale = useUi((s) => s.locale);
  const theme = useUi((s) => s.theme);
  const base = useId();
  const { table } = props;
  const { low, high } = cellRange(table.cells);
  const idOf = (name: string | undefined) =>
    String((props.doc.metaInputs ?? []).find((input) => input.name === name)?.id);
  const current1 = props.values[idOf(table.input)];
  const current2 = table.input2 ? props.values[idOf(table.input2)] : undefined;
  const columns = table.columns ?? [null];
  const scale = SCALE[theme];

  const text: TableText = {
    corner: table.input2 ? `${table.input} \\ ${table.input2}` : table.input,
    rows: table.rows,
    columns: table.columns,
    output: table.output,
    cells: table.cells,
  };
  const download = () => downloadCsv(tableCsv(text), csvFileName(props.calcName, table.output));
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(tableTsv(text));
      toast(t('copied'));
    } catch {
      toast(t('copyFailed'));
    }
  };

  const cell = (value: SweepCell | undefined, row: number, column: number | null, key: string) => {
    if (!value) return <td key={key} className="sweep-pending" />;
    const isBase = sameValue(current1, row) && (column === null || sameValue(current2, column));
    const marker = isBase ? <span className="visually-hidden"> {t('current')}</span> : null;
    if ('error' in value) {
      const tip = `${base}-${key}-tip`;
      return (
        <td
          key={key}
          className={`sweep-error ${isBase ? 'sweep-base' : ''}`}
          tabIndex={0}
          aria-describedby={tip}
        >
          {t('cellError')}
          {marker}
          <span role="tooltip" id={tip} className="sweep-tip">
            {localizeEngineMessage(value.error, locale)}
          </span>
        </td>
      );
    }
    const step = scaleStep(value.value, low, high);
    const style =
      step === null
        ? undefined
        : { background: rgbCss(scale.steps[step]), color: rgbCss(scale.text) };
    return (
      <td key={key} className={isBase ? 'sweep-base' : undefined} style={style}>
        {value.display}
        {marker}
      </td>
    );
  };

  return (
    <div className="sweep">
      {props.exportable && (
        <div className="what-if-actions">
          <button type="button" className="button subtle" onClick={download}>
            {t('downloadCsv')}
          </button>
          <button type="button" className="button subtle" onClick={() => void copy()}>
            {t('copy')}
          </button>
        </div>
      )}
      <div className="sweep-scroll" tabIndex={0} role="region" aria-labelledby={`${base}-caption`}>
        <table className="sweep-table">
          <caption id={`${base}-caption`}>
            {t('caption', {
              output: table.output,
              inputs: table.input2
                ? t('byBoth', { rows: table.input, columns: table.input2 })
                : table.input,
            })}
          </caption>
          <thead>
            <tr>
              <th scope="col">
                {table.input2 ? `${table.input} \\ ${table.input2}` : table.input}
              </th>
              {table.columns ? (
                table.columns.map((column, index) => (
                  <th key={index} scope="col">
                    {formatNumber(column, locale)}
                  </th>
                ))
              ) : (
                <th scope="col">{table.output}</th>
              )}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, rowIndex) => (
              <tr key={rowIndex}>
                <th scope="row">{formatNumber(row, locale)}</th>
                {columns.map((column, columnIndex) =>
                  cell(
                    table.cells[rowIndex]?.[columnIndex],
                    row,
                    column,
                    `${rowIndex}-${columnIndex}`,
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
