// The links between the account pages: settings, subscription, cards, invoices.
import { NavLink } from 'react-router';
import { useT } from '../../stores/i18n';
import { accountMessages } from './messages';

const PAGES = [
  { to: '/account', key: 'navSettings' },
  { to: '/account/sub', key: 'navSub' },
  { to: '/account/card', key: 'navCard' },
  { to: '/account/invoice', key: 'navInvoice' },
] as const;

export function AccountNav() {
  const t = useT(accountMessages);
  return (
    <nav className="account-nav" aria-label={t('accountNav')}>
      <ul>
        {PAGES.map((page) => (
          <li key={page.to}>
            <NavLink to={page.to} end>
              {t(page.key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
