import { instalmentDueDates, OrderStatus, type CalendarDate } from '@kwarta/domain';
import type { Kysely } from 'kysely';
import type { Database, Order } from '../../db/schema.ts';
import { transitionOrder } from './order-lifecycle.ts';
import { updatePlanLines } from './plan-line-writes.ts';

/**
 * The order's side of a payout (decision 0090): what disbursement reads of an order before it
 * pays, and the order's columns each outcome sets. Orders own these tables; the disbursement
 * feature owns the attempts and calls these inside its own transactions.
 */

/** The order as disbursement checks it: status, principal, and whether the product asks for a withdrawal confirmation. */
export function findOrderToDisburse(db: Kysely<Database>, orderId: number) {
  return db
    .selectFrom('orders')
    .innerJoin('products', 'products.id', 'orders.product_id')
    .select([
      'orders.id',
      'orders.status',
      'orders.borrower_id',
      'orders.principal',
      'orders.withdraw_confirmed_at',
      'products.withdraw_confirm_url',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
}

export function findOrder(db: Kysely<Database>, orderId: number): Promise<Order> {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
}

/** A refused payout: the order remembers the account, so the borrower is asked to bind another. */
export async function recordPayoutRefused(
  trx: Kysely<Database>,
  orderId: number,
  accountId: number,
  at: string,
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ payout_failed_account_id: accountId, updated_at: at })
    .where('id', '=', orderId)
    .execute();
}

export interface PaidOut {
  orderId: number;
  actor: string;
  reason?: string | null;
  now: Date;
  /** The lender day the money left: the plan's due dates count from it. */
  today: CalendarDate;
}

/** A payout sent: the order starts repaying, its plan lines dated from the day the money left. */
export function markOrderPaidOut(trx: Kysely<Database>, paid: PaidOut): Promise<Order> {
  return transitionOrder(trx, {
    orderId: paid.orderId,
    to: OrderStatus.Repaying,
    by: 'operator',
    actor: paid.actor,
    reason: paid.reason,
    now: paid.now,
    async changes(current) {
      const dates = instalmentDueDates(paid.today, current.term_days, current.periods);
      await updatePlanLines(
        trx,
        current.id,
        ['due_date'],
        dates.map((dueDate, index) => ({ seq: index + 1, due_date: dueDate })),
      );
      return { disbursed_on: paid.today, due_date: dates[0]!, payout_failed_account_id: null };
    },
  });
}
