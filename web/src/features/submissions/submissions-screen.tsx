// /submissions/{calcId}: what visitors sent through one of the author's calculators (issue
// 29), newest first, a page at a time, searched by name or e-mail and between two days;
// showing a page marks it read. Each submission's details, the CSV file of the same
// filter, deletion, the submissions the plan holds back, and the calculator's webhooks.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { Loading } from '../../components/loading';
import { api, messageOf } from '../../lib/api';
import type { Answer, Schemas } from '../../lib/api/wire';
import { collects } from '../../lib/submissions/settings';
import type { CalcDoc } from '../../lib/types';
import { useT } from '../../stores/i18n';
import { useSession } from '../../stores/session';
import { toast, useUi } from '../../stores/ui';
import { Confirm } from './confirm';
import { submissionsMessages } from './messages';
import { NO_FILTER, listQuery, type ListFilter } from './query';
import { SubmissionDetails } from './submission-details';
import { WebhooksPanel } from './webhooks-panel';
import './submissions.css';

type SubmissionPage = Schemas['SubmissionPage'];
type SubmissionView = Schemas['SubmissionView'];
type Source = Answer<'/api/source/{id}', 'get'>;

type LoadState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; page: SubmissionPage };

export default function SubmissionsScreen() {
  const authenticated = useSession((s) => s.authenticated);
  const { calcId } = useParams();
  if (!authenticated || !calcId) return <Navigate to="/" replace />;
  return <Submissions calcId={calcId} />;
}

function Submissions({ calcId }: { calcId: string }) {
  const t = useT(submissionsMessages);
  const id = encodeURIComponent(calcId);
  const [doc, setDoc] = useState<CalcDoc | null>(null);
  const [filter, setFilter] = useState<ListFilter>(NO_FILTER);
  const [draft, setDraft] = useState<ListFilter>(NO_FILTER);
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const request = `${listQuery(filter, page)}#${attempt}`;
  const [answer, setAnswer] = useState<{ request: string; state: LoadState } | null>(null);
  const state: LoadState = answer?.request === request ? answer.state : { status: 'loading' };
  const [confirmAll, setConfirmAll] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    api.get<Source>(`/api/source/${id}`, { signal: abort.signal }).then(
      (source) => setDoc(source.doc as CalcDoc),
      () => {},
    );
    return () => abort.abort();
  }, [id]);

  useEffect(() => {
    const abort = new AbortController();
    const query = request.split('#')[0];
    api.get<SubmissionPage>(`/api/calc/${id}/submissions${query}`, { signal: abort.signal }).then(
      (list) => setAnswer({ request, state: { status: 'ready', page: list } }),
      (error: unknown) => {
        if (!abort.signal.aborted)
          setAnswer({ request, state: { status: 'failed', message: messageOf(error) } });
      },
    );
    return () => abort.abort();
  }, [id, request]);

  const name = String(doc?.name ?? '').trim() || (doc ? t('untitled') : '');
  useEffect(() => {
    document.title = t('pageTitle', { name: name || t('title') });
  }, [t, name]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter(draft);
    setPage(1);
  };
  const reload = () => setAttempt((n) => n + 1);
  const deleteAll = async () => {
    try {
      const done = await api.delete<{ message: string }>(`/api/calc/${id}/submissions`);
      toast(done.message);
      setPage(1);
      reload();
    } catch (error) {
      toast(messageOf(error));
    }
  };

  return (
    <div className="page submissions">
      <div className="page-header">
        <h1>
          {t('title')}
          {name && <span className="submissions-name">: {name}</span>}
        </h1>
        <div className="page-actions">
          <Link className="button subtle" to="/user/calculators">
            {t('back')}
          </Link>
          <Link className="button" to={`/source/${calcId}`}>
            {t('edit')}
          </Link>
        </div>
      </div>
      {doc && !collects(doc) && <p className="notice">{t('notCollecting')}</p>}
      {state.status === 'ready' && state.page.heldBack > 0 && (
        <p className="notice submissions-held-back" role="status">
          {t('heldBack', {
            n: state.page.heldBack,
            limit: state.page.monthlyLimit ?? '—',
          })}{' '}
          <Link to="/pricing">{t('upgrade')}</Link>
        </p>
      )}
      <form className="submissions-filter" role="search" onSubmit={apply}>
        <label>
          <span className="field-label">{t('search')}</span>
          <input
            className="field"
            type="search"
            value={draft.q}
            onChange={(event) => setDraft({ ...draft, q: event.target.value })}
          />
        </label>
        <label>
          <span className="field-label">{t('from')}</span>
          <input
            className="field"
            type="date"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </label>
        <label>
          <span className="field-label">{t('to')}</span>
          <input
            className="field"
            type="date"
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
        </label>
        <button type="submit" className="button primary">
          {t('filter')}
        </button>
        <button
          type="button"
          className="button subtle"
          onClick={() => {
            setDraft(NO_FILTER);
            setFilter(NO_FILTER);
            setPage(1);
          }}
        >
          {t('clear')}
        </button>
      </form>
      <div className="submissions-actions">
        <a className="button" href={`/api/calc/${id}/submissions.csv${listQuery(filter)}`} download>
          {t('downloadCsv')}
        </a>
        <button type="button" className="button danger" onClick={() => setConfirmAll(true)}>
          {t('deleteAll')}
        </button>
      </div>
      {state.status === 'loading' && <Loading label={t('loading')} />}
      {state.status === 'failed' && (
        <div role="alert" className="submissions-failed">
          <p>
            {t('failed')} {state.message}
          </p>
          <button type="button" className="button" onClick={reload}>
            {t('retry')}
          </button>
        </div>
      )}
      {state.status === 'ready' && (
        <SubmissionTable
          calcId={calcId}
          page={state.page}
          doc={doc}
          filtered={listQuery(filter) !== ''}
          onPage={setPage}
          onDeleted={reload}
        />
      )}
      <WebhooksPanel calcId={calcId} />
      {confirmAll && (
        <Confirm
          title={t('deleteAllTitle')}
          text={t('deleteAllText')}
          confirm={t('deleteAll')}
          cancel={t('cancel')}
          onConfirm={() => void deleteAll()}
          onClose={() => setConfirmAll(false)}
        />
      )}
    </div>
  );
}

function SubmissionTable(props: {
  calcId: string;
  page: SubmissionPage;
  doc: CalcDoc | null;
  filtered: boolean;
  onPage(page: number): void;
  onDeleted(): void;
}) {
  const t = useT(submissionsMessages);
  const locale = useUi((s) => s.locale);
  const [open, setOpen] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<SubmissionView | null>(null);
  const { data, paging } = props.page;
  const when = (row: SubmissionView) =>
    new Date(row.created_at).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });

  const remove = async (row: SubmissionView) => {
    try {
      const done = await api.delete<{ message: string }>(
        `/api/calc/${encodeURIComponent(props.calcId)}/submissions/${encodeURIComponent(row.id)}`,
      );
      toast(done.message);
      props.onDeleted();
    } catch (error) {
      toast(messageOf(error));
    }
  };

  if (data.length === 0)
    return <p className="muted submissions-none">{props.filtered ? t('noneFound') : t('none')}</p>;
  return (
    <>
      <div className="submissions-scroll">
        <table className="submissions-table">
          <thead>
            <tr>
              <th scope="col">{t('date')}</th>
              <th scope="col">{t('name')}</th>
              <th scope="col">{t('email')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('details')}</span>
              </th>
            </tr>
          </thead>
          {data.map((row) => (
            <tbody key={row.id} className={row.read ? '' : 'unread'}>
              <tr>
                <th scope="row">
                  <time dateTime={new Date(row.created_at).toISOString()}>{when(row)}</time>
                  {!row.read && <span className="sub-badge submissions-new">{t('new')}</span>}
                </th>
                <td>{String(row.contact.name ?? '')}</td>
                <td>{String(row.contact.email ?? '')}</td>
                <td className="submissions-row-actions">
                  <button
                    type="button"
                    className="button subtle"
                    aria-expanded={open === row.id}
                    aria-controls={`submission-${row.id}`}
                    aria-label={t('detailsOf', { when: when(row) })}
                    onClick={() => setOpen(open === row.id ? null : row.id)}
                  >
                    {t('details')}
                  </button>
                  <button
                    type="button"
                    className="button subtle danger"
                    aria-label={t('deleteOneOf', { when: when(row) })}
                    onClick={() => setDeleting(row)}
                  >
                    {t('deleteOne')}
                  </button>
                </td>
              </tr>
              {open === row.id && (
                <tr id={`submission-${row.id}`}>
                  <td colSpan={4}>
                    <SubmissionDetails row={row} doc={props.doc} />
                  </td>
                </tr>
              )}
            </tbody>
          ))}
        </table>
      </div>
      <nav className="pager" aria-label={t('title')}>
        <button
          type="button"
          className="button"
          disabled={paging.page <= 1}
          onClick={() => props.onPage(paging.page - 1)}
        >
          {t('previous')}
        </button>
        <span>{t('pageOf', { page: paging.page, pages: paging.pages, total: paging.total })}</span>
        <button
          type="button"
          className="button"
          disabled={paging.page >= paging.pages}
          onClick={() => props.onPage(paging.page + 1)}
        >
          {t('next')}
        </button>
      </nav>
      {deleting && (
        <Confirm
          title={t('deleteOneTitle')}
          text={t('deleteOneText', { when: when(deleting) })}
          confirm={t('deleteOne')}
          cancel={t('cancel')}
          onConfirm={() => void remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
