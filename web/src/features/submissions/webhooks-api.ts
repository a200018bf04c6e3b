// The webhooks API of a calculator (issue 29's contract, owner only): endpoints, their
// secrets (shown on creation and rotation only), a test event, and each endpoint's
// deliveries with their attempts.
import { api } from '../../lib/api';
import type { Schemas } from '../../lib/api/wire';

/** One endpoint as the list shows it. */
export interface Webhook {
  id: string;
  url: string;
  enabled: boolean;
  created_at: number | string;
  failing_since?: number | string | null;
  disabled_reason?: string | null;
}

export interface WebhookList {
  data: Webhook[];
  /** Endpoints the account's plan allows, and has, across all its calculators. */
  limit: number;
  used: number;
}

/** One attempt at a delivery. */
export interface Attempt {
  at: number | string;
  status?: number | null;
  duration_ms?: number | null;
  response_excerpt?: string | null;
  error?: string | null;
}

export interface Delivery {
  id: string;
  event: string;
  submission_id?: string | null;
  state: 'pending' | 'delivered' | 'failed';
  attempts: Attempt[];
  next_attempt_at?: number | string | null;
  created_at: number | string;
}

export interface DeliveryPage {
  data: Delivery[];
  paging: Schemas['Paging'];
}

const base = (calcId: string) => `/api/calc/${encodeURIComponent(calcId)}/webhooks`;
const one = (calcId: string, id: string) => `${base(calcId)}/${encodeURIComponent(id)}`;

export const webhooksApi = {
  list: (calcId: string, signal?: AbortSignal) => api.get<WebhookList>(base(calcId), { signal }),
  add: (calcId: string, url: string) =>
    api.post<Webhook & { secret: string }>(base(calcId), { url }),
  remove: (calcId: string, id: string) => api.delete<unknown>(one(calcId, id)),
  rotate: (calcId: string, id: string) => api.post<{ secret: string }>(`${one(calcId, id)}/secret`),
  enable: (calcId: string, id: string) => api.post<unknown>(`${one(calcId, id)}/enable`),
  test: (calcId: string, id: string) => api.post<{ id: string }>(`${one(calcId, id)}/test`),
  deliveries: (calcId: string, id: string, page: number, signal?: AbortSignal) =>
    api.get<DeliveryPage>(`${one(calcId, id)}/deliveries?page=${page}`, { signal }),
  redeliver: (calcId: string, id: string, delivery: string) =>
    api.post<{ id: string }>(
      `${one(calcId, id)}/deliveries/${encodeURIComponent(delivery)}/redeliver`,
    ),
};

/** A time the API gives (unix milliseconds, or an ISO 8601 text) as a Date. */
export function dateOf(time: number | string): Date {
  return new Date(time);
}
