import {
  calendarDateAt,
  canTransition,
  nextDueDate,
  OrderStatus,
  statusByBalance,
  type OrderBalance,
  type TransitionTrigger,
} from '@kwarta/domain';
import type { Kysely } from 'kysely';
import type { Database, Order } from '../../db/schema.ts';
import { transitionOrder, type OrderAccount } from '../orders/index.ts';

/**
 * Writes what a money action changed in an order's balance (its plan lines' charges and paid
 * amounts, the penalty paid) and moves the order to the status its earliest unpaid instalment
 * calls for (statusByBalance), with history, when the transition table lets `by` make that move.
 * In the caller's transaction, under the order's row lock (findOrderAccount with lock).
 */
export async function writeOrderBalance(
  trx: Kysely<Database>,
  account: OrderAccount,
  after: OrderBalance,
  how: {
    by: TransitionTrigger;
    actor: string;
    reason: string;
    now: Date;
    timeZone: string;
    paidDelta?: number;
  },
): Promise<Order> {
  const { order, balance } = account;
  const at = how.now.toISOString();
  const kept = new Map(balance.lines.map((line) => [line.seq, line]));
  for (const line of after.lines) {
    const was = kept.get(line.seq);
    const values = {
      interest: line.interest,
      interest_paid: line.interestPaid,
      principal: line.principal,
      principal_paid: line.principalPaid,
      paid_amount: line.interestPaid + line.principalPaid,
      due_date: line.dueDate,
    };
    if (!was) {
      await trx
        .insertInto('order_plan_lines')
        .values({ ...values, order_id: order.id, seq: line.seq, amount: line.interest + line.principal })
        .execute();
      continue;
    }
    if (
      was.interest === line.interest &&
      was.interestPaid === line.interestPaid &&
      was.principal === line.principal &&
      was.principalPaid === line.principalPaid &&
      was.dueDate === line.dueDate
    ) {
      continue;
    }
    await trx
      .updateTable('order_plan_lines')
      .set({ ...values, amount: line.interest + line.principal })
      .where('order_id', '=', order.id)
      .where('seq', '=', line.seq)
      .execute();
  }
  const dueDate = nextDueDate(after.lines);
  await trx
    .updateTable('orders')
    .set((eb) => ({
      penalty_paid: after.penaltyPaid,
      paid_amount: eb('paid_amount', '+', how.paidDelta ?? 0),
      due_date: dueDate ?? order.due_date,
      updated_at: at,
    }))
    .where('id', '=', order.id)
    .execute();
  const target = statusByBalance({
    status: order.status as OrderStatus,
    dueDate,
    today: calendarDateAt(how.now, how.timeZone),
    dueWindowDays: account.product.due_window_days,
    penaltyOwed: after.penalty - after.penaltyPaid,
  });
  // A recovered written-off loan that loses its last payment is written off again, not repaying.
  const to =
    order.written_off_at !== null && order.status === OrderStatus.Settled ? OrderStatus.WrittenOff : target;
  if (to !== order.status && canTransition(order.status as OrderStatus, to, how.by)) {
    const moved = await transitionOrder(trx, {
      orderId: order.id,
      to,
      by: how.by,
      actor: how.actor,
      reason: how.reason,
      now: how.now,
      changes: () => (to === OrderStatus.Settled ? { settled_at: at } : { settled_at: null }),
    });
    if (order.status === OrderStatus.Settled) {
      // Back to owing: the order takes its borrower's open-order place again, unless a newer loan holds it.
      await trx
        .insertInto('borrower_open_orders')
        .values({ borrower_id: order.borrower_id, order_id: order.id })
        .onConflict((oc) => oc.column('borrower_id').doNothing())
        .execute();
    }
    return moved;
  }
  return trx.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
}
