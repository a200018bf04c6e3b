// The webhooks API of a calculator (issue 29's contract, owner only; the types are the
// server's, from schema.d.ts): endpoints, their secrets (shown on creation and rotation
// only), a test event, and each endpoint's deliveries with their attempts.
import { api } from '../../lib/api';
import type { Answer, Schemas } from '../../lib/api/wire';

/** One endpoint as the list shows it (never its secret). */
export type Webhook = Schemas['EndpointView'];

/** The calculator's endpoints, and those the account's plan allows and has in all. */
export type WebhookList = Answer<'/api/calc/{id}/webhooks', 'get'>;

/** One delivery in an endpoint's log, with its attempts (oldest first). */
export type Delivery = Schemas['DeliveryView'];

export type DeliveryPage = Answer<'/api/calc/{id}/webhooks/{wid}/deliveries', 'get'>;

const base = (calcId: string) => `/api/calc/${encodeURIComponent(calcId)}/webhooks`;
const one = (calcId: string, id: string) => `${base(calcId)}/${encodeURIComponent(id)}`;

export const webhooksApi = {
  list: (calcId: string, signal?: AbortSignal) => api.get<WebhookList>(base(calcId), { signal }),
  add: (calcId: string, url: string) => api.post<Schemas['CreatedEndpoint']>(base(calcId), { url }),
  remove: (calcId: string, id: string) =>
    api.delete<Answer<'/api/calc/{id}/webhooks/{wid}', 'delete'>>(one(calcId, id)),
  rotate: (calcId: string, id: string) =>
    api.post<Answer<'/api/calc/{id}/webhooks/{wid}/secret', 'post'>>(`${one(calcId, id)}/secret`),
  enable: (calcId: string, id: string) =>
    api.post<Answer<'/api/calc/{id}/webhooks/{wid}/enable', 'post'>>(`${one(calcId, id)}/enable`),
  test: (calcId: string, id: string) =>
    api.post<Schemas['QueuedDelivery']>(`${one(calcId, id)}/test`),
  deliveries: (calcId: string, id: string, page: number, signal?: AbortSignal) =>
    api.get<DeliveryPage>(`${one(calcId, id)}/deliveries?page=${page}`, { signal }),
  redeliver: (calcId: string, id: string, delivery: string) =>
    api.post<Schemas['QueuedDelivery']>(
      `${one(calcId, id)}/deliveries/${encodeURIComponent(delivery)}/redeliver`,
    ),
};

/** A time the API gives (unix milliseconds) as a Date. */
export function dateOf(time: number): Date {
  return new Date(time);
}
