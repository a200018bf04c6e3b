// The server's billing API (docs/billing.md) as the billing screens use it: the wire
// types, the calls, the billing settings (`GET /api/billing`, read once per page) and how
// amounts and dates are shown.
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';
import type { Answer, Body, Narrow, Schemas } from '../../lib/api/wire';
import type { Locale } from '../../stores/ui';

/** The plans sold here (the document says only `string`). */
export type PlanId = 'regular' | 'premium';

export type Plan = Narrow<Schemas['PlanOnSale'], { id: PlanId }>;

export type BillingInfo = Narrow<
  Answer<'/api/billing', 'get'>,
  { mode: 'sandbox' | 'live'; plans: Plan[] }
>;

export type Card = Schemas['Card'];

export type Subscription = Narrow<Schemas['Subscription'], { plan: PlanId }>;

export type Invoice = Schemas['Invoice'];

type Checkout<S> = Extract<Schemas['CheckoutAnswer'], { status: S }>;

/** What `POST /api/checkout` and `/api/checkout/complete` answer with 200, by `status`. */
export type CheckoutAnswer =
  | Narrow<Checkout<'succeeded'>, { subscription?: Subscription | null }>
  | Checkout<'requires_action'>;

export const SUPPORT_URL_DEFAULT = 'mailto:support@calcsmith.app';

let cache: Promise<BillingInfo> | null = null;

/** The billing settings, fetched once per page. */
export function loadBilling(): Promise<BillingInfo> {
  cache ??= api.get<BillingInfo>('/api/billing').catch((error: unknown) => {
    cache = null;
    throw error;
  });
  return cache;
}

/** For tests: forget the settings read so far. */
export function forgetBilling(): void {
  cache = null;
}

export type Loaded<T> =
  { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed' };

/** Runs `load` once on mount; the answer, or that it failed. */
export function useLoaded<T>(load: () => Promise<T>): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    load().then(
      (value) => live && setState({ status: 'ready', value }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
    // Loaded once: `load` is a module function or a fresh closure of constants.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return state;
}

export const useBilling = () => useLoaded(loadBilling);

/** Statuses in which a subscription still holds its plan (and renews, unless cancelled). */
export const LIVE_STATUSES = ['active', 'trialing', 'past_due'];

export const billingApi = {
  subscription: () =>
    api
      .put<Narrow<Answer<'/api/account/sub', 'put'>, { data: Subscription | null }>>(
        '/api/account/sub',
      )
      .then((answer) => answer.data),
  cancel: (subId: string) =>
    api.delete<Narrow<Answer<'/api/account/sub/{id}', 'delete'>, { data: Subscription }>>(
      `/api/account/sub/${encodeURIComponent(subId)}`,
    ),
  resume: (subId: string) =>
    api.post<Narrow<Answer<'/api/account/sub/{id}/resume', 'post'>, { data: Subscription }>>(
      `/api/account/sub/${encodeURIComponent(subId)}/resume`,
    ),
  preview: (subId: string, plan: PlanId) =>
    api.post<Answer<'/api/account/sub/{id}/preview', 'post'>>(
      `/api/account/sub/${encodeURIComponent(subId)}/preview`,
      { plan } satisfies Body<'/api/account/sub/{id}/preview', 'post'>,
    ),
  switchPlan: (subId: string, plan: PlanId) =>
    api.post<Narrow<Answer<'/api/account/sub/{id}/plan', 'post'>, { data: Subscription }>>(
      `/api/account/sub/${encodeURIComponent(subId)}/plan`,
      { plan } satisfies Body<'/api/account/sub/{id}/plan', 'post'>,
    ),
  cards: () =>
    api.get<Answer<'/api/account/card', 'get'>>('/api/account/card').then((answer) => answer.data),
  editCard: (cardId: string, exp_month: number, exp_year: number) =>
    api.post<Answer<'/api/account/card', 'post'>>('/api/account/card', {
      cardId,
      exp_month,
      exp_year,
    } satisfies Body<'/api/account/card', 'post'>),
  makeDefault: (cardId: string) =>
    api.post<Answer<'/api/account/card/{id}', 'post'>>(
      `/api/account/card/${encodeURIComponent(cardId)}`,
    ),
  deleteCard: (cardId: string) =>
    api.delete<Answer<'/api/account/card/{id}', 'delete'>>(
      `/api/account/card/${encodeURIComponent(cardId)}`,
    ),
  invoices: () =>
    api
      .get<Answer<'/api/account/invoice', 'get'>>('/api/account/invoice')
      .then((answer) => answer.data),
  checkout: (customerId: string | null, plan: PlanId | null, paymentMethod: string) => {
    const body: Body<'/api/checkout', 'post'> = plan
      ? { customerId, plan, paymentMethod }
      : { customerId, paymentMethod };
    return api.post<CheckoutAnswer>('/api/checkout', body);
  },
  complete: (intentId: string) =>
    api.post<CheckoutAnswer>('/api/checkout/complete', {
      intentId,
    } satisfies Body<'/api/checkout/complete', 'post'>),
};

/** An amount in cents as money in the interface language: $9.90. */
export function formatMoney(cents: number, currency: string, locale: Locale): string {
  return new Intl.NumberFormat(locale === 'ru' ? 'ru-RU' : 'en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(cents / 100);
}

/** A date given in unix seconds, in the interface language: November 26, 2026. */
export function formatDate(seconds: number, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'ru' ? 'ru-RU' : 'en-US', {
    dateStyle: 'long',
  }).format(new Date(seconds * 1000));
}

/** A card's expiry as MM/YYYY. */
export const expiry = (card: Pick<Card, 'exp_month' | 'exp_year'>) =>
  `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;

/** Stripe's brand ids as people write them. */
export function brandName(brand: string): string {
  const names: Record<string, string> = {
    visa: 'Visa',
    mastercard: 'Mastercard',
    amex: 'American Express',
    discover: 'Discover',
    diners: 'Diners Club',
    jcb: 'JCB',
    unionpay: 'UnionPay',
  };
  return names[brand.toLowerCase()] ?? brand;
}
