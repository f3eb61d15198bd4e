import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../lib/deps.ts';
import { chargeFor, postPayment, type PostingOutcome } from '../payments/index.ts';
import { findOrderAccount } from '../orders/index.ts';
import type { CardDebitResult } from './card-debit.ts';

/** The channel a card debit's payment is recorded under (payments.channel). */
export const CARD_CHANNEL = 'card';
/** How long a card payment may stay pending before reconciliation expires it. */
const CARD_PAYMENT_EXPIRY_MS = 30 * 60_000;

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
  const product = await deps.db
    .selectFrom('products')
    .select('external_repay_url')
    .where('id', '=', account.order.product_id)
    .executeTakeFirstOrThrow();
  return {
    orderId: account.order.id,
    productId: account.order.product_id,
    orderNo: account.order.order_no,
    externalRepayUrl: product.external_repay_url,
    amount: chargeFor(account, 'repayment')?.amount ?? 0,
  };
}

/**
 * The card debit as a provider payment (D8): pending, our own amount expected, under the card
 * provider's name and our txnid. Call inside the transaction that claims the repayment.
 */
export async function openCardPayment(
  trx: Kysely<Database>,
  input: { provider: string; txnid: string; borrowerId: number; orderId: number; amount: number; now: Date },
): Promise<void> {
  const at = input.now.toISOString();
  await trx
    .insertInto('payments')
    .values({
      provider: input.provider,
      txnid: input.txnid,
      order_id: input.orderId,
      borrower_id: input.borrowerId,
      kind: 'repayment',
      expected_amount: input.amount,
      received_amount: null,
      channel: CARD_CHANNEL,
      status: 'pending',
      extension_days: null,
      open_key: null,
      expires_at: new Date(input.now.getTime() + CARD_PAYMENT_EXPIRY_MS).toISOString(),
      created_at: at,
      updated_at: at,
      paid_at: null,
    })
    .execute();
}

/** The card provider's word on the debit, through the one posting (idempotent per provider and txnid). */
export async function postCardDebit(
  deps: Pick<Deps, 'db' | 'clock'>,
  input: { provider: string; txnid: string; state: CardDebitResult },
): Promise<PostingOutcome> {
  const { outcome } = await postPayment(deps, {
    provider: input.provider,
    txnid: input.txnid,
    state: { status: input.state.status, amount: input.state.amount, refNo: input.state.refNo },
  });
  return outcome;
}
