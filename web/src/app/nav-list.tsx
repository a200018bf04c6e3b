// The side navigation's calculators (spec §2): drafts, each with a button that discards it
// (with an undo), then the saved ones.
import { NavLink, useLocation, useNavigate } from 'react-router';
import { useT } from '../stores/i18n';
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
  const group = (id: string, title: string, items: NavItem[], draft: boolean) =>
    items.length > 0 && (
      <section aria-labelledby={id}>
        <h2 id={id} className="nav-heading">
          {title}
        </h2>
        <ul>
          {items.map((item) => (
            <li key={item.id} className={draft ? 'nav-draft' : undefined}>
              {link(item)}
              {draft && (
                <button
                  type="button"
                  className="icon-button nav-discard"
                  aria-label={t('discardDraft', { name: item.name })}
                  title={t('discardDraft', { name: item.name })}
                  onClick={() => discard(item)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      </section>
    );

  return (
    <div className="nav-list">
      {group('nav-drafts', t('drafts'), drafts, true)}
      {group('nav-saved', t('savedCalculators'), saved, false)}
    </div>
  );
}
