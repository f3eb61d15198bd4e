import { sql, type Kysely } from 'kysely';
import { MAX_INT } from '@kwarta/contract';
import { OrderStatus, type CalendarDate } from '@kwarta/domain';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { Database } from '../../db/schema.ts';
import { readPage, type PageRequest } from '../../lib/paging.ts';
import { findBorrowerByPhone } from '../borrowers/index.ts';
import { orderListColumns, ordersWithProductAndBorrower } from './order-rows.ts';

/**
 * The console's order reads: the dashboard's counts, the queue, and the order page's order, plan
 * and history. Phones are whole: the console shows each as the operator's role may see it.
 */

/** Orders per status and the repayments due today, for the dashboard. */
export async function orderCounts(db: Kysely<Database>, today: CalendarDate) {
  const [byStatus, dueToday] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('status')
      .orderBy('status')
      .execute(),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', 'in', [OrderStatus.Repaying, OrderStatus.Due])
      .where('due_date', '=', today)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    byStatus: byStatus.map((row) => ({ status: row.status, count: Number(row.count) })),
    dueToday: Number(dueToday.count),
  };
}

export interface QueueFilter extends PageRequest {
  status: number | '';
  q: string;
  /** Applied (the id's order, default newest first) or amount; each walks an index ending in id. */
  sort?: '' | 'applied' | 'amount';
  dir?: '' | 'asc' | 'desc';
}

/**
 * The order queue, newest first, one page read (plus one row to know whether more follow; no
 * count over the whole table). A search is an order number or a phone, each answered by a unique
 * index, so it costs the same at 100,000 orders as at 10.
 */
export async function orderQueue(db: Kysely<Database>, filter: QueueFilter) {
  let query = ordersWithProductAndBorrower(db).select([...orderListColumns, 'borrowers.phone']);
  if (filter.status !== '') query = query.where('orders.status', '=', filter.status);
  const q = filter.q.trim();
  if (q !== '') {
    // The phone is resolved to its borrower first (unique index), so the orders are found by
    // borrower_id or order_no, both indexed, instead of by a condition across the join.
    const digits = q.replace(/[\s-]/g, '');
    const borrower = /^\+?\d{6,15}$/.test(digits) ? await findBorrowerByPhone(db, digits) : undefined;
    query = query.where((eb) =>
      eb.or([
        eb('orders.order_no', '=', q),
        ...(borrower ? [eb('orders.borrower_id', '=', borrower.id)] : []),
      ]),
    );
  }
  const dir = filter.dir || 'desc';
  const sorted = filter.sort === 'amount' ? query.orderBy('orders.principal', dir) : query;
  return readPage(sorted.orderBy('orders.id', dir), filter, (row) => row);
}

/**
 * An order by what an operator has at hand: its id (digits) or its order number (KW…), each a
 * unique index; undefined when neither names one.
 */
export function findOrderByIdOrNo(db: Kysely<Database>, ref: string) {
  const query = db.selectFrom('orders').select(['id', 'order_no', 'status', 'written_off_at']);
  if (/^\d{1,10}$/.test(ref)) {
    const id = Number(ref);
    // Beyond an integer column's range no order has it (and PostgreSQL would refuse the query).
    return id <= MAX_INT ? query.where('id', '=', id).executeTakeFirst() : Promise.resolve(undefined);
  }
  return query.where('order_no', '=', ref).executeTakeFirst();
}

/** One order with its borrower and product as the order page shows them, or undefined. */
export function findOrderWithBorrowerAndProduct(db: Kysely<Database>, orderId: number) {
  return ordersWithProductAndBorrower(db)
    .selectAll('orders')
    .select([
      'borrowers.phone',
      'borrowers.full_name',
      'borrowers.is_repeat_client',
      'products.name as product_name',
      'products.withdraw_confirm_url',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
}

// Read by every pushed order's credit decision: compiled once and prepared (preparedQuery).
const orderToDecideQuery = preparedQuery((db: Kysely<Database>, orderId: number) =>
  db
    .selectFrom('orders')
    .innerJoin('products', 'products.id', 'orders.product_id')
    .selectAll('products')
    .select([
      'orders.borrower_id as order_borrower_id',
      'orders.principal as order_principal',
      'orders.term_days as order_term_days',
    ])
    .where('orders.id', '=', orderId),
);

/**
 * A pushed order as a credit decision reads it (decision 0109): who asked, how much for how long,
 * and its product's row, in one read; undefined when there is no such order.
 */
export async function findOrderToDecide(db: Kysely<Database>, orderId: number) {
  const [row] = await orderToDecideQuery(db, orderId);
  if (!row) return undefined;
  const { order_borrower_id, order_principal, order_term_days, ...product } = row;
  return { borrowerId: order_borrower_id, principal: order_principal, termDays: order_term_days, product };
}

/** The order's repayment plan, instalment by instalment. */
export function listPlanLines(db: Kysely<Database>, orderId: number) {
  return db
    .selectFrom('order_plan_lines')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('seq')
    .execute();
}

/** The order's payout attempts, oldest first: the console shows each one's provider reference. */
export function listDisbursements(db: Kysely<Database>, orderId: number) {
  return db
    .selectFrom('disbursements')
    .select(['amount', 'provider', 'status', 'reference', 'failure', 'updated_at'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

/**
 * Every order of one borrower, newest first, with what each still owes: unpaid plan lines plus
 * unpaid penalty once the money went out (0 before). The borrower profile's loans (decision 0113).
 */
export async function borrowerLoans(db: Kysely<Database>, borrowerId: number) {
  const orders = await ordersWithProductAndBorrower(db)
    .select([
      ...orderListColumns,
      'orders.due_date',
      'orders.disbursed_on',
      'orders.penalty_amount',
      'orders.penalty_paid',
    ])
    .where('orders.borrower_id', '=', borrowerId)
    .orderBy('orders.id', 'desc')
    .execute();
  if (orders.length === 0) return [];
  const unpaid = await db
    .selectFrom('order_plan_lines')
    .select((eb) => ['order_id', eb.fn.sum<number | string>(sql<number>`amount - paid_amount`).as('unpaid')])
    .where(
      'order_id',
      'in',
      orders.map((order) => order.id),
    )
    .groupBy('order_id')
    .execute();
  const unpaidOf = new Map(unpaid.map((row) => [row.order_id, Number(row.unpaid)]));
  return orders.map((order) => ({
    ...order,
    balance:
      order.disbursed_on === null
        ? 0
        : (unpaidOf.get(order.id) ?? 0) + order.penalty_amount - order.penalty_paid,
  }));
}
