// The calculator's webhook endpoints (issue 29): how many the plan allows across the
// account, adding one (its secret shown once, with copy), a new secret, turning a disabled
// one back on, a test event, deletion with confirmation, and each one's delivery log.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Dialog } from '../../components/dialog';
import { messageOf } from '../../lib/api';
import { useT } from '../../stores/i18n';
import { toast, useUi } from '../../stores/ui';
import { Confirm } from './confirm';
import { DeliveryLog } from './delivery-log';
import { submissionsMessages } from './messages';
import { dateOf, webhooksApi, type Webhook, type WebhookList } from './webhooks-api';

type PanelState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; list: WebhookList };

export function WebhooksPanel({ calcId }: { calcId: string }) {
  const t = useT(submissionsMessages);
  const titleId = useId();
  const urlId = useId();
  const [state, setState] = useState<PanelState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    webhooksApi.list(calcId, abort.signal).then(
      (list) => setState({ status: 'ready', list }),
      (error: unknown) => {
        if (!abort.signal.aborted) setState({ status: 'failed', message: messageOf(error) });
      },
    );
    return () => abort.abort();
  }, [calcId, attempt]);
  const reload = () => setAttempt((n) => n + 1);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setUrlError(null);
    try {
      const added = await webhooksApi.add(calcId, url.trim());
      setSecret({ url: added.url, secret: added.secret });
      setUrl('');
      reload();
    } catch (error) {
      setUrlError(messageOf(error));
      requestAnimationFrame(() => document.getElementById(urlId)?.focus());
    } finally {
      setBusy(false);
    }
  };

  const atLimit = state.status === 'ready' && state.list.used >= state.list.limit;
  return (
    <section className="webhooks" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('webhooks')}</h2>
      <p className="muted">{t('webhooksIntro')}</p>
      {state.status === 'loading' && <p className="muted">{t('webhooksLoading')}</p>}
      {state.status === 'failed' && (
        <div role="alert">
          <p>
            {t('webhooksFailed')} {state.message}
          </p>
          <button type="button" className="button" onClick={reload}>
            {t('retry')}
          </button>
        </div>
      )}
      {state.status === 'ready' && (
        <>
          <p className="webhooks-used">
            {t('webhooksUsed', { used: state.list.used, limit: state.list.limit })}
          </p>
          {state.list.data.length === 0 ? (
            <p className="muted">{t('webhooksNone')}</p>
          ) : (
            <ul className="webhooks-list">
              {state.list.data.map((hook) => (
                <Endpoint
                  key={hook.id}
                  calcId={calcId}
                  hook={hook}
                  onChanged={reload}
                  onSecret={(value) => setSecret({ url: hook.url, secret: value })}
                />
              ))}
            </ul>
          )}
        </>
      )}
      <form className="webhooks-add" onSubmit={add} noValidate>
        <div className="field-row">
          <label className="field-label" htmlFor={urlId}>
            {t('endpointUrl')}
          </label>
          <div className="inline-fields">
            <input
              id={urlId}
              className="field"
              type="url"
              placeholder="https://"
              value={url}
              aria-invalid={urlError ? true : undefined}
              aria-describedby={
                urlError ? `${urlId}-error` : atLimit ? `${urlId}-limit` : undefined
              }
              onChange={(event) => setUrl(event.target.value)}
            />
            <button type="submit" className="button primary" disabled={busy || !url.trim()}>
              {busy ? t('adding') : t('add')}
            </button>
          </div>
          {urlError && (
            <span className="field-error" id={`${urlId}-error`}>
              {urlError}
            </span>
          )}
          {atLimit && !urlError && (
            <span className="field-hint muted" id={`${urlId}-limit`}>
              {t('atLimit')}
            </span>
          )}
        </div>
      </form>
      {secret && <SecretDialog {...secret} onClose={() => setSecret(null)} />}
    </section>
  );
}

function Endpoint(props: {
  calcId: string;
  hook: Webhook;
  onChanged(): void;
  onSecret(secret: string): void;
}) {
  const t = useT(submissionsMessages);
  const locale = useUi((s) => s.locale);
  const { calcId, hook } = props;
  const [confirm, setConfirm] = useState<'remove' | 'rotate' | null>(null);
  const [logOpen, setLogOpen] = useState(false);
  const [logVersion, setLogVersion] = useState(0);
  const logId = useId();
  const run = async (action: () => Promise<unknown>, done?: string) => {
    try {
      await action();
      if (done) toast(done);
      return true;
    } catch (error) {
      toast(messageOf(error));
      return false;
    }
  };
  const when = (time: number) =>
    dateOf(time).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <li className="webhook">
      <div className="webhook-head">
        <span className="code webhook-url">{hook.url}</span>
        <span className={`sub-badge ${hook.enabled ? 'webhook-on' : 'webhook-off'}`}>
          {hook.enabled ? t('enabled') : t('disabled')}
        </span>
      </div>
      {hook.failing_since && (
        <p className="muted">{t('failingSince', { when: when(hook.failing_since) })}</p>
      )}
      {hook.disabled_reason && <p className="muted">{hook.disabled_reason}</p>}
      <div className="webhook-actions" role="group" aria-label={hook.url}>
        <button
          type="button"
          className="button"
          onClick={() =>
            void run(() => webhooksApi.test(calcId, hook.id), t('testQueued')).then((ok) => {
              if (ok) setLogVersion((n) => n + 1);
            })
          }
        >
          {t('sendTest')}
        </button>
        <button
          type="button"
          className="button subtle"
          aria-expanded={logOpen}
          aria-controls={logId}
          aria-label={logOpen ? t('hideLog') : t('logOf', { url: hook.url })}
          onClick={() => setLogOpen(!logOpen)}
        >
          {logOpen ? t('hideLog') : t('log')}
        </button>
        {!hook.enabled && (
          <button
            type="button"
            className="button"
            onClick={() =>
              void run(() => webhooksApi.enable(calcId, hook.id)).then((ok) => {
                if (ok) props.onChanged();
              })
            }
          >
            {t('enable')}
          </button>
        )}
        <button type="button" className="button subtle" onClick={() => setConfirm('rotate')}>
          {t('rotate')}
        </button>
        <button type="button" className="button subtle danger" onClick={() => setConfirm('remove')}>
          {t('remove')}
        </button>
      </div>
      {logOpen && (
        <div id={logId}>
          <DeliveryLog calcId={calcId} hookId={hook.id} version={logVersion} />
        </div>
      )}
      {confirm === 'remove' && (
        <Confirm
          title={t('removeTitle')}
          text={t('removeText', { url: hook.url })}
          confirm={t('remove')}
          cancel={t('cancel')}
          onConfirm={() =>
            void run(() => webhooksApi.remove(calcId, hook.id)).then((ok) => {
              if (ok) props.onChanged();
            })
          }
          onClose={() => setConfirm(null)}
        />
      )}
      {confirm === 'rotate' && (
        <Confirm
          title={t('rotateTitle')}
          text={t('rotateText')}
          confirm={t('rotate')}
          cancel={t('cancel')}
          onConfirm={() =>
            void webhooksApi.rotate(calcId, hook.id).then(
              (answer) => props.onSecret(answer.secret),
              (error: unknown) => toast(messageOf(error)),
            )
          }
          onClose={() => setConfirm(null)}
        />
      )}
    </li>
  );
}

/** The secret, shown once, with a copy button. */
function SecretDialog(props: { url: string; secret: string; onClose(): void }) {
  const t = useT(submissionsMessages);
  const fieldId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.secret);
      toast(t('copied'));
    } catch {
      (document.getElementById(fieldId) as HTMLInputElement | null)?.select();
    }
  };
  return (
    <Dialog
      title={t('secretTitle')}
      onClose={props.onClose}
      keepOnOutsideClick
      initialFocus=".webhook-secret-copy"
      actions={
        <button type="button" className="button primary" onClick={props.onClose}>
          {t('done')}
        </button>
      }
    >
      <p className="code webhook-url">{props.url}</p>
      <p>{t('secretOnce')}</p>
      <div className="inline-fields">
        <input
          id={fieldId}
          className="field code webhook-secret"
          readOnly
          aria-label={t('secretTitle')}
          value={props.secret}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="button webhook-secret-copy" onClick={() => void copy()}>
          {t('copy')}
        </button>
      </div>
    </Dialog>
  );
}
