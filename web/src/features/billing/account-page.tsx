// The frame of /account/sub, /account/card and /account/invoice: signed-in only (everyone
// else goes to `/`, as on /account), the title, the account pages' links, and the page's
// data loaded once with its loading and failed states.
import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Loading } from '../../components/loading';
import { useT } from '../../stores/i18n';
import { useSession } from '../../stores/session';
import { AccountNav } from '../../components/account/account-nav';
import '../../components/account/account.css';
import './billing.css';
import type { Loaded } from './billing';
import { billingMessages } from './messages';

export function AccountPage<T>(props: {
  title: string;
  pageTitle: string;
  data: Loaded<T>;
  children(value: T): ReactNode;
}) {
  const t = useT(billingMessages);
  const authenticated = useSession((s) => s.authenticated);
  const { pageTitle } = props;

  useEffect(() => {
    document.title = pageTitle;
  }, [pageTitle]);

  if (!authenticated) return <Navigate to="/" replace />;
  return (
    <div className="page account billing">
      <header className="account-header">
        <h1>{props.title}</h1>
      </header>
      <AccountNav />
      {props.data.status === 'loading' && <Loading />}
      {props.data.status === 'failed' && <p className="form-error">{t('loadFailed')}</p>}
      {props.data.status === 'ready' && props.children(props.data.value)}
    </div>
  );
}
