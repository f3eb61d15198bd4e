import type { Deps } from '../../lib/deps.ts';
import { chargeFor, postPayment, type PostingOutcome } from '../payments/index.ts';
import { findOrderAccount } from '../orders/index.ts';
import type { CardDebitResult } from './card-debit.ts';

export interface RepaymentOwed {
  orderId: number;
  productId: number;
  orderNo: string;
  externalRepayUrl: string;
  /** What a repayment charges now (the payments' own figure), 0 when nothing is to be paid. */
  amount: number;
}

/** The borrower's order and what a repayment of it charges now; null for a missing or foreign order. */
export async function repaymentOwed(
  deps: Pick<Deps, 'db'>,
  borrowerId: number,
  orderId: number,
): Promise<RepaymentOwed | null> {
  const account = await findOrderAccount(deps.db, { orderId, borrowerId });
  if (!account) return null;
  return {
    orderId: account.order.id,
    productId: account.order.product_id,
    orderNo: account.order.order_no,
    externalRepayUrl: account.product.external_repay_url,
    amount: chargeFor(account, 'repayment')?.amount ?? 0,
  };
}

/** The card provider's word on the debit, through the one posting (idempotent per provider and txnid). */
export async function postCardDebit(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'metrics'>,
  input: { provider: string; txnid: string; state: CardDebitResult },
): Promise<PostingOutcome> {
  const { outcome } = await postPayment(deps, {
    provider: input.provider,
    txnid: input.txnid,
    state: { status: input.state.status, amount: input.state.amount, refNo: input.state.refNo },
  });
  return outcome;
}
