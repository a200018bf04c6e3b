// The global layout (spec §2): a header, the side navigation and the toasts.
import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useT } from '../stores/i18n';
import { loadPage } from '../lib/navigation';
import { useNewCalculator } from '../stores/new-calculator';
import { forgetAllCalcs } from '../lib/offline/saved-calcs';
import { unsavedCalcs, useCalcs } from '../stores/calcs';
import { useSession } from '../stores/session';
import { useUi } from '../stores/ui';
import { appMessages } from './messages';
import { Toasts } from '../components/toasts';
import { Menu } from '../components/menu';
import { NavList } from './nav-list';

/** Wide layout threshold (spec §9). */
export const WIDE_PX = 1200;

function useWide(): boolean {
  const query = `(min-width: ${WIDE_PX}px)`;
  const [wide, setWide] = useState(() => matchMedia(query).matches);
  useEffect(() => {
    const media = matchMedia(query);
    const update = () => setWide(media.matches);
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, [query]);
  return wide;
}

export function Layout() {
  const t = useT(appMessages);
  const location = useLocation();
  const wide = useWide();
  const navOpen = useUi((s) => s.navOpen);
  const setNavOpen = useUi((s) => s.setNavOpen);
  const locked = wide && !location.pathname.startsWith('/calc/');
  const shown = locked || navOpen;

  // Spec §2: "New" closes the navigation, makes a draft and opens it.
  const newCalculator = useNewCalculator();
  const createNew = () => {
    setNavOpen(false);
    newCalculator();
  };

  useEffect(() => {
    if (!navOpen || locked) return;
    const close = (event: KeyboardEvent) => event.key === 'Escape' && setNavOpen(false);
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [navOpen, locked, setNavOpen]);

  return (
    <div className={`app ${locked ? 'nav-locked' : ''}`}>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <Header
        locked={locked}
        onToggleNav={() => setNavOpen(!navOpen)}
        navOpen={shown}
        onNew={createNew}
      />
      <div className="app-body">
        {shown && (
          <>
            {!locked && (
              <div className="nav-backdrop" aria-hidden="true" onClick={() => setNavOpen(false)} />
            )}
            <nav id="side-nav" className="side-nav" aria-label={t('navigation')}>
              <button type="button" className="button primary wide" onClick={createNew}>
                + {t('newCalculator')}
              </button>
              <NavList onPick={() => !locked && setNavOpen(false)} />
              <div className="nav-footer">
                <Link to="/terms" onClick={() => !locked && setNavOpen(false)}>
                  {t('terms')}
                </Link>
                <Link to="/privacy" onClick={() => !locked && setNavOpen(false)}>
                  {t('privacy')}
                </Link>
              </div>
            </nav>
          </>
        )}
        <main id="main" className="main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      <Toasts />
    </div>
  );
}

function Header(props: { locked: boolean; navOpen: boolean; onToggleNav(): void; onNew(): void }) {
  const t = useT(appMessages);
  const locale = useUi((s) => s.locale);
  const setLocale = useUi((s) => s.setLocale);
  const theme = useUi((s) => s.theme);
  const setTheme = useUi((s) => s.setTheme);
  const user = useSession((s) => s.user);
  const authenticated = useSession((s) => s.authenticated);
  const openAuthDialog = useSession((s) => s.openAuthDialog);
  const navigate = useNavigate();

  const signOut = () => {
    const unsaved = unsavedCalcs(useCalcs.getState()).length;
    if (unsaved > 0 && !window.confirm(t('unsavedWarning'))) return;
    useCalcs.getState().forgetAccountCalcs();
    // The next person at this device finds no calculators saved for offline use; the
    // sign-out goes ahead even if the browser cannot say it forgot them.
    const forgotten = forgetAllCalcs().catch(() => {});
    // Asked above already: the page's own warning would ask twice.
    void forgotten.then(() => loadPage('/api/logout'));
  };

  return (
    <header className="app-header">
      {!props.locked && (
        <button
          type="button"
          className="icon-button"
          aria-label={props.navOpen ? t('closeMenu') : t('menu')}
          aria-expanded={props.navOpen}
          aria-controls="side-nav"
          onClick={props.onToggleNav}
        >
          <span aria-hidden="true">☰</span>
        </button>
      )}
      <Link to="/" className="brand">
        <img src="/img/icons/logo.svg" alt="" width="24" height="24" />
        <span className="brand-name">Calcsmith</span>
      </Link>
      <span className="spacer" />
      <label className="visually-hidden" htmlFor="language">
        {t('language')}
      </label>
      <select
        id="language"
        className="select compact"
        value={locale}
        onChange={(event) => setLocale(event.target.value as 'en' | 'ru')}
      >
        <option value="en">English</option>
        <option value="ru">Русский</option>
      </select>
      <button
        type="button"
        className="icon-button"
        aria-label={theme === 'dark' ? t('themeLight') : t('themeDark')}
        title={theme === 'dark' ? t('themeLight') : t('themeDark')}
        onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
      >
        <span aria-hidden="true">{theme === 'dark' ? '☀' : '☾'}</span>
      </button>
      {authenticated ? (
        <Menu label={user?.name || user?.email || t('account')} ariaLabel={t('userMenu')}>
          {(close) => (
            <>
              <button
                type="button"
                role="menuitem"
                onClick={() => (close(), navigate('/user/calculators'))}
              >
                {t('myCalculators')}
              </button>
              <button type="button" role="menuitem" onClick={() => (close(), navigate('/account'))}>
                {t('account')}
              </button>
              <button type="button" role="menuitem" onClick={() => (close(), signOut())}>
                {t('signOut')}
              </button>
            </>
          )}
        </Menu>
      ) : (
        <button type="button" className="button" onClick={() => openAuthDialog('signin')}>
          {t('signIn')}
        </button>
      )}
    </header>
  );
}
