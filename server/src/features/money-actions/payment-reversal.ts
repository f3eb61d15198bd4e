import {
  cashAccount,
  OrderStatus,
  paymentReversalEntry,
  unapplyAllocations,
  type Allocation,
} from '@kwarta/domain';
import { inTransaction } from '../../db/transaction.ts';
import { recordOrderPortfolio } from '../portfolio/index.ts';
import { postJournalEntry } from '../ledger/index.ts';
import { findOrderAccount, receivablesOwedBy } from '../orders/index.ts';
import { paymentPosting } from '../payments/index.ts';
import { checkReason, MoneyActionRefused, type MoneyActionDeps } from './money-action-refused.ts';
import { writeOrderBalance } from './order-balance-writes.ts';

/**
 * A paid repayment taken back (decision 0110): a provider's chargeback, money posted to the wrong
 * order. Under the order's row lock: the payment moves paid → reversed (a conditional update, so a
 * second reversal finds nothing to do and answers the first), what it paid is owed again
 * (unapplyAllocations), the order takes the status its plan now calls for — it may fall back to
 * overdue, a settled one back to owing — and one entry takes the money out of the account it came
 * into, the receivables back as the plan now says, and its credit out of the borrower's credit.
 */
export async function reversePayment(
  deps: MoneyActionDeps,
  actor: string,
  input: { paymentId: number; reason: string },
) {
  const reason = checkReason(input.reason);
  const now = deps.clock.now();
  return inTransaction(deps.db, async (trx) => {
    const found = await trx
      .selectFrom('payments')
      .select(['order_id'])
      .where('id', '=', input.paymentId)
      .executeTakeFirst();
    if (!found)
      throw new MoneyActionRefused(
        'moneyActionNotFound',
        { subject: `Payment ${input.paymentId}` },
        'not-found',
      );
    const account = (await findOrderAccount(trx, { orderId: found.order_id }, { lock: true }))!;
    const payment = await trx
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', input.paymentId)
      .executeTakeFirstOrThrow();
    if (payment.status === 'reversed') {
      const done = await trx
        .selectFrom('payment_reversals')
        .selectAll()
        .where('payment_id', '=', payment.id)
        .executeTakeFirstOrThrow();
      return { payment, order: account.order, reversal: done, applied: false as const };
    }
    if (payment.status !== 'paid' || payment.kind !== 'repayment') {
      throw new MoneyActionRefused('moneyActionPaymentNotReversible', {
        paymentId: payment.id,
        status: payment.status,
      });
    }
    const rows = await trx
      .selectFrom('payment_allocations')
      .select(['component', 'plan_seq', 'amount'])
      .where('payment_id', '=', payment.id)
      .orderBy('id')
      .execute();
    const allocations: Allocation[] = rows.flatMap((row) =>
      row.component === 'penalty' || row.component === 'interest' || row.component === 'principal'
        ? [{ component: row.component, seq: row.plan_seq, amount: row.amount }]
        : [],
    );
    const credit = rows.filter((row) => row.component === 'credit').reduce((sum, row) => sum + row.amount, 0);
    const allocated = allocations.reduce((sum, allocation) => sum + allocation.amount, 0);
    const after = unapplyAllocations(account.balance, allocations);
    const writtenOff =
      account.order.written_off_at !== null || account.order.status === OrderStatus.WrittenOff;
    const before = receivablesOwedBy(account);
    const afterReceivables = receivablesOwedBy({ order: account.order, balance: after });
    // On a written-off loan the journal holds no receivables: what the payment paid was a recovery.
    const zero = { principal: 0, interest: 0, fees: 0, penalty: 0 };
    const entry = paymentReversalEntry({
      source: cashAccount(payment.provider),
      before: writtenOff ? zero : before,
      after: writtenOff ? zero : afterReceivables,
      credit,
      recovery: writtenOff ? allocated : 0,
    });
    const moved = await trx
      .updateTable('payments')
      .set({ status: 'reversed', status_reason: reason.slice(0, 200), updated_at: now.toISOString() })
      .where('id', '=', payment.id)
      .where('status', '=', 'paid')
      .returningAll()
      .executeTakeFirstOrThrow();
    const order = await writeOrderBalance(trx, account, after, {
      by: 'reversal',
      actor,
      reason: `payment ${payment.id} reversed: ${reason}`,
      now,
      timeZone: deps.config.lenderTimeZone,
      paidDelta: -allocated,
    });
    await postJournalEntry(trx, entry, {
      ...paymentPosting(payment, 'reversed', now, deps.config.lenderTimeZone),
      memo: `reversed by ${actor}: ${reason}`,
    });
    // The portfolio's collected and outstanding figures follow the money, in this transaction (decision 0111).
    await recordOrderPortfolio(trx, payment.order_id, deps.config.lenderTimeZone);
    const reversal = {
      payment_id: payment.id,
      order_id: payment.order_id,
      amount: allocated + credit,
      credit_reversed: credit,
      reason,
      reversed_by: actor,
      created_at: now.toISOString(),
    };
    await trx.insertInto('payment_reversals').values(reversal).execute();
    return { payment: moved, order, reversal, applied: true as const };
  });
}

/** What reversing a payment would take back (its received amount) and its order, for the approval threshold. */
export async function reversibleAmount(db: MoneyActionDeps['db'], paymentId: number) {
  const payment = await db
    .selectFrom('payments')
    .select(['order_id', 'received_amount', 'expected_amount'])
    .where('id', '=', paymentId)
    .executeTakeFirst();
  if (!payment)
    throw new MoneyActionRefused('moneyActionNotFound', { subject: `Payment ${paymentId}` }, 'not-found');
  return { orderId: payment.order_id, amount: payment.received_amount ?? payment.expected_amount };
}
