import { routes } from '@kwarta/contract';
import { callApi } from '../../../lib/borrower-api.ts';
import type { RequestOf } from '../../../lib/api-client.ts';
import { useApiQuery } from '../../../lib/use-api.ts';

/**
 * repayment-way (preloaded by the server, page-loads.ts): failures say '查询卡列表失败' (spec §8)
 * instead of the server's text, so the call itself is silent and the page toasts.
 */
export function useRepaymentWay(orderId: string, amount: string | null) {
  return useApiQuery(callApi, routes.repaymentWay, amount ? { orderId, amount } : { orderId }, {
    silent: true,
  });
}

/** repayment-commit: sendMsg 0 commits and sends the code, 1 resends it; refusals toast (800005, limits). */
export function commitRepayment(payload: RequestOf<typeof routes.repaymentCommit>) {
  return callApi(routes.repaymentCommit, payload);
}

/** repayment-confirm: 800006 and other refusals toast the server's message. */
export function confirmRepayment(payload: RequestOf<typeof routes.repaymentConfirm>) {
  return callApi(routes.repaymentConfirm, payload);
}

/** repayment-huichao: the page to repay online instead. */
export function onlineRepayment(payload: RequestOf<typeof routes.repaymentHuichao>) {
  return callApi(routes.repaymentHuichao, payload);
}
