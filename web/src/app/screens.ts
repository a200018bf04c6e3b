// Each screen is a lazily loaded module (a partial). The screen of the page being opened
// is loaded before the first render, so it appears without a loading state (React holds
// a revealed fallback for 300 ms, which would delay a published calculator's outputs).
import { createElement, lazy, type ComponentType } from 'react';

type Loader = () => Promise<{ default: ComponentType }>;

export interface Screen {
  (): React.ReactElement;
  /** Loads the module now; later renders use it directly. */
  preload(): Promise<void>;
}

function screen(load: Loader): Screen {
  let loaded: ComponentType | null = null;
  const Lazy = lazy(load);
  const Component = (() => (loaded ? createElement(loaded) : createElement(Lazy))) as Screen;
  Component.preload = () =>
    load().then((module) => {
      loaded = module.default;
    });
  return Component;
}

export const Welcome = screen(() => import('../partials/welcome'));
export const Source = screen(() => import('../partials/source'));
export const Calc = screen(() => import('../partials/calc'));
export const Embed = screen(() => import('../partials/embed'));
export const Account = screen(() => import('../partials/account'));
export const Analytics = screen(() => import('../partials/analytics'));
export const Submissions = screen(() => import('../partials/submissions'));
export const AccountSub = screen(() => import('../partials/account_sub'));
export const AccountCard = screen(() => import('../partials/account_card'));
export const AccountInvoice = screen(() => import('../partials/account_invoice'));
export const Pricing = screen(() => import('../partials/pricing'));
export const PricingPass = screen(() => import('../partials/pricing_pass'));
export const PricingFail = screen(() => import('../partials/pricing_fail'));
export const Forgot = screen(() => import('../partials/forgot'));
export const UserCalculators = screen(() => import('../partials/user_calculators'));
export const Terms = screen(() => import('../partials/terms'));
export const Privacy = screen(() => import('../partials/privacy'));

/** The screen a path opens (the routes in app.tsx), if any. */
export function screenFor(path: string): Screen | null {
  if (path === '/') return Welcome;
  if (path.startsWith('/source/')) return Source;
  if (path.startsWith('/calc/')) return Calc;
  if (path.startsWith('/embed/')) return Embed;
  if (path.startsWith('/submissions/')) return Submissions;
  if (path === '/account') return Account;
  if (path === '/account/sub') return AccountSub;
  if (path === '/account/card') return AccountCard;
  if (path === '/account/invoice') return AccountInvoice;
  if (path === '/pricing') return Pricing;
  if (path === '/pricing_pass') return PricingPass;
  if (path === '/pricing_fail') return PricingFail;
  if (path === '/forgot') return Forgot;
  if (path === '/user/calculators') return UserCalculators;
  if (path === '/terms') return Terms;
  if (path === '/privacy') return Privacy;
  return null;
}
