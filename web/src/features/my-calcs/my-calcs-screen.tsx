// /user/calculators (spec §2): the signed-in user's saved calculators, a page at a time,
// each with a privacy switch that shows the server's message.
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Loading } from '../../components/loading';
import { ApiError, api, messageOf } from '../../lib/api';
import { localizeEngineMessage } from '../../lib/engine/engine-messages';
import { useT } from '../../stores/i18n';
import { useNewCalculator } from '../../stores/new-calculator';
import type { Answer, Narrow, Schemas } from '../../lib/api/wire';
import type { CalcDoc, DocStyle } from '../../lib/types';
import { calcFileMessages } from '../../lib/calc-file/messages';
import { useCalcImport } from '../../components/calc-file/use-import';
import { useSession } from '../../stores/session';
import { toast, useUi } from '../../stores/ui';
import { myCalcsMessages } from './messages';
import { pageFromQuery, pageHref, pagerLinks } from './paging';
import './my-calcs.css';

/** One row of `PUT /api/calc/user/`. */
type MyCalc = Narrow<Schemas['ListedCalc'], { doc: CalcDoc; doc_style: DocStyle }>;

type MyCalcsPage = Narrow<Answer<'/api/calc/user/', 'put'>, { data: MyCalc[] }>;

type ListState =
  { status: 'loading' } | { status: 'ready'; page: MyCalcsPage } | { status: 'failed' };

export default function MyCalcsScreen() {
  const authenticated = useSession((s) => s.authenticated);
  if (!authenticated) return <Navigate to="/" replace />;
  return <MyCalcs />;
}

function MyCalcs() {
  const t = useT(myCalcsMessages);
  const tf = useT(calcFileMessages);
  const calcImport = useCalcImport();
  const [params] = useSearchParams();
  const page = pageFromQuery(params.get('page'));
  const [attempt, setAttempt] = useState(0);
  // The answer names the request it answers: any other request is still loading.
  const request = `${page}:${attempt}`;
  const [answer, setAnswer] = useState<{ request: string; state: ListState } | null>(null);
  const state: ListState = answer?.request === request ? answer.state : { status: 'loading' };
  const heading = useRef<HTMLHeadingElement>(null);
  const shownPage = useRef<number | null>(null);

  useEffect(() => {
    document.title = t('pageTitle');
  }, [t]);

  useEffect(() => {
    const abort = new AbortController();
    const page = Number(request.split(':')[0]);
    api.put<MyCalcsPage>(`/api/calc/user/?page=${page}`, undefined, { signal: abort.signal }).then(
      (list) => setAnswer({ request, state: { status: 'ready', page: list } }),
      () => {
        if (!abort.signal.aborted) setAnswer({ request, state: { status: 'failed' } });
      },
    );
    return () => abort.abort();
  }, [request]);

  // After moving to another page, start reading from the top again.
  const ready = state.status === 'ready';
  useEffect(() => {
    if (!ready) return;
    if (shownPage.current !== null && shownPage.current !== page) {
      heading.current?.focus({ preventScroll: true });
      window.scrollTo({ top: 0 });
    }
    shownPage.current = page;
  }, [ready, page]);

  const create = useNewCalculator();

  const setPrivacy = (id: string, isPrivate: boolean) => {
    setAnswer((old) =>
      old?.state.status === 'ready'
        ? {
            ...old,
            state: {
              status: 'ready',
              page: {
                ...old.state.page,
                data: old.state.page.data.map((c) =>
                  c._id === id ? { ...c, private: isPrivate } : c,
                ),
              },
            },
          }
        : old,
    );
    // The navigation's copy of the user's list stays in step.
    const session = useSession.getState();
    if (session.user) {
      session.setUser({
        ...session.user,
        calcs: session.user.calcs.map((c) => (c._id === id ? { ...c, private: isPrivate } : c)),
      });
    }
  };

  const links = state.status === 'ready' ? pagerLinks(page, state.page.paging) : null;
  if (links?.redirect) return <Navigate to={pageHref(links.redirect)} replace />;

  return (
    <div className="page my-calcs">
      {calcImport.elements}
      <div className="page-header">
        <div>
          <h1 ref={heading} tabIndex={-1}>
            {t('title')}
          </h1>
          {state.status === 'ready' && state.page.paging.total > 0 && (
            <p className="muted my-calcs-count">{t('count', { n: state.page.paging.total })}</p>
          )}
        </div>
        <div className="my-calcs-actions">
          <button
            type="button"
            className="button"
            title={tf('importHint')}
            disabled={calcImport.busy}
            onClick={calcImport.pick}
          >
            {tf('import')}
          </button>
          <button type="button" className="button primary" onClick={create}>
            <span aria-hidden="true">+</span> {t('newCalculator')}
          </button>
        </div>
      </div>

      {state.status === 'loading' && <Loading label={t('loading')} />}

      {state.status === 'failed' && (
        <div className="my-calcs-failed" role="alert">
          <p>{t('failed')}</p>
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            {t('retry')}
          </button>
        </div>
      )}

      {state.status === 'ready' && state.page.data.length === 0 && (
        <section className="my-calcs-empty" aria-labelledby="my-calcs-empty-title">
          <h2 id="my-calcs-empty-title">{t('emptyTitle')}</h2>
          <p className="muted">{t('emptyText')}</p>
          <button type="button" className="button primary" onClick={create}>
            {t('create')}
          </button>
        </section>
      )}

      {state.status === 'ready' && state.page.data.length > 0 && (
        <>
          <p className="muted my-calcs-hint">{t('privateHint')}</p>
          <ul className="my-calcs-list">
            {state.page.data.map((calc) => (
              <CalcRow key={calc._id} calc={calc} onPrivacy={setPrivacy} />
            ))}
          </ul>
        </>
      )}

      {links && (links.previous || links.next) && state.status === 'ready' && (
        <nav className="pager" aria-label={t('pages')}>
          {links.previous ? (
            <Link className="button" to={pageHref(links.previous)} rel="prev">
              <span aria-hidden="true">←</span> {t('previous')}
            </Link>
          ) : (
            <span className="button pager-disabled" aria-hidden="true">
              <span aria-hidden="true">←</span> {t('previous')}
            </span>
          )}
          <span className="pager-status" aria-current="page">
            {t('pageOf', { page, pages: Math.max(1, state.page.paging.pages) })}
          </span>
          {links.next ? (
            <Link className="button" to={pageHref(links.next)} rel="next">
              {t('next')} <span aria-hidden="true">→</span>
            </Link>
          ) : (
            <span className="button pager-disabled" aria-hidden="true">
              {t('next')} <span aria-hidden="true">→</span>
            </span>
          )}
        </nav>
      )}
    </div>
  );
}

function CalcRow({
  calc,
  onPrivacy,
}: {
  calc: MyCalc;
  onPrivacy(id: string, isPrivate: boolean): void;
}) {
  const t = useT(myCalcsMessages);
  const locale = useUi((s) => s.locale);
  const [busy, setBusy] = useState(false);
  const name = String(calc.doc?.name ?? '').trim() || t('untitled');
  const isPrivate = calc.private === true;
  const titleId = `calc-${calc._id}-name`;

  const toggle = async () => {
    setBusy(true);
    try {
      const answer = await api.post<Answer<'/api/calc/edit/', 'post'> | null>(
        `/api/calc/edit/?calcId=${encodeURIComponent(calc._id)}`,
      );
      onPrivacy(calc._id, !isPrivate);
      if (answer?.message) toast(answer.message);
    } catch (error) {
      // A 400 says why: the free plan cannot make calculators private. A paid one can.
      const needsPlan = !isPrivate && error instanceof ApiError && error.code === 'bad_request';
      toast(messageOf(error), needsPlan ? { label: t('upgrade'), href: '/pricing' } : undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="my-calc">
      <div className="my-calc-main">
        <h2 id={titleId} className="my-calc-name">
          {name}
        </h2>
        <p className="muted my-calc-summary">
          {t('summary', {
            inputs: calc.doc?.metaInputs?.length ?? 0,
            outputs: calc.doc?.metaOutputs?.length ?? 0,
          })}
          {' · '}
          <span className="my-calc-views">
            {t('views30', { n: new Intl.NumberFormat(locale).format(calc.views_30d) })}
          </span>
        </p>
        {calc.tests && calc.tests.failed > 0 && (
          <p className="my-calc-tests-failed">
            <span aria-hidden="true">✗ </span>
            {t('testsFailed', {
              failed: calc.tests.failed,
              total: calc.tests.failed + calc.tests.passed,
            })}
          </p>
        )}
        {calc.error && (
          <p className="my-calc-error">
            {t('scriptError', { error: localizeEngineMessage(String(calc.error), locale) })}
          </p>
        )}
      </div>
      <div className="my-calc-actions">
        <label className="privacy-switch">
          <button
            type="button"
            role="switch"
            aria-checked={isPrivate}
            aria-label={t('privateOf', { name })}
            className={`switch ${isPrivate ? 'on' : ''}`}
            disabled={busy}
            onClick={toggle}
          >
            <span aria-hidden="true" />
          </button>
          <span aria-hidden="true">{t('private')}</span>
        </label>
        <Link className="button" to={`/source/${calc._id}`}>
          {t('edit')} <span className="visually-hidden">{name}</span>
        </Link>
        <Link className="button subtle" to={`/calc/${calc._id}`}>
          {t('view')} <span className="visually-hidden">{name}</span>
        </Link>
        <Link className="button subtle" to={`/analytics/${calc._id}`}>
          {t('analytics')} <span className="visually-hidden">{name}</span>
        </Link>
        <Link className="button subtle" to={`/submissions/${calc._id}`}>
          {t('submissions')} <span className="visually-hidden">{name}</span>
          {calc.unread_submissions > 0 && (
            <span className="unread-count" data-testid="unread-count">
              {t('unread', { n: new Intl.NumberFormat(locale).format(calc.unread_submissions) })}
            </span>
          )}
        </Link>
      </div>
    </li>
  );
}
