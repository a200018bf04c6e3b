// The analytics as one CSV file: the days, then each table, each with its header row.
// Cells are written by lib/table-export, so a referrer or an error message that starts
// like a formula (= + - @, a tab or a carriage return) is neutralised.
import { BOM, tableToCsv, type ExportTable } from '../../lib/table-export';

export interface AnalyticsForCsv {
  days: {
    date: string;
    views: number;
    visitors: number;
    engaged: number;
    submissions: number;
    errors: number;
  }[];
  referrers: { name: string; count: number }[];
  sites: { name: string; count: number }[];
  devices: { name: string; count: number }[];
  languages: { name: string; count: number }[];
  errors: { message: string; count: number; last_seen: string }[];
}

const named = (kind: string, rows: { name: string; count: number }[]): ExportTable => ({
  columns: [kind, 'count'],
  rows: rows.map((row) => ({ [kind]: row.name, count: row.count })),
});

/** The report as CSV (RFC 4180, a BOM first), sections separated by an empty line. */
export function analyticsCsv(report: AnalyticsForCsv): string {
  const tables: ExportTable[] = [
    {
      columns: ['date', 'views', 'visitors', 'engaged', 'submissions', 'errors'],
      rows: report.days,
    },
    named('referrer', report.referrers),
    named('site', report.sites),
    named('device', report.devices),
    named('language', report.languages),
    {
      columns: ['error', 'count', 'last_seen'],
      rows: report.errors.map((e) => ({
        error: e.message,
        count: e.count,
        last_seen: e.last_seen,
      })),
    },
  ];
  return BOM + tables.map((table) => tableToCsv(table).slice(BOM.length)).join('\r\n');
}

/** The CSV file's name: the calculator's name (or id) and the period's days. */
export function analyticsFileName(name: string, days: number): string {
  // Characters no file system takes in a name, and control characters.
  const safe = Array.from(name, (c) => (c < ' ' || '\\/:*?"<>|'.includes(c) ? ' ' : c)).join('');
  const base = safe.replace(/\s+/g, ' ').trim() || 'calculator';
  return `${base} analytics ${days} days.csv`;
}
