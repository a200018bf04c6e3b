// A table output's chart settings (components/calculator/chart/settings.ts): the type,
// what is shown, the x column, the columns drawn, stacking, the title and axis labels.
// They live in the table's `chart` field; fields this editor does not know are kept.
import {
  CHART_TYPES,
  defaultChart,
  type ChartType,
} from '../../components/calculator/chart/settings';
import { useT } from '../../stores/i18n';
import type { OutputDef } from '../../lib/types';
import { CheckboxField, SelectField, TextField } from './fields';
import { editorMessages } from './messages';

type Chart = Record<string, unknown>;

const TYPE_KEY = {
  line: 'chartLine',
  bar: 'chartBar',
  area: 'chartArea',
  pie: 'chartPie',
  doughnut: 'chartDoughnut',
} as const satisfies Record<ChartType, string>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function ChartFields(props: {
  output: OutputDef;
  /** The table's raw rows in the last result, to start a chart with fitting columns. */
  rows?: unknown;
  change(edit: (output: OutputDef) => OutputDef): void;
}) {
  const t = useT(editorMessages);
  const { output, change } = props;
  const columns = output.metaOutputs ?? [];
  const chart =
    output.chart && typeof output.chart === 'object' ? (output.chart as Chart) : undefined;
  const type = CHART_TYPES.find((known) => known === chart?.type);

  const setChart = (edit: (chart: Chart) => Chart | undefined) =>
    change((old) => {
      const current =
        old.chart && typeof old.chart === 'object' ? (old.chart as Chart) : ({} as Chart);
      const next = { ...old };
      const edited = edit(current);
      if (edited) next.chart = edited;
      else delete next.chart;
      return next;
    });
  const set = (key: string, value: unknown) => setChart((old) => ({ ...old, [key]: value }));

  const chooseType = (choice: ChartType | 'none') =>
    setChart((old) =>
      choice === 'none'
        ? undefined
        : old.type
          ? { ...old, type: choice }
          : defaultChart(output, choice, props.rows),
    );

  const pie = type === 'pie' || type === 'doughnut';
  const drawn = Array.isArray(chart?.y) ? (chart.y as unknown[]) : [];
  const x = typeof chart?.x === 'number' ? chart.x : undefined;
  const xName = columns.find((column) => column.id === x)?.name ?? '';
  const yNames = columns
    .filter((column) => drawn.includes(column.id) && column.id !== x)
    .map((column) => column.name);

  return (
    <div className="chart-fields">
      <SelectField<ChartType | 'none'>
        label={t('chart')}
        value={type ?? 'none'}
        options={[
          { value: 'none', label: t('chartNone') },
          ...CHART_TYPES.map((value) => ({ value, label: t(TYPE_KEY[value]) })),
        ]}
        onChange={chooseType}
      />
      {type && (
        <>
          <SelectField<'both' | 'chart'>
            label={t('chartShow')}
            value={chart?.show === 'chart' ? 'chart' : 'both'}
            options={[
              { value: 'both', label: t('chartShowBoth') },
              { value: 'chart', label: t('chartShowChart') },
            ]}
            onChange={(show) => set('show', show)}
          />
          <SelectField
            label={t(pie ? 'chartSlices' : 'chartX')}
            value={x === undefined ? '' : String(x)}
            options={[
              ...(x === undefined || !columns.some((c) => c.id === x)
                ? [{ value: '', label: '—' }]
                : []),
              ...columns.map((column) => ({ value: String(column.id), label: column.name })),
            ]}
            onChange={(value) => value && set('x', Number(value))}
          />
          <fieldset className="chart-columns">
            <legend className="field-label">{t(pie ? 'chartYPie' : 'chartY')}</legend>
            {columns
              .filter((column) => column.id !== x)
              .map((column) => (
                <CheckboxField
                  key={column.id}
                  label={column.name}
                  checked={drawn.includes(column.id)}
                  onChange={(checked) =>
                    setChart((old) => {
                      const ids = Array.isArray(old.y) ? (old.y as unknown[]) : [];
                      const others = ids.filter((id) => id !== column.id);
                      // In the table's order, whatever order they were ticked in.
                      const y = columns
                        .map((c) => c.id)
                        .filter((id) => (id === column.id ? checked : others.includes(id)));
                      return { ...old, y };
                    })
                  }
                />
              ))}
            {yNames.length === 0 && <p className="field-error">{t('chartYNone')}</p>}
          </fieldset>
          {(type === 'bar' || type === 'area') && (
            <CheckboxField
              label={t('chartStacked')}
              checked={chart?.stacked === true}
              onChange={(stacked) => set('stacked', stacked)}
            />
          )}
          <TextField
            label={t('chartTitle')}
            value={text(chart?.title)}
            onChange={(title) => set('title', title)}
          />
          {!pie && (
            <div className="inline-fields">
              <TextField
                label={t('chartXLabel')}
                value={text(chart?.xLabel)}
                placeholder={xName}
                onChange={(xLabel) => set('xLabel', xLabel)}
              />
              <TextField
                label={t('chartYLabel')}
                value={text(chart?.yLabel)}
                placeholder={yNames.length === 1 ? yNames[0] : ''}
                onChange={(yLabel) => set('yLabel', yLabel)}
              />
            </div>
          )}
        </>
      )}
    </div>
  );
}
