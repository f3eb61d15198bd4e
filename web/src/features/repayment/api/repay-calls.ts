import { routes } from '@kwarta/contract';
import { callApi } from '../../../lib/borrower-api.ts';
import { useApiQuery } from '../../../lib/use-api.ts';

// Spec §8: repayment pages do nothing visible on failure (a dead session still goes to login).
export function useLoanPlayDetail(productId: string, orderId: string) {
  return useApiQuery(callApi, routes.loanPlayDetail, { productId, orderId }, { silent: true });
}

export function useEmphasisMiles(productId: string, orderId: string) {
  return useApiQuery(callApi, routes.emphasisMiles, { productId, orderId }, { silent: true });
}

/** generate-vcode: the amount is what the page shows; the server charges its own figure. */
export function generateVcode(params: {
  productId: string;
  orderId: string;
  amount: number;
  channelNumber: string;
  isDelay?: '1';
}) {
  return callApi(routes.generateVcode, params, { silent: true });
}
