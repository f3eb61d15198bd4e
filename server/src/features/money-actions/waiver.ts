import { repayingStatuses, waivable, waiveCharge, waiverEntry, type WaivableCharge } from '@kwarta/domain';
import { inTransaction } from '../../db/transaction.ts';
import { recordOrderPortfolio } from '../portfolio/index.ts';
import { postJournalEntry } from '../ledger/index.ts';
import { findOrderAccount, receivablesOwedBy } from '../orders/index.ts';
import {
  checkAmount,
  checkReason,
  checkReference,
  MoneyActionRefused,
  type MoneyActionDeps,
} from './money-action-refused.ts';
import { writeOrderBalance } from './order-balance-writes.ts';

export interface WaiverInput {
  orderId: number;
  charge: WaivableCharge;
  amount: number;
  reason: string;
  /** The operator's reference for this waiver (the form's own): the same one applies once. */
  reference: string;
}

/**
 * The lender forgoes part or all of an order's penalty or charges (decision 0110), with a reason:
 * the plan no longer says it is owed (waiveCharge), the receivables go down by exactly that into
 * the waivers account, and the order takes the status its plan now calls for (a waived penalty or
 * instalment may end its being overdue, or settle it). Only a repaying order: a written-off one
 * owes nothing on the books, a settled one nothing at all.
 */
export async function waiveOrderCharge(deps: MoneyActionDeps, actor: string, input: WaiverInput) {
  checkAmount(input.amount);
  const reason = checkReason(input.reason);
  const reference = checkReference(input.reference);
  const now = deps.clock.now();
  return inTransaction(deps.db, async (trx) => {
    const account = await findOrderAccount(trx, { orderId: input.orderId }, { lock: true });
    if (!account)
      throw new MoneyActionRefused('moneyActionNotFound', { subject: `Order ${input.orderId}` }, 'not-found');
    const done = await trx
      .selectFrom('order_waivers')
      .selectAll()
      .where('order_id', '=', input.orderId)
      .where('reference', '=', reference)
      .executeTakeFirst();
    if (done) {
      if (done.amount !== input.amount || done.charge !== input.charge) {
        throw new MoneyActionRefused(
          'moneyActionReferenceUsed',
          { reference, subject: `waiver ${done.id}` },
          'conflict',
        );
      }
      return { waiver: done, order: account.order, applied: false as const };
    }
    const { order } = account;
    if (!(repayingStatuses as readonly number[]).includes(order.status)) {
      throw new MoneyActionRefused('moneyActionOrderNotRepaying', {
        orderId: order.id,
        status: order.status,
        action: 'waived',
      });
    }
    const owed = waivable(account.balance, input.charge);
    if (input.amount > owed) {
      throw new MoneyActionRefused('moneyActionWaiveTooMuch', {
        orderId: order.id,
        owed,
        charge: input.charge,
        amount: input.amount,
      });
    }
    const after = waiveCharge(account.balance, input.charge, input.amount);
    const entry = waiverEntry(receivablesOwedBy(account), receivablesOwedBy({ order, balance: after }));
    const waiver = await trx
      .insertInto('order_waivers')
      .values({
        order_id: order.id,
        charge: input.charge,
        amount: input.amount,
        reason,
        reference,
        waived_by: actor,
        created_at: now.toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const updated = await writeOrderBalance(trx, account, after, {
      by: 'restructure',
      actor,
      reason: `${input.charge} waived: ${reason}`,
      now,
      timeZone: deps.config.lenderTimeZone,
    });
    await postJournalEntry(trx, entry, {
      eventKey: `waiver:${waiver.id}`,
      at: now,
      timeZone: deps.config.lenderTimeZone,
      orderId: order.id,
      memo: `${input.charge} waived by ${actor}: ${reason}`,
    });
    await recordOrderPortfolio(trx, order.id, deps.config.lenderTimeZone);
    return { waiver, order: updated, applied: true as const };
  });
}
