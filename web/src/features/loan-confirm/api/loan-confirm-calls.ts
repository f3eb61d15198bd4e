import { Defaults, routes } from '@kwarta/contract';
import { callApi } from '../../../lib/borrower-api.ts';
import type { RequestOf } from '../../../lib/api-client.ts';
import { useApiQuery } from '../../../lib/use-api.ts';

/**
 * The four calls of each variant (spec §7): variant 2 goes through /gopia/goya, whose disguised
 * keys the client reads back through the route's wire map (D6), so the page sees one shape.
 */
export const loanConfirmCalls = {
  plain: {
    confirm: routes.loanDetailConfirm,
    contracts: routes.contractList,
    jump: routes.contractJump,
    push: routes.loanDetailPush,
  },
  goya: {
    confirm: routes.goyaConfirm,
    contracts: routes.goyaContractList,
    jump: routes.goyaContractJump,
    push: routes.goyaPush,
  },
} as const;

export type LoanConfirmVariant = keyof typeof loanConfirmCalls;

// Every call is silent: the page says a refusal in place (loan-confirm-view.tsx), once.

export function useConfirmation(variant: LoanConfirmVariant, productId: string) {
  return useApiQuery(callApi, loanConfirmCalls[variant].confirm, { productId }, { silent: true });
}

export function useContracts(variant: LoanConfirmVariant, productId: string) {
  return useApiQuery(
    callApi,
    loanConfirmCalls[variant].contracts,
    { productId, scene: Defaults.contractScene },
    { silent: true },
  );
}

/**
 * contract-jump of the offer being confirmed, with every field the spec lists: orderId is 0, as
 * the order does not exist yet; the offer's amount and term (ours) make the documents its own.
 */
export function jumpToContract(
  variant: LoanConfirmVariant,
  request: { productId: string; position: number; amount: number; term: number },
) {
  return callApi(
    loanConfirmCalls[variant].jump,
    {
      productId: request.productId,
      scene: Defaults.contractScene,
      position: request.position,
      orderId: 0,
      amount: request.amount,
      term: request.term,
    },
    { silent: true },
  );
}

export function pushLoan(variant: LoanConfirmVariant, payload: RequestOf<typeof routes.loanDetailPush>) {
  return callApi(loanConfirmCalls[variant].push, payload, { silent: true });
}
