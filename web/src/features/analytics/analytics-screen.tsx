// /analytics/{calcId}: what visitors did with one of the author's calculators (issue 31):
// the funnel, a daily chart with its table, where they came from, their devices and
// languages, the errors they saw, and a CSV of it all. Only the owner can open it.
import { useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { Loading } from '../../components/loading';
import { api, messageOf } from '../../lib/api';
import { downloadCsv } from '../../lib/download';
import type { Answer } from '../../lib/api/wire';
import { useT } from '../../stores/i18n';
import { useSession } from '../../stores/session';
import { toast, useUi } from '../../stores/ui';
import { analyticsCsv, analyticsFileName } from './csv';
import { DailyChart } from './daily-chart';
import { analyticsMessages } from './messages';
import './analytics.css';

type Report = Answer<'/api/calc/{id}/analytics', 'get'>;
type Source = Answer<'/api/source/{id}', 'get'>;

/** The periods offered, in days. */
export const RANGES = [7, 30, 90] as const;

type LoadState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; report: Report; name: string };

export default function AnalyticsScreen() {
  const authenticated = useSession((s) => s.authenticated);
  const { calcId } = useParams();
  if (!authenticated || !calcId) return <Navigate to="/" replace />;
  return <Analytics calcId={calcId} />;
}

function Analytics({ calcId }: { calcId: string }) {
  const t = useT(analyticsMessages);
  const [days, setDays] = useState<number>(30);
  const [attempt, setAttempt] = useState(0);
  const request = `${calcId}:${days}:${attempt}`;
  const [answer, setAnswer] = useState<{ request: string; state: LoadState } | null>(null);
  const state: LoadState = answer?.request === request ? answer.state : { status: 'loading' };
  const [busy, setBusy] = useState(false);
  // Kept here, so that the daily table stays open while another period loads.
  const [tableOpen, setTableOpen] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    const id = encodeURIComponent(calcId);
    Promise.all([
      api.get<Report>(`/api/calc/${id}/analytics?days=${days}`, { signal: abort.signal }),
      api.get<Source>(`/api/source/${id}`, { signal: abort.signal }),
    ]).then(
      ([report, source]) =>
        setAnswer({
          request,
          state: {
            status: 'ready',
            report,
            name: String((source.doc as { name?: unknown } | null)?.name ?? '').trim(),
          },
        }),
      (error: unknown) => {
        if (!abort.signal.aborted)
          setAnswer({ request, state: { status: 'failed', message: messageOf(error) } });
      },
    );
    return () => abort.abort();
    // `request` names calcId, days and the attempt.
  }, [request, calcId, days]);

  const name = state.status === 'ready' ? state.name || t('untitled') : '';
  useEffect(() => {
    document.title = t('pageTitle', { name: name || t('title') });
  }, [t, name]);

  const setCounting = async (enabled: boolean) => {
    setBusy(true);
    try {
      const done = await api.put<Answer<'/api/calc/{id}/analytics', 'put'>>(
        `/api/calc/${encodeURIComponent(calcId)}/analytics`,
        { enabled },
      );
      toast(done.message);
      setAttempt((n) => n + 1);
    } catch (error) {
      toast(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page analytics">
      <div className="page-header">
        <div>
          <h1>
            {t('title')}
            {name && <span className="analytics-name">: {name}</span>}
          </h1>
        </div>
        <div className="page-actions">
          <Link className="button subtle" to="/user/calculators">
            {t('back')}
          </Link>
          <Link className="button" to={`/source/${calcId}`}>
            {t('edit')}
          </Link>
        </div>
      </div>
      <div className="analytics-controls">
        <div role="group" aria-label={t('range')} className="analytics-ranges">
          {RANGES.map((n) => (
            <button
              key={n}
              type="button"
              className={`button ${days === n ? 'primary' : ''}`}
              aria-pressed={days === n}
              onClick={() => setDays(n)}
            >
              {t('lastDays', { n })}
            </button>
          ))}
        </div>
        {state.status === 'ready' && (
          <label className="privacy-switch analytics-switch">
            <button
              type="button"
              role="switch"
              aria-checked={state.report.enabled}
              className={`switch ${state.report.enabled ? 'on' : ''}`}
              disabled={busy}
              onClick={() => void setCounting(!state.report.enabled)}
            >
              <span aria-hidden="true" />
            </button>
            <span>{t('counting')}</span>
          </label>
        )}
      </div>
      {state.status === 'loading' && <Loading label={t('loading')} />}
      {state.status === 'failed' && (
        <div role="alert" className="analytics-failed">
          <p>
            {t('failed')} {state.message}
          </p>
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            {t('retry')}
          </button>
        </div>
      )}
      {state.status === 'ready' && (
        <ReportView
          report={state.report}
          name={name}
          requested={days}
          tableOpen={tableOpen}
          onTableToggle={setTableOpen}
        />
      )}
    </div>
  );
}

function ReportView({
  report,
  name,
  requested,
  tableOpen,
  onTableToggle,
}: {
  report: Report;
  name: string;
  requested: number;
  tableOpen: boolean;
  onTableToggle: (open: boolean) => void;
}) {
  const t = useT(analyticsMessages);
  const locale = useUi((s) => s.locale);
  const sum = (field: 'views' | 'visitors' | 'engaged' | 'submissions' | 'errors') =>
    report.days.reduce((total, day) => total + day[field], 0);
  const totals = {
    views: sum('views'),
    visitors: sum('visitors'),
    engaged: sum('engaged'),
    submissions: sum('submissions'),
    errors: sum('errors'),
  };
  const percent = (part: number, whole: number) =>
    whole > 0 ? new Intl.NumberFormat(locale, { style: 'percent' }).format(part / whole) : '—';
  const number = (n: number) => new Intl.NumberFormat(locale).format(n);
  const dateText = (date: string) =>
    new Date(`${date}T00:00:00Z`).toLocaleDateString(locale, {
      timeZone: 'UTC',
      month: 'short',
      day: 'numeric',
    });
  const chartData = useMemo(
    () => ({
      labels: report.days.map((day) => dateText(day.date)),
      series: [
        { label: t('views'), values: report.days.map((day) => day.views) },
        { label: t('visitors'), values: report.days.map((day) => day.visitors) },
        { label: t('engaged'), values: report.days.map((day) => day.engaged) },
      ],
    }),
    // dateText depends only on the locale.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [report, t, locale],
  );
  const deviceNames: Record<string, string> = {
    phone: t('phone'),
    tablet: t('tablet'),
    desktop: t('desktop'),
  };
  const first = report.days[0]?.date ?? '';
  const last = report.days[report.days.length - 1]?.date ?? '';

  const download = () =>
    downloadCsv(analyticsCsv(report), analyticsFileName(name, report.range_days));

  return (
    <>
      <p className="muted analytics-status">
        {report.enabled ? t('countingOn') : t('countingOff')}{' '}
        <Link to="/privacy">{t('whatIsCounted')}</Link>
      </p>
      {report.range_days < requested && (
        <p className="notice analytics-plan" role="status">
          {t('planLimit', { n: report.range_days })} <Link to="/pricing">{t('upgrade')}</Link>
        </p>
      )}
      <section aria-labelledby="analytics-funnel" className="analytics-section">
        <h2 id="analytics-funnel">{t('funnel')}</h2>
        <ol className="analytics-funnel">
          <li>
            <span className="analytics-step">{t('views')}</span>
            <strong data-testid="funnel-views">{number(totals.views)}</strong>
            <span className="muted">
              {t('visitors')}: <span data-testid="funnel-visitors">{number(totals.visitors)}</span>
            </span>
          </li>
          <li>
            <span className="analytics-step">{t('engaged')}</span>
            <strong data-testid="funnel-engaged">{number(totals.engaged)}</strong>
            <span className="muted">
              {t('rateOfVisitors', { rate: percent(totals.engaged, totals.visitors) })}
            </span>
          </li>
          <li>
            <span className="analytics-step">{t('submitted')}</span>
            <strong data-testid="funnel-submitted">{number(totals.submissions)}</strong>
            <span className="muted">
              {t('rateOfVisitors', { rate: percent(totals.submissions, totals.visitors) })}
            </span>
          </li>
        </ol>
      </section>
      <section aria-labelledby="analytics-daily" className="analytics-section">
        <div className="analytics-section-header">
          <h2 id="analytics-daily">{t('daily')}</h2>
          <button type="button" className="button" onClick={download}>
            {t('exportCsv')}
          </button>
        </div>
        <DailyChart
          data={chartData}
          description={t('chartLabel', {
            from: first,
            to: last,
            views: totals.views,
          })}
        />
        <details
          className="analytics-table-view"
          open={tableOpen}
          onToggle={(event) => onTableToggle(event.currentTarget.open)}
        >
          <summary>{t('showTable')}</summary>
          <div className="analytics-scroll">
            <table className="analytics-table">
              <thead>
                <tr>
                  <th scope="col">{t('date')}</th>
                  <th scope="col">{t('views')}</th>
                  <th scope="col">{t('visitors')}</th>
                  <th scope="col">{t('engaged')}</th>
                  <th scope="col">{t('submitted')}</th>
                  <th scope="col">{t('errors')}</th>
                </tr>
              </thead>
              <tbody>
                {report.days.map((day) => (
                  <tr key={day.date}>
                    <th scope="row">{day.date}</th>
                    <td>{number(day.views)}</td>
                    <td>{number(day.visitors)}</td>
                    <td>{number(day.engaged)}</td>
                    <td>{number(day.submissions)}</td>
                    <td>{number(day.errors)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </section>
      <div className="analytics-tables">
        <NameTable id="referrers" title={t('referrers')} rows={report.referrers} />
        <NameTable id="sites" title={t('sites')} rows={report.sites} />
        <NameTable
          id="devices"
          title={t('devices')}
          rows={report.devices.map((row) => ({ ...row, name: deviceNames[row.name] ?? row.name }))}
        />
        <NameTable
          id="languages"
          title={t('languages')}
          rows={report.languages.map((row) => ({
            ...row,
            name: row.name === 'unknown' ? t('unknown') : languageName(row.name, locale),
          }))}
        />
      </div>
      <section aria-labelledby="analytics-errors" className="analytics-section">
        <h2 id="analytics-errors">{t('errorsSeen')}</h2>
        {report.errors.length === 0 ? (
          <p className="muted">{t('noErrors')}</p>
        ) : (
          <div className="analytics-scroll">
            <table className="analytics-table">
              <thead>
                <tr>
                  <th scope="col">{t('message')}</th>
                  <th scope="col">{t('count')}</th>
                  <th scope="col">{t('lastSeen')}</th>
                </tr>
              </thead>
              <tbody>
                {report.errors.map((error) => (
                  <tr key={error.message}>
                    <td className="analytics-message">{error.message}</td>
                    <td>{number(error.count)}</td>
                    <td>
                      <time dateTime={error.last_seen}>
                        {new Date(error.last_seen).toLocaleString(locale, {
                          dateStyle: 'medium',
                          timeStyle: 'short',
                        })}
                      </time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

function languageName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function NameTable({
  id,
  title,
  rows,
}: {
  id: string;
  title: string;
  rows: { name: string; count: number }[];
}) {
  const t = useT(analyticsMessages);
  const locale = useUi((s) => s.locale);
  return (
    <section aria-labelledby={`analytics-${id}`} className="analytics-section">
      <h2 id={`analytics-${id}`}>{title}</h2>
      {rows.length === 0 ? (
        <p className="muted">{t('none')}</p>
      ) : (
        <table className="analytics-table">
          <thead>
            <tr>
              <th scope="col">{t('name')}</th>
              <th scope="col">{t('count')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.name}>
                <td>{row.name}</td>
                <td>{new Intl.NumberFormat(locale).format(row.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
