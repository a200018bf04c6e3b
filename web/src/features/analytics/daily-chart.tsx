// The daily chart: views, visitors and visitors who used the calculator, drawn with the
// app's Chart.js (loaded on first use). The canvas is an image with a description; the
// same numbers are a table right below it.
import { useEffect, useRef } from 'react';
import type { Chart } from 'chart.js';
import { useUi } from '../../stores/ui';

export interface DailySeries {
  labels: string[];
  series: { label: string; values: number[] }[];
}

let chartJs: Promise<typeof import('../../components/calculator/chart/chart-js')> | null = null;
const loadChartJs = () => (chartJs ??= import('../../components/calculator/chart/chart-js'));

const LIGHT = ['#2563eb', '#059669', '#b45309'];
const DARK = ['#93c5fd', '#6ee7b7', '#fcd34d'];

export function DailyChart({ data, description }: { data: DailySeries; description: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'line', number[], string> | null>(null);
  const theme = useUi((s) => s.theme);

  useEffect(() => {
    let live = true;
    void loadChartJs().then(({ Chart }) => {
      const element = canvas.current;
      if (!live || !element) return;
      const colours = theme === 'dark' ? DARK : LIGHT;
      const text = theme === 'dark' ? '#e5e7eb' : '#1f2937';
      const grid = theme === 'dark' ? 'rgba(229,231,235,0.15)' : 'rgba(31,41,55,0.1)';
      chart.current?.destroy();
      chart.current = new Chart(element, {
        type: 'line',
        data: {
          labels: data.labels,
          datasets: data.series.map((series, index) => ({
            label: series.label,
            data: series.values,
            borderColor: colours[index % colours.length],
            backgroundColor: colours[index % colours.length],
            tension: 0.2,
            pointRadius: data.labels.length > 31 ? 0 : 3,
          })),
        },
        options: {
          animation: false,
          maintainAspectRatio: false,
          responsive: true,
          scales: {
            x: { ticks: { color: text, maxRotation: 0, autoSkip: true }, grid: { color: grid } },
            y: {
              beginAtZero: true,
              ticks: { color: text, precision: 0 },
              grid: { color: grid },
            },
          },
          plugins: { legend: { labels: { color: text } } },
        },
      });
    });
    return () => {
      live = false;
    };
  }, [data, theme]);

  useEffect(() => () => chart.current?.destroy(), []);

  return (
    <div className="analytics-chart">
      <canvas ref={canvas} role="img" aria-label={description} />
    </div>
  );
}
