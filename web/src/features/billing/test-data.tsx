// What the billing tests' fake server answers (docs/billing.md's shapes).
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { json, stubFetch, type FetchCall } from '../../testing/fetch';
import type { User } from '../../lib/types';
import type { BillingInfo, Card, Subscription } from './billing';

export const ann: User = {
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone: '+33 1 23 45 67 89',
  address: '1 Rue de Rivoli',
  zipcode: '75001',
  city: 'Paris',
  state: '',
  country: 'FR',
  customerId: 'cus_ann',
  plan: 'free',
  calcs: [],
};

export const sandboxBilling: BillingInfo = {
  mode: 'sandbox',
  publishableKey: 'pk_test_sandbox_1',
  sandboxUrl: '/stripe-sandbox',
  supportUrl: 'mailto:help@example.com',
  plans: [
    {
      id: 'regular',
      name: 'Regular',
      price: 990,
      currency: 'usd',
      interval: 'month',
      maxCalculators: 50,
      allowsPrivate: true,
      monthlySubmissions: 1000,
      webhookEndpoints: 5,
    },
    {
      id: 'premium',
      name: 'Premium',
      price: 4990,
      currency: 'usd',
      interval: 'month',
      maxCalculators: null,
      allowsPrivate: true,
      monthlySubmissions: null,
      webhookEndpoints: 20,
    },
  ],
  free: { maxCalculators: 5, allowsPrivate: false, monthlySubmissions: 100, webhookEndpoints: 1 },
};

export const visa: Card = {
  id: 'pm_visa',
  brand: 'visa',
  last4: '4242',
  exp_month: 12,
  exp_year: 2030,
  default: true,
};

export const mastercard: Card = {
  id: 'pm_mc',
  brand: 'mastercard',
  last4: '4444',
  exp_month: 3,
  exp_year: 2031,
  default: false,
};

export const regularSub: Subscription = {
  id: 'sub_1',
  plan: 'regular',
  status: 'active',
  price: 990,
  currency: 'usd',
  // 2026-12-26T12:00:00Z
  currentPeriodEnd: 1798286400,
  cancelAtPeriodEnd: false,
  defaultCard: visa,
};

/**
 * Renders `element` at `path` with a fake server: the country list and `GET /api/billing`
 * are answered here (`billing` null: a 500), everything else by `respond`.
 */
export function showAt(
  path: string,
  element: ReactElement,
  respond: (call: FetchCall) => Response | Promise<Response>,
  billing: BillingInfo | null = sandboxBilling,
) {
  const server = stubFetch(async (call) => {
    if (call.path === '/txt/countries.txt') {
      return new Response('FR:France\nDE:Germany\n', { status: 200 });
    }
    if (call.path === '/api/billing') return billing ? json(200, billing) : json(500);
    return respond(call);
  });
  const route = path.split('?')[0];
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {['/', '/account/sub', '/account/card', '/pricing']
          .filter((other) => other !== route)
          .map((other) => (
            <Route key={other} path={other} element={<p>At {other}</p>} />
          ))}
        <Route path={route} element={element} />
      </Routes>
    </MemoryRouter>,
  );
  return { ...server, user: userEvent.setup() };
}
