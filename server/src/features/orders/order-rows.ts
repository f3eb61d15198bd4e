import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Orders with their product and borrower: the one query every order list starts from (the
 * console's queue and order page, the borrower's order cards, the daily status job), each
 * selecting its own columns. Every order has both, so the joins drop no order.
 */
export function ordersWithProductAndBorrower(db: Kysely<Database>) {
  return db
    .selectFrom('orders')
    .innerJoin('products', 'products.id', 'orders.product_id')
    .innerJoin('borrowers', 'borrowers.id', 'orders.borrower_id');
}

/** The columns an order is listed by: the console queue's row and the head of a borrower's order card. */
export const orderListColumns = [
  'orders.id',
  'orders.order_no',
  'orders.status',
  'orders.principal',
  'orders.applied_at',
  'products.name as product_name',
] as const;
