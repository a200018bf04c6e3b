// The side navigation's calculators (spec §2): drafts, each with a button that discards it
// (with an undo), then the saved ones.
import { NavLink, useLocation, useNavigate } from 'react-router';
import { useT } from '../lib/i18n';
import { useCalcs } from '../stores/calcs';
import { toast } from '../stores/ui';
import { appMessages } from './messages';
import { useNavItems, type NavItem } from './nav-items';

/** `onPick` runs when a calculator is picked (the unlocked navigation closes). */
export function NavList({ onPick }: { onPick(): void }) {
  const t = useT(appMessages);
  const { drafts, saved } = useNavItems();
  const location = useLocation();
  const navigate = useNavigate();

  const discard = (item: NavItem) => {
    const path = `/source/${item.id}`;
    const open = location.pathname === path;
    const undo = useCalcs.getState().discard(item.id);
    if (open) navigate('/');
    toast(t('draftDiscarded'), {
      label: t('undo'),
      run: () => {
        undo();
        if (open) navigate(path);
      },
    });
  };

  const link = (item: NavItem) => (
    <NavLink
      to={`/source/${item.id}`}
      onClick={onPick}
      className={({ isActive }) => (isActive ? 'active' : '')}
    >
      {item.label}
    </NavLink>
  );

  if (drafts.length === 0 && saved.length === 0) {
    return <p className="nav-list muted">{t('noCalculators')}</p>;
  }
  return (
    <div className="nav-list">
      {drafts.length > 0 && (
        <section aria-labelledby="nav-drafts">
          <h2 id="nav-drafts" className="nav-heading">
            {t('drafts')}
          </h2>
          <ul>
            {drafts.map((item) => (
              <li key={item.id} className="nav-draft">
                {link(item)}
                <button
                  type="button"
                  className="icon-button nav-discard"
                  aria-label={t('discardDraft', { name: item.name })}
                  title={t('discardDraft', { name: item.name })}
                  onClick={() => discard(item)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {saved.length > 0 && (
        <section aria-labelledby="nav-saved">
          <h2 id="nav-saved" className="nav-heading">
            {t('savedCalculators')}
          </h2>
          <ul>
            {saved.map((item) => (
              <li key={item.id}>{link(item)}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
