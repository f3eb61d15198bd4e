import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { addDays } from '@kwarta/domain';
import type { LoanQuote } from '../products/index.ts';
import { complianceProfileById } from '../products/index.ts';

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
  const agreements = await orderAgreements(db, order.id);
  const schedule = {
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
  };
  const charges = order.total_due - order.principal;
  const fees = JSON.parse(order.fees) as { name: string; amount: number }[];
  const quote: LoanQuote = {
    principal: order.principal,
    charges,
    termDays: order.term_days,
    periods: order.periods,
    schedule,
    priced: {
      principal: order.principal,
      termDays: order.term_days,
      // The plan's dates count from disbursement, or until then from the day it was taken.
      disbursedOn: addDays(schedule.maturityDate, -order.term_days),
      interest: charges - fees.reduce((sum, fee) => sum + fee.amount, 0),
      fees,
      charges,
      netProceeds: order.principal,
      schedule,
    },
    coveredBy: complianceProfileById(order.compliance_profile),
  };
  return { order, quote, agreements };
}

/** The agreements an order's borrower agreed to (version, SHA-256, when), in the order agreed. */
export function orderAgreements(db: Kysely<Database>, orderId: number) {
  return db
    .selectFrom('order_agreements')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}
