// /account/sub (spec §2): the subscription's plan, status, price, period end and default
// card; cancel at period end (confirmed) and undo it; switch Regular ⇄ Premium after seeing
// the amount due now — also while a cancellation is pending, which the switch undoes
// (issue 26: "Switch to Premium" on /pricing must not lead to a page without it). Each
// change reloads the page (spec §4).
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { messageOf } from '../../lib/api';
import { useT } from '../../stores/i18n';
import { useUi } from '../../stores/ui';
import { AccountPage } from './account-page';
import { ActionDialog, useChange } from './action-dialog';
import {
  billingApi,
  brandName,
  expiry,
  formatDate,
  formatMoney,
  LIVE_STATUSES,
  loadBilling,
  useLoaded,
  type Plan,
  type Subscription,
} from './billing';
import { billingMessages } from './messages';

const STATUS_KEYS = {
  active: 'statusActive',
  trialing: 'statusTrialing',
  past_due: 'statusPastDue',
  incomplete: 'statusIncomplete',
  incomplete_expired: 'statusIncompleteExpired',
  canceled: 'statusCanceled',
  unpaid: 'statusUnpaid',
  paused: 'statusPaused',
} as const;

export default function SubScreen() {
  const t = useT(billingMessages);
  // Together, so the plan's name and the switch buttons do not appear a moment later.
  const data = useLoaded(() => Promise.all([billingApi.subscription(), loadBilling()]));
  return (
    <AccountPage title={t('subTitle')} pageTitle={t('subPageTitle')} data={data}>
      {([sub, billing]) =>
        sub ? (
          <SubscriptionCard sub={sub} plans={billing.plans} />
        ) : (
          <section className="account-card">
            <p>{t('noSub')}</p>
            <Link className="button primary" to="/pricing">
              {t('seePlans')}
            </Link>
          </section>
        )
      }
    </AccountPage>
  );
}

function SubscriptionCard({ sub, plans }: { sub: Subscription; plans: Plan[] }) {
  const t = useT(billingMessages);
  const locale = useUi((s) => s.locale);
  const [dialog, setDialog] = useState<'cancel' | Plan | null>(null);
  const [busy, change] = useChange();
  const plan = plans.find((p) => p.id === sub.plan);
  const planName = plan?.name ?? sub.plan;
  const end = formatDate(sub.currentPeriodEnd, locale);
  const live = LIVE_STATUSES.includes(sub.status);
  const status =
    sub.status in STATUS_KEYS ? t(STATUS_KEYS[sub.status as keyof typeof STATUS_KEYS]) : sub.status;

  return (
    <section className="account-card" aria-label={t('subTitle')}>
      {sub.status === 'past_due' && (
        <div className="billing-alert" role="alert">
          <p>{t('pastDue')}</p>
          <Link className="button primary" to="/account/card">
            {t('updateCard')}
          </Link>
        </div>
      )}
      {sub.status === 'incomplete' && <p className="billing-alert">{t('incomplete')}</p>}
      {!live && sub.status !== 'incomplete' && (
        <p className="billing-alert">
          {t('ended')} <Link to="/pricing">{t('seePlans')}</Link>
        </p>
      )}
      <dl className="billing-facts">
        <dt>{t('plan')}</dt>
        <dd className="sub-plan">{planName}</dd>
        <dt>{t('status')}</dt>
        <dd>{status}</dd>
        <dt>{t('price')}</dt>
        <dd>
          {t('perInterval', {
            price: formatMoney(sub.price, sub.currency, locale),
            interval: t(plan?.interval === 'year' ? 'year' : 'month'),
          })}
        </dd>
        <dt>{sub.cancelAtPeriodEnd ? t('endsOn') : t('renews')}</dt>
        <dd>{end}</dd>
        <dt>{t('defaultCard')}</dt>
        <dd>
          {sub.defaultCard
            ? `${t('cardName', { brand: brandName(sub.defaultCard.brand), last4: sub.defaultCard.last4 })} · ${expiry(sub.defaultCard)}`
            : t('noCard')}
        </dd>
      </dl>
      {sub.cancelAtPeriodEnd && live && (
        <p className="sub-ends">{t('staysUntil', { date: end })}</p>
      )}
      {live && (
        <div className="form-footer">
          {sub.cancelAtPeriodEnd && (
            <button
              type="button"
              className="button primary"
              disabled={busy}
              onClick={() => change(() => billingApi.resume(sub.id), t('resumed'))}
            >
              {t('undoCancel')}
            </button>
          )}
          {plans
            .filter((other) => other.id !== sub.plan)
            .map((other) => (
              <button
                key={other.id}
                type="button"
                className={`button ${sub.cancelAtPeriodEnd ? '' : 'primary'}`}
                onClick={() => setDialog(other)}
              >
                {t('switchPlan', { plan: other.name })}
              </button>
            ))}
          {!sub.cancelAtPeriodEnd && (
            <button type="button" className="button" onClick={() => setDialog('cancel')}>
              {t('cancelSub')}
            </button>
          )}
        </div>
      )}
      {dialog === 'cancel' && (
        <CancelDialog sub={sub} planName={planName} end={end} onClose={() => setDialog(null)} />
      )}
      {dialog !== null && dialog !== 'cancel' && (
        <SwitchDialog sub={sub} plan={dialog} end={end} onClose={() => setDialog(null)} />
      )}
    </section>
  );
}

function CancelDialog(props: {
  sub: Subscription;
  planName: string;
  end: string;
  onClose(): void;
}) {
  const t = useT(billingMessages);
  return (
    <ActionDialog
      title={t('cancelTitle')}
      onClose={props.onClose}
      action={t('cancelConfirm')}
      cancel={t('keep')}
      danger
      run={() => billingApi.cancel(props.sub.id)}
      done={t('cancelled', { date: props.end })}
    >
      <p>{t('cancelText', { plan: props.planName, date: props.end })}</p>
    </ActionDialog>
  );
}

function SwitchDialog(props: { sub: Subscription; plan: Plan; end: string; onClose(): void }) {
  const t = useT(billingMessages);
  const locale = useUi((s) => s.locale);
  const [due, setDue] = useState<string | null>(null);
  const [error, setError] = useState('');
  const { sub, plan } = props;

  useEffect(() => {
    let live = true;
    billingApi.preview(sub.id, plan.id).then(
      (answer) => live && setDue(formatMoney(answer.amountDue, answer.currency, locale)),
      (failure: unknown) => live && setError(messageOf(failure)),
    );
    return () => {
      live = false;
    };
  }, [sub.id, plan.id, locale]);

  // A refused payment (402) carries the provider's message, shown by the dialog.
  return (
    <ActionDialog
      title={t('switchTitle', { plan: plan.name })}
      onClose={props.onClose}
      action={t('switchConfirm')}
      disabled={due === null}
      run={async () => {
        // A pending cancellation would end the new plan too: the switch keeps the subscription.
        if (sub.cancelAtPeriodEnd) await billingApi.resume(sub.id);
        return billingApi.switchPlan(sub.id, plan.id);
      }}
      done={t('switched', { plan: plan.name })}
    >
      {sub.cancelAtPeriodEnd && <p>{t('switchResumes', { plan: plan.name, date: props.end })}</p>}
      <p aria-live="polite" className="switch-due">
        {due === null ? (error ? '' : t('previewing')) : t('dueNow', { amount: due })}
      </p>
      {error && <p className="form-error">{error}</p>}
    </ActionDialog>
  );
}
