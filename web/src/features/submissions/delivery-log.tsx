// One endpoint's delivery log, newest first, a page at a time: each delivery's event and
// state, and each attempt's time, HTTP code, duration and the start of the answer (or why
// it failed), with Redeliver (a new delivery of the same payload).
import { useEffect, useState } from 'react';
import { messageOf } from '../../lib/api';
import { useT } from '../../stores/i18n';
import { toast, useUi } from '../../stores/ui';
import { submissionsMessages } from './messages';
import { dateOf, webhooksApi, type Delivery, type DeliveryPage } from './webhooks-api';

type LogState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; page: DeliveryPage };

export function DeliveryLog(props: { calcId: string; hookId: string; version: number }) {
  const t = useT(submissionsMessages);
  const [page, setPage] = useState(1);
  const [refresh, setRefresh] = useState(0);
  const request = `${page}:${refresh}:${props.version}`;
  const [answer, setAnswer] = useState<{ request: string; state: LogState } | null>(null);
  const state: LogState = answer?.request === request ? answer.state : { status: 'loading' };
  const { calcId, hookId } = props;

  useEffect(() => {
    const abort = new AbortController();
    const page = Number(request.split(':')[0]);
    webhooksApi.deliveries(calcId, hookId, page, abort.signal).then(
      (found) => setAnswer({ request, state: { status: 'ready', page: found } }),
      (error: unknown) => {
        if (!abort.signal.aborted)
          setAnswer({ request, state: { status: 'failed', message: messageOf(error) } });
      },
    );
    return () => abort.abort();
  }, [calcId, hookId, request]);

  const redeliver = async (delivery: Delivery) => {
    try {
      await webhooksApi.redeliver(calcId, hookId, delivery.id);
      toast(t('redelivered'));
      setPage(1);
      setRefresh((n) => n + 1);
    } catch (error) {
      toast(messageOf(error));
    }
  };

  return (
    <div className="delivery-log">
      <div className="delivery-log-head">
        <h3>{t('log')}</h3>
        <button type="button" className="button subtle" onClick={() => setRefresh((n) => n + 1)}>
          {t('refresh')}
        </button>
      </div>
      {state.status === 'loading' && <p className="muted">{t('logLoading')}</p>}
      {state.status === 'failed' && <p role="alert">{state.message}</p>}
      {state.status === 'ready' && state.page.data.length === 0 && (
        <p className="muted">{t('logNone')}</p>
      )}
      {state.status === 'ready' && state.page.data.length > 0 && (
        <>
          <ol className="deliveries">
            {state.page.data.map((delivery) => (
              <DeliveryItem
                key={delivery.id}
                delivery={delivery}
                onRedeliver={() => void redeliver(delivery)}
              />
            ))}
          </ol>
          {state.page.paging.pages > 1 && (
            <nav className="pager" aria-label={t('log')}>
              <button
                type="button"
                className="button"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                {t('previous')}
              </button>
              <span>
                {t('pageOf', {
                  page: state.page.paging.page,
                  pages: state.page.paging.pages,
                  total: state.page.paging.total,
                })}
              </span>
              <button
                type="button"
                className="button"
                disabled={page >= state.page.paging.pages}
                onClick={() => setPage(page + 1)}
              >
                {t('next')}
              </button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}

function DeliveryItem({ delivery, onRedeliver }: { delivery: Delivery; onRedeliver(): void }) {
  const t = useT(submissionsMessages);
  const locale = useUi((s) => s.locale);
  const when = (time: number) =>
    dateOf(time).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'medium' });
  const stateText = {
    pending: t('pending'),
    delivered: t('delivered'),
    failed: t('failedState'),
  }[delivery.state];
  return (
    <li className={`delivery delivery-${delivery.state}`} data-delivery={delivery.id}>
      <div className="delivery-head">
        <span className="code">{delivery.event}</span>
        <span className={`sub-badge delivery-state-${delivery.state}`}>{stateText}</span>
        <time dateTime={dateOf(delivery.created_at).toISOString()}>
          {when(delivery.created_at)}
        </time>
        <button type="button" className="button subtle" onClick={onRedeliver}>
          {t('redeliver')}
        </button>
      </div>
      {delivery.next_attempt_at && delivery.state === 'pending' && (
        <p className="muted">{t('nextAttempt', { when: when(delivery.next_attempt_at) })}</p>
      )}
      {delivery.attempts.length > 0 && (
        <div className="submissions-scroll">
          <table className="attempts">
            <caption className="visually-hidden">{t('attempts')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('attemptAt')}</th>
                <th scope="col">{t('code')}</th>
                <th scope="col">{t('duration')}</th>
                <th scope="col">{t('response')}</th>
              </tr>
            </thead>
            <tbody>
              {delivery.attempts.map((attempt, index) => (
                <tr key={index}>
                  <td>{when(attempt.at)}</td>
                  <td>{attempt.status ?? '—'}</td>
                  <td>
                    {attempt.duration_ms === null || attempt.duration_ms === undefined
                      ? '—'
                      : t('ms', { n: attempt.duration_ms })}
                  </td>
                  <td className="attempt-response">
                    {attempt.error ?? attempt.response_excerpt ?? ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </li>
  );
}
