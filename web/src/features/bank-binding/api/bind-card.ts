import { routes } from '@kwarta/contract';
import { callApi } from '../../../lib/borrower-api.ts';
import type { RequestOf } from '../../../lib/api-client.ts';

export type BindCardPayload = RequestOf<typeof routes.bindCardNew>;

/** Spec §7 bind-card-new: the filled fields by code plus product_id; a refusal toasts the server's message. */
export function bindCard(payload: BindCardPayload) {
  return callApi(routes.bindCardNew, payload);
}
