import { routes } from '@kwarta/contract';
import { useApiQuery } from '../../../lib/use-api.ts';
import { callApi } from '../../../lib/borrower-api.ts';

/** Spec §7 card-init: the form items for the product (preloaded by the server, page-loads.ts). */
export function useCardInit(productId: string) {
  return useApiQuery(callApi, routes.cardInit, { product_id: productId });
}
