// A table output drawn as a chart (settings.ts): Chart.js loaded on first use, colours
// from the calculator's CSS variables, y tick texts from the engine (format.ts), and
// one Chart instance updated in place on every recalculation. The canvas is an image
// with a description; the table stays on the page (or only for screen readers).
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Chart } from 'chart.js';
import { formatDoc, formattedTexts } from '../../../lib/engine/format';
import { useCalcClient } from '../use-calculation';
import { useT } from '../../../stores/i18n';
import type { OutputDef } from '../../../lib/types';
import { useUi, type Locale } from '../../../stores/ui';
import { isLight, parseColour, toHex } from '../colours';
import { calcMessages } from '../messages';
import { chartConfig, DARK_SERIES, LIGHT_SERIES, type ChartTheme, type DrawnType } from './config';
import { chartModel, type ChartModel } from './model';
import type { ChartSettings, ChartType } from './settings';

let chartJs: Promise<typeof import('./chart-js')> | null = null;
/** Chart.js, fetched once by the first chart on the page. */
const loadChartJs = () => (chartJs ??= import('./chart-js'));

/** Format requests tried again after the worker was stopped under them (a new calculation). */
const FORMAT_RETRIES = 3;

/** The definition's number formatting for ticks: without its fixed decimals, so that round
 * tick values read as they are ($50,000, not $50,000.00; 0.5 not 1 with 0 decimals). */
function tickFormat(column: OutputDef): OutputDef {
  const format = { ...column };
  delete format.decimalPlaces;
  return format;
}

/** The engine's texts for the y ticks, once it has answered for these ticks. */
function useTickLabels(y: ChartModel['y'], locale: Locale): string[] | null {
  const request = useMemo(() => {
    if (!y) return null;
    const doc = formatDoc(
      tickFormat(y.column),
      y.ticks.map((number) => ({ number })),
    );
    return {
      doc,
      count: y.ticks.length,
      key: `${locale}\n${doc.script}\n${JSON.stringify(doc.metaOutputs)}`,
    };
  }, [y, locale]);
  const [answer, setAnswer] = useState<{ key: string; labels: string[] } | null>(null);
  // Tries for the current ticks (a request is answered null when the worker is stopped
  // under it by a newer calculation).
  const [tries, setTries] = useState<{ key: string; count: number }>({ key: '', count: 0 });
  const answered = answer?.key === request?.key;
  const attempt = tries.key === request?.key ? tries.count : 0;
  const client = useCalcClient();

  useEffect(() => {
    if (!request || answered) return;
    let live = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const again = () => setTries({ key: request.key, count: attempt + 1 });
    // A hidden tab has no worker (spec §4): ask once the tab is back, not before.
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      document.removeEventListener('visibilitychange', onVisible);
      if (live) again();
    };
    if (document.visibilityState === 'hidden') {
      document.addEventListener('visibilitychange', onVisible);
    } else {
      void client.format(request.doc, locale).then((result) => {
        if (!live) return;
        const labels = formattedTexts(result, request.count);
        if (labels) setAnswer({ key: request.key, labels });
        else if (document.visibilityState === 'hidden') {
          document.addEventListener('visibilitychange', onVisible);
        } else if (attempt < FORMAT_RETRIES) retry = setTimeout(again, 250);
      });
    }
    return () => {
      live = false;
      clearTimeout(retry);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [client, request, answered, attempt, locale]);

  return answer && answered ? answer.labels : null;
}

/** The chart's colours from the CSS variables around it (the page's or the calculator's). */
function readTheme(element: HTMLElement): ChartTheme {
  const style = getComputedStyle(element);
  const variable = (name: string) => style.getPropertyValue(name).trim();
  const text = parseColour(style.color);
  // Light text: a dark surface, so the light series colours.
  const dark = !!text && isLight(text);
  const series = dark ? DARK_SERIES : LIGHT_SERIES;
  const primary = variable('--primary');
  const surface = parseColour(variable('--surface'));
  return {
    text: style.color,
    grid: variable('--border') || 'rgba(128, 128, 128, 0.4)',
    surface: surface ? toHex(surface) : dark ? '#112648' : '#ffffff',
    series: parseColour(primary) ? [primary, ...series.slice(1)] : series,
  };
}

const TYPE_KEY: Record<
  ChartType,
  'chartLine' | 'chartBar' | 'chartArea' | 'chartPie' | 'chartDoughnut'
> = {
  line: 'chartLine',
  bar: 'chartBar',
  area: 'chartArea',
  pie: 'chartPie',
  doughnut: 'chartDoughnut',
};

let instances = 0;

export function OutputChart(props: {
  output: OutputDef;
  settings: ChartSettings;
  raw: Record<string, unknown>[];
  display: Record<string, string>[];
}) {
  const t = useT(calcMessages);
  const locale = useUi((s) => s.locale);
  const pageTheme = useUi((s) => s.theme);
  const { output, settings, raw, display } = props;
  const model = useMemo(
    () => chartModel(settings, output.metaOutputs ?? [], raw, display),
    [settings, output, raw, display],
  );
  const labels = useTickLabels(model?.y ?? null, locale);
  const figure = useRef<HTMLElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<{ chart: Chart<DrawnType>; type: string; instance: number } | null>(null);
  // What is on the canvas, for the page (and tests) to read.
  const [drawn, setDrawn] = useState<{
    instance: number;
    yTicks: string[];
    points: number;
    text: string;
  } | null>(null);

  useEffect(() => {
    if (!model || (model.y && !labels)) return;
    let live = true;
    void loadChartJs().then(({ Chart }) => {
      if (!live || !canvas.current || !figure.current) return;
      const theme = readTheme(figure.current);
      const config = chartConfig(model, labels ?? [], theme);
      const current = chart.current;
      if (current && current.type === config.type) {
        // In place: the canvas is never cleared to nothing between two results.
        current.chart.data = config.data;
        current.chart.options = config.options ?? {};
        current.chart.update('none');
      } else {
        current?.chart.destroy();
        chart.current = {
          chart: new Chart(canvas.current, config),
          type: config.type,
          instance: ++instances,
        };
      }
      setDrawn({
        instance: chart.current?.instance ?? 0,
        yTicks: labels ?? [],
        points: model.series[0]?.data.filter((value) => value !== null).length ?? 0,
        text: theme.text,
      });
    });
    return () => {
      live = false;
    };
  }, [model, labels, pageTheme]);

  useEffect(
    () => () => {
      chart.current?.chart.destroy();
      chart.current = null;
    },
    [],
  );

  if (!model) return null;
  const series = model.series.map((s) => s.label).join(', ');
  const description = [
    t('chartOf', { type: t(TYPE_KEY[model.type]), series, x: model.xName }),
    model.y ? t('chartAxes', { x: model.xTitle || model.xName, y: model.yTitle || series }) : '',
    t('chartTable', { name: output.name }),
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <figure
      className={`output-chart chart-${model.type}`}
      ref={figure}
      data-chart-type={model.type}
      data-x-title={model.xTitle}
      data-y-title={model.yTitle}
      data-chart-drawn={drawn ? drawn.instance : undefined}
      data-y-ticks={drawn ? drawn.yTicks.join(' | ') : undefined}
      data-points={drawn?.points}
      data-chart-text={drawn?.text}
    >
      {model.title && <figcaption className="chart-title">{model.title}</figcaption>}
      <div className="chart-box">
        <canvas ref={canvas} role="img" aria-label={description} />
      </div>
    </figure>
  );
}
