// /pricing_pass and /pricing_fail (spec §2, §9): what came of a checkout, then after 5000 ms
// on to the subscription (passed) or to support (failed, with the reason).
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useT } from '../../stores/i18n';
import { loadPage } from '../../lib/navigation';
import '../../components/account/account.css';
import './billing.css';
import { SUPPORT_URL_DEFAULT, useBilling } from './billing';
import { billingMessages } from './messages';

/** How long the result shows before moving on (spec §9). */
export const REDIRECT_MS = 5000;

function useTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

export function PricingPass() {
  const t = useT(billingMessages);
  const navigate = useNavigate();
  useTitle(t('passPageTitle'));
  useEffect(() => {
    const timer = setTimeout(() => navigate('/account/sub', { replace: true }), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div className="page billing">
      <section className="account-card result-card" aria-labelledby="result-title">
        <h1 id="result-title">{t('passTitle')}</h1>
        <p>{t('passText')}</p>
        <p className="muted">{t('passRedirect')}</p>
        <Link className="button primary" to="/account/sub" replace>
          {t('goNow')}
        </Link>
      </section>
    </div>
  );
}

export function PricingFail() {
  const t = useT(billingMessages);
  const [params] = useSearchParams();
  const billing = useBilling();
  const reason = params.get('reason') || t('failUnknown');
  const support =
    billing.status === 'ready' ? billing.value.supportUrl || SUPPORT_URL_DEFAULT : null;
  useTitle(t('failPageTitle'));
  useEffect(() => {
    if (support === null && billing.status !== 'failed') return;
    const timer = setTimeout(() => loadPage(support ?? SUPPORT_URL_DEFAULT), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [support, billing.status]);
  return (
    <div className="page billing">
      <section className="account-card result-card" aria-labelledby="result-title">
        <h1 id="result-title">{t('failTitle')}</h1>
        <p className="form-error">{t('failReason', { reason })}</p>
        <p className="muted">{t('failRedirect')}</p>
        <div className="form-footer">
          <a className="button primary" href={support ?? SUPPORT_URL_DEFAULT}>
            {t('contactSupport')}
          </a>
          <Link className="button" to="/pricing">
            {t('backToPlans')}
          </Link>
        </div>
      </section>
    </div>
  );
}
