// The History side panel (a saved calculator only): its versions, newest first, a page at
// a time; opening one compares it with the editor's doc and can restore it into the editor
// as an unsaved change. Loaded only when the panel first opens.
import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { Loading } from '../../../components/loading';
import { messageOf } from '../../../lib/api';
import { useT } from '../../../stores/i18n';
import type { CalcDoc, DocStyle } from '../../../lib/types';
import { useUi } from '../../../stores/ui';
import { describeChange, docChanges } from './doc-changes';
import { historyMessages } from './messages';
import {
  changeWords,
  fetchVersion,
  fetchVersions,
  testBadge,
  versionTime,
  type VersionDetail,
  type VersionRow,
} from './versions';
import './history.css';

const ScriptDiff = lazy(() => import('./script-diff'));

export interface HistoryPanelProps {
  calcId: string;
  /** Changes when a save made a new version: the list is loaded again. */
  refreshKey?: unknown;
  /** The editor's doc and style, which a version is compared with. */
  doc: CalcDoc;
  style: DocStyle;
  /** The editor has changes not saved: restoring asks before it replaces them. */
  unsaved?: boolean;
  onRestore(doc: CalcDoc, style: DocStyle, number: number): void;
}

type ListState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; rows: VersionRow[]; page: number; pages: number };

function Tags({ row }: { row: VersionRow }) {
  const t = useT(historyMessages);
  const badge = testBadge(row.tests, t);
  return (
    <span className="history-tags">
      {row.current && <span className="history-tag current">{t('current')}</span>}
      {row.published && !row.current && (
        <span className="history-tag published">{t('published')}</span>
      )}
      {row.current && !row.published && (
        <span className="history-tag held">{t('notPublished')}</span>
      )}
      {badge && (
        <span className={`history-tag tests ${badge.failed ? 'failed' : 'passed'}`}>
          <span aria-hidden="true">{badge.failed ? '✗ ' : '✓ '}</span>
          {badge.text}
        </span>
      )}
      {row.error && <span className="history-tag failed">{t('scriptError')}</span>}
    </span>
  );
}

export default function HistoryPanel(props: HistoryPanelProps) {
  const t = useT(historyMessages);
  const locale = useUi((s) => s.locale);
  const { calcId, refreshKey } = props;
  const [attempt, setAttempt] = useState(0);
  // The answer names the request it answers. A list being loaded again (after a save)
  // stays shown until the new one comes; a first load shows the loading state.
  const request = `${calcId}:${String(refreshKey)}:${attempt}`;
  const [answer, setAnswer] = useState<{ request: string; state: ListState } | null>(null);
  const state: ListState =
    answer && (answer.request === request || answer.state.status === 'ready')
      ? answer.state
      : { status: 'loading' };
  const [loadingMore, setLoadingMore] = useState(false);
  const [open, setOpen] = useState<number | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    fetchVersions(calcId, 1, abort.signal).then(
      (page) =>
        setAnswer({
          request,
          state: {
            status: 'ready',
            rows: page.data,
            page: page.paging.page,
            pages: page.paging.pages,
          },
        }),
      (error: unknown) => {
        if (!abort.signal.aborted) {
          setAnswer({ request, state: { status: 'failed', message: messageOf(error) } });
        }
      },
    );
    return () => abort.abort();
  }, [calcId, request]);

  const loadMore = async () => {
    if (state.status !== 'ready') return;
    setLoadingMore(true);
    try {
      const next = await fetchVersions(calcId, state.page + 1);
      setAnswer((old) => {
        if (old?.request !== request || old.state.status !== 'ready') return old;
        const known = new Set(old.state.rows.map((row) => row.number));
        return {
          request,
          state: {
            status: 'ready',
            rows: [...old.state.rows, ...next.data.filter((row) => !known.has(row.number))],
            page: next.paging.page,
            pages: next.paging.pages,
          },
        };
      });
    } catch (error) {
      setAnswer({ request, state: { status: 'failed', message: messageOf(error) } });
    } finally {
      setLoadingMore(false);
    }
  };

  if (state.status === 'loading') return <Loading label={t('loading')} />;
  if (state.status === 'failed') {
    return (
      <div className="history-failed" role="alert">
        <p>{t('failed')}</p>
        <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
          {t('retry')}
        </button>
      </div>
    );
  }

  return (
    <div className="history-panel">
      {state.rows.length === 0 ? (
        <p className="muted">{t('empty')}</p>
      ) : (
        <>
          <p className="muted history-hint">{t('hint')}</p>
          <ol className="history-list" aria-label={t('versions')}>
            {state.rows.map((row) => (
              <li key={row.number}>
                <button
                  type="button"
                  className="history-item"
                  aria-haspopup="dialog"
                  onClick={() => setOpen(row.number)}
                >
                  <span className="history-version">{t('version', { n: row.number })}</span>
                  <time
                    className="history-time muted"
                    dateTime={new Date(row.created_at).toISOString()}
                  >
                    {versionTime(row.created_at, locale)}
                  </time>
                  <Tags row={row} />
                </button>
              </li>
            ))}
          </ol>
        </>
      )}
      {state.page < state.pages && (
        <button
          type="button"
          className="button history-more"
          disabled={loadingMore}
          onClick={() => void loadMore()}
        >
          {t('loadMore')}
        </button>
      )}
      {open !== null && (
        <VersionDialog
          calcId={calcId}
          number={open}
          doc={props.doc}
          style={props.style}
          unsaved={props.unsaved === true}
          onClose={() => setOpen(null)}
          onRestore={(version) => {
            setOpen(null);
            props.onRestore(version.doc, version.doc_style ?? {}, version.number);
          }}
        />
      )}
    </div>
  );
}

function VersionDialog(props: {
  calcId: string;
  number: number;
  doc: CalcDoc;
  style: DocStyle;
  unsaved: boolean;
  onClose(): void;
  onRestore(version: VersionDetail): void;
}) {
  const t = useT(historyMessages);
  const locale = useUi((s) => s.locale);
  const { calcId, number, doc, style } = props;
  const ids = useId();
  /** Restore was asked for once while the editor had unsaved changes. */
  const [confirming, setConfirming] = useState(false);
  const [answer, setAnswer] = useState<
    { status: 'ready'; version: VersionDetail } | { status: 'failed'; message: string } | null
  >(null);

  useEffect(() => {
    const abort = new AbortController();
    fetchVersion(calcId, number, abort.signal).then(
      (version) => setAnswer({ status: 'ready', version }),
      (error: unknown) => {
        if (!abort.signal.aborted) setAnswer({ status: 'failed', message: messageOf(error) });
      },
    );
    return () => abort.abort();
  }, [calcId, number]);

  const version = answer?.status === 'ready' ? answer.version : null;
  const changes = useMemo(
    () =>
      version
        ? docChanges({ doc: version.doc, doc_style: version.doc_style }, { doc, doc_style: style })
        : [],
    [version, doc, style],
  );
  const words = useMemo(() => changeWords(locale), [locale]);
  const before = String(version?.doc.script ?? '');
  const after = String(doc.script ?? '');

  return (
    <Dialog
      title={
        version
          ? t('versionTitle', { n: number, time: versionTime(version.created_at, locale) })
          : t('version', { n: number })
      }
      className="version-dialog"
      onClose={props.onClose}
      initialFocus=".cancel"
      dismiss={t('close')}
      actions={
        <>
          <button
            type="button"
            className="button primary"
            disabled={!version}
            onClick={() => {
              if (!version) return;
              if (props.unsaved && !confirming) setConfirming(true);
              else props.onRestore(version);
            }}
          >
            {t(confirming ? 'restoreOverUnsaved' : 'restore')}
          </button>
        </>
      }
    >
      {!answer && <Loading label={t('loadingVersion')} />}
      {answer?.status === 'failed' && (
        <p className="form-error" role="alert">
          {t('versionFailed')} {answer.message}
        </p>
      )}
      {confirming && (
        <p className="form-error" role="alert">
          {t('unsavedWarning')}
        </p>
      )}
      {version && (
        <>
          <Tags row={version} />
          <section className="version-section" aria-labelledby={`${ids}-changes`}>
            <h3 id={`${ids}-changes`}>{t('changes', { n: number })}</h3>
            {changes.length === 0 ? (
              <p className="muted">{t('noChanges')}</p>
            ) : (
              <ul className="version-changes">
                {changes.map((change, index) => (
                  <li key={index}>{describeChange(change, words)}</li>
                ))}
              </ul>
            )}
          </section>
          <section className="version-section" aria-labelledby={`${ids}-script`}>
            <h3 id={`${ids}-script`}>{t('script')}</h3>
            {before === after ? (
              <p className="muted">{t('scriptSame')}</p>
            ) : (
              <Suspense fallback={<Loading label={t('loadingDiff')} />}>
                <ScriptDiff
                  before={before}
                  after={after}
                  beforeLabel={t('left', { n: number })}
                  afterLabel={t('right')}
                />
              </Suspense>
            )}
          </section>
        </>
      )}
    </Dialog>
  );
}
