import { routes } from '@kwarta/contract';
import { useApiQuery } from '../../../lib/use-api.ts';
import { callApi } from '../../../lib/borrower-api.ts';

/** Spec §7 problem-init: with orderId that order is the card; without (the second variant) the latest. */
export function useProblemInit(orderId: string | null) {
  return useApiQuery(callApi, routes.problemInit, orderId ? { orderId } : {});
}
