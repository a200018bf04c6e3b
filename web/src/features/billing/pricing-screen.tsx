// /pricing (spec §2): Regular and Premium with what each allows (the server's limits,
// GET /api/billing), the current plan marked. Subscribing opens the checkout dialog; signed
// out, it asks for a sign-in first.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Loading } from '../../components/loading';
import { useT } from '../../stores/i18n';
import { useSession } from '../../stores/session';
import { toast, useUi } from '../../stores/ui';
import '../../components/account/account.css';
import './billing.css';
import { formatMoney, useBilling, type Plan } from './billing';
import { CheckoutDialog } from './checkout-dialog';
import { billingMessages } from './messages';

/** What the pricing lists of a plan (the free one included). */
interface PlanLimits {
  maxCalculators?: number | null;
  allowsPrivate: boolean;
  monthlySubmissions?: number | null;
  /** Webhook endpoints across the account's calculators. */
  webhookEndpoints?: number | null;
}

export default function PricingScreen() {
  const t = useT(billingMessages);
  const locale = useUi((s) => s.locale);
  const billing = useBilling();
  const authenticated = useSession((s) => s.authenticated);
  const user = useSession((s) => s.user);
  const openAuthDialog = useSession((s) => s.openAuthDialog);
  const [buying, setBuying] = useState<Plan | null>(null);
  const current = authenticated ? String(user?.plan ?? 'free').toLowerCase() : null;
  const paid = current === 'regular' || current === 'premium';

  useEffect(() => {
    document.title = t('pricingPageTitle');
  }, [t]);

  const subscribe = (plan: Plan) => {
    if (!authenticated) {
      toast(t('signInFirst'));
      openAuthDialog('signin');
      return;
    }
    setBuying(plan);
  };

  /**
   * What a plan allows. No `maxCalculators` (null or absent): no limit; `monthlySubmissions`
   * null: no limit; a limit the server does not name is not listed.
   */
  const limits = (plan: PlanLimits) => {
    const number = (n: number) => new Intl.NumberFormat(locale).format(n);
    const lines = [
      typeof plan.maxCalculators === 'number'
        ? t('upTo', { count: plan.maxCalculators })
        : t('unlimited'),
      plan.allowsPrivate ? t('privateYes') : t('privateNo'),
    ];
    if (typeof plan.monthlySubmissions === 'number')
      lines.push(t('submissionsPerMonth', { count: number(plan.monthlySubmissions) }));
    else if (plan.monthlySubmissions === null) lines.push(t('submissionsUnlimited'));
    if (typeof plan.webhookEndpoints === 'number')
      lines.push(
        t(plan.webhookEndpoints === 1 ? 'webhookEndpoint' : 'webhookEndpoints', {
          count: number(plan.webhookEndpoints),
        }),
      );
    return lines;
  };

  return (
    <div className="page billing pricing">
      <header className="account-header">
        <h1>{t('pricingTitle')}</h1>
        <p className="muted">{t('pricingLead')}</p>
      </header>
      {/* Signed in, the plans wait for the user too: the current plan is marked from the start. */}
      {(billing.status === 'loading' || (authenticated && !user)) && <Loading />}
      {billing.status === 'failed' && <p className="form-error">{t('loadFailed')}</p>}
      {billing.status === 'ready' && (!authenticated || user) && (
        <>
          {billing.value.mode === 'sandbox' && <p className="sandbox-label">{t('sandbox')}</p>}
          <ul className="plan-list">
            {billing.value.plans.map((plan) => {
              const mine = current === plan.id;
              return (
                <li key={plan.id} className={`account-card plan ${mine ? 'current' : ''}`}>
                  <h2 id={`plan-${plan.id}`}>{plan.name}</h2>
                  {mine && <span className="badge">{t('yourPlan')}</span>}
                  <p className="plan-price">
                    {t('perInterval', {
                      price: formatMoney(plan.price, plan.currency, locale),
                      interval: t(plan.interval === 'year' ? 'year' : 'month'),
                    })}
                  </p>
                  <ul className="plan-limits">
                    {limits(plan).map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                  {paid ? (
                    <Link className={`button ${mine ? '' : 'primary'}`} to="/account/sub">
                      {mine ? t('manage') : t('switchPlan', { plan: plan.name })}
                    </Link>
                  ) : (
                    <button
                      type="button"
                      className="button primary"
                      onClick={() => subscribe(plan)}
                    >
                      {t('subscribe', { plan: plan.name })}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
          <p className="muted">
            {t('freeNote', { limits: limits(billing.value.free).join(', ') })}
          </p>
          {buying && (
            <CheckoutDialog billing={billing.value} plan={buying} onClose={() => setBuying(null)} />
          )}
        </>
      )}
    </div>
  );
}
