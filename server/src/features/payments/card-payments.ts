import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The channel a card debit's payment is recorded under (payments.channel). */
const CARD_CHANNEL = 'card';
/** How long a card payment may stay pending before reconciliation expires it. */
const CARD_PAYMENT_EXPIRY_MS = 30 * 60_000;

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
