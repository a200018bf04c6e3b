// The routes of spec §2. Each screen is a lazily loaded module (a partial).
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { useSession, showToastAfterReload } from '../stores/session';
import { useUi } from '../stores/ui';
import { Layout } from './layout';
import { ErrorBoundary } from '../components/error-boundary';
import { Loading } from '../components/loading';
import { useUnsavedWarning } from './use-unsaved-warning';
import {
  Account,
  AccountCard,
  AccountInvoice,
  AccountSub,
  Analytics,
  Submissions,
  Calc,
  Embed,
  Forgot,
  Pricing,
  PricingFail,
  PricingPass,
  Privacy,
  Source,
  Terms,
  UserCalculators,
  Welcome,
} from './screens';

const AuthDialog = lazy(() => import('../partials/auth_dialog'));

function Screen({ children }: { children: React.ReactNode }) {
  return (
    <ErrorBoundary>
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

export function App() {
  const theme = useUi((s) => s.theme);
  const locale = useUi((s) => s.locale);
  const authDialog = useSession((s) => s.authDialog);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.lang = locale;
  }, [theme, locale]);

  useEffect(() => {
    try {
      showToastAfterReload();
    } catch {
      // Storage is denied in a third-party frame (an embed with third-party data blocked).
    }
    const session = useSession.getState();
    // Spec §4: the user is loaded at start only when the page data says signed in.
    if (session.authenticated) session.loadUser().catch(() => session.setUser(null));
  }, []);

  useUnsavedWarning();

  return (
    <>
      <Routes>
        <Route
          path="/embed/:calcId"
          element={
            <Screen>
              <Embed />
            </Screen>
          }
        />
        <Route element={<Layout />}>
          <Route
            path="/"
            element={
              <Screen>
                <Welcome />
              </Screen>
            }
          />
          <Route
            path="/source/:calcId"
            element={
              <Screen>
                <Source />
              </Screen>
            }
          />
          <Route
            path="/calc/:calcId"
            element={
              <Screen>
                <Calc />
              </Screen>
            }
          />
          <Route
            path="/account"
            element={
              <Screen>
                <Account />
              </Screen>
            }
          />
          <Route
            path="/account/sub"
            element={
              <Screen>
                <AccountSub />
              </Screen>
            }
          />
          <Route
            path="/account/card"
            element={
              <Screen>
                <AccountCard />
              </Screen>
            }
          />
          <Route
            path="/account/invoice"
            element={
              <Screen>
                <AccountInvoice />
              </Screen>
            }
          />
          <Route
            path="/pricing"
            element={
              <Screen>
                <Pricing />
              </Screen>
            }
          />
          <Route
            path="/pricing_pass"
            element={
              <Screen>
                <PricingPass />
              </Screen>
            }
          />
          <Route
            path="/pricing_fail"
            element={
              <Screen>
                <PricingFail />
              </Screen>
            }
          />
          <Route
            path="/analytics/:calcId"
            element={
              <Screen>
                <Analytics />
              </Screen>
            }
          />
          <Route
            path="/submissions/:calcId"
            element={
              <Screen>
                <Submissions />
              </Screen>
            }
          />
          <Route
            path="/user/calculators"
            element={
              <Screen>
                <UserCalculators />
              </Screen>
            }
          />
          <Route
            path="/forgot"
            element={
              <Screen>
                <Forgot />
              </Screen>
            }
          />
          <Route
            path="/terms"
            element={
              <Screen>
                <Terms />
              </Screen>
            }
          />
          <Route
            path="/privacy"
            element={
              <Screen>
                <Privacy />
              </Screen>
            }
          />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
      {authDialog && (
        <Suspense fallback={null}>
          <AuthDialog />
        </Suspense>
      )}
    </>
  );
}
