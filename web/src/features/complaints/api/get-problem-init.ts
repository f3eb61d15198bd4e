import { routes } from '@kwarta/contract';
import { callApi } from '../../../lib/api-client.ts';

/** Spec §7 problem-init: with orderId that order is the card; without (the second variant) the latest. */
export function getProblemInit(orderId: string | null, signal?: AbortSignal) {
  return callApi(routes.problemInit, orderId ? { orderId } : {}, { signal });
}
