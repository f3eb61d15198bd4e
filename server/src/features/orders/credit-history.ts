import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** One of the borrower's earlier orders, as a credit decision reads it (decision 0109). */
export interface CreditHistoryOrder {
  id: number;
  status: number;
  principal: number;
  dueDate: string | null;
  settledAt: string | null;
  updatedAt: string;
  appliedAt: string;
}

/** An order's columns a credit history reads (historyOrder), for the push and the back-test alike. */
const historyColumns = [
  'orders.id',
  'orders.status',
  'orders.principal',
  'orders.due_date',
  'orders.settled_at',
  'orders.updated_at',
  'orders.applied_at',
] as const;

/**
 * The borrower's orders other than `exceptOrderId` (-1 for a preview: excludes nothing), each
 * with the payout account money was sent to for it: the orders' part of a credit decision's
 * inputs, a subquery the decision's one read of its inputs joins (orders_borrower_idx, then each
 * order's disbursement by disbursements_order). An order has at most one sent disbursement
 * (disbursements_one_live_per_order), so the join adds no rows.
 */
export function creditHistoryRows(db: Kysely<Database>, borrowerId: number, exceptOrderId: number) {
  return db
    .selectFrom('orders')
    .leftJoin('disbursements', (join) =>
      join.onRef('disbursements.order_id', '=', 'orders.id').on('disbursements.status', '=', sql.lit('sent')),
    )
    .select([...historyColumns, 'disbursements.account_id as paid_account_id'])
    .where('orders.borrower_id', '=', borrowerId)
    .where('orders.id', '!=', exceptOrderId);
}

/** A row of creditHistoryRows as a decision reads it. */
export function historyOrder(row: {
  id: number;
  status: number;
  principal: number;
  due_date: string | null;
  settled_at: string | null;
  updated_at: string;
  applied_at: string;
}): CreditHistoryOrder {
  return {
    id: row.id,
    status: row.status,
    principal: row.principal,
    dueDate: row.due_date,
    settledAt: row.settled_at,
    updatedAt: row.updated_at,
    appliedAt: row.applied_at,
  };
}

/** An order of the book as a back-test replays it: its application, its borrower, what became of it. */
export interface BookOrder extends CreditHistoryOrder {
  borrowerId: number;
  registeredAt: string;
  productId: number;
  termDays: number;
  disbursedOn: string | null;
  writtenOffAt: string | null;
}

/**
 * Every order of every borrower who applied in [fromIso, toIso), oldest first: the applications a
 * back-test decides again, with each borrower's other orders to rebuild their inputs as of then.
 * Read in pages by order id so a large book does not sit in one result twice.
 */
export async function* bookForBacktest(
  db: Kysely<Database>,
  range: { fromIso: string; toIso: string },
  pageSize = 5_000,
): AsyncGenerator<BookOrder[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('orders')
      .innerJoin('borrowers', 'borrowers.id', 'orders.borrower_id')
      .select([
        ...historyColumns,
        'orders.borrower_id',
        'orders.product_id',
        'orders.term_days',
        'orders.disbursed_on',
        'orders.written_off_at',
        'borrowers.created_at as registered_at',
      ])
      .where('orders.borrower_id', 'in', (eb) =>
        eb
          .selectFrom('orders as applied')
          .select('applied.borrower_id')
          .where('applied.applied_at', '>=', range.fromIso)
          .where('applied.applied_at', '<', range.toIso),
      )
      .where('orders.id', '>', after)
      .orderBy('orders.id')
      .limit(pageSize)
      .execute();
    if (rows.length === 0) return;
    after = rows.at(-1)!.id;
    yield rows.map((row) => ({
      ...historyOrder(row),
      borrowerId: row.borrower_id,
      registeredAt: row.registered_at,
      productId: row.product_id,
      termDays: row.term_days,
      disbursedOn: row.disbursed_on,
      writtenOffAt: row.written_off_at,
    }));
  }
}
