import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { LoanQuote } from './loan-quote.ts';

/**
 * A borrower's order as the terms its agreements are written from: the amounts and plan it
 * stores (not a fresh quote, which a later change of the product's rate would alter). A foreign
 * order is not found, like a missing one.
 */
export async function findOrderTerms(db: Kysely<Database>, borrowerId: number, orderId: number) {
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('borrower_id', '=', borrowerId)
    .executeTakeFirst();
  if (!order) return undefined;
  const lines = await db
    .selectFrom('order_plan_lines')
    .selectAll()
    .where('order_id', '=', order.id)
    .orderBy('seq')
    .execute();
  const agreements = await db
    .selectFrom('order_agreements')
    .selectAll()
    .where('order_id', '=', order.id)
    .execute();
  const quote: LoanQuote = {
    principal: order.principal,
    charges: order.total_due - order.principal,
    termDays: order.term_days,
    periods: order.periods,
    schedule: {
      lines: lines.map((line) => ({
        period: line.seq,
        dueDate: line.due_date,
        principal: line.principal,
        interest: line.interest,
        amount: line.amount,
      })),
      principal: order.principal,
      interest: order.total_due - order.principal,
      total: order.total_due,
      maturityDate: lines.at(-1)?.due_date ?? '',
    },
  };
  return { order, quote, agreements };
}
