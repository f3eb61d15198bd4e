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

export function useConfirmation(variant: LoanConfirmVariant, productId: string, silent: boolean) {
  return useApiQuery(callApi, loanConfirmCalls[variant].confirm, { productId }, { silent });
}

export function useContracts(variant: LoanConfirmVariant, productId: string, silent: boolean) {
  return useApiQuery(
    callApi,
    loanConfirmCalls[variant].contracts,
    { productId, scene: Defaults.contractScene },
    { silent },
  );
}

/** contract-jump with every field the spec lists: orderId is 0 until the page has an order. */
export function jumpToContract(
  variant: LoanConfirmVariant,
  request: { productId: string; position: number; orderId: string | null },
  silent: boolean,
) {
  return callApi(
    loanConfirmCalls[variant].jump,
    {
      productId: request.productId,
      scene: Defaults.contractScene,
      position: request.position,
      orderId: request.orderId ?? 0,
    },
    { silent },
  );
}

export function pushLoan(
  variant: LoanConfirmVariant,
  payload: RequestOf<typeof routes.loanDetailPush>,
  silent: boolean,
) {
  return callApi(loanConfirmCalls[variant].push, payload, { silent });
}
