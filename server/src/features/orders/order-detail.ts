import { sql, type Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { Database } from '../../db/schema.ts';

// The order page's read, compiled once: it is the hottest borrower read after the session (DESIGN §4).
const orderDetailQuery = preparedQuery((db: Kysely<Database>, borrowerId: number, orderId: number) =>
  db
    .selectFrom('orders')
    .innerJoin('products', 'products.id', 'orders.product_id')
    // The account the last payout failed to, while it is still the default: the page asks to rebind.
    .leftJoin('payment_accounts as failed_account', (join) =>
      join
        .onRef('failed_account.id', '=', 'orders.payout_failed_account_id')
        .on('failed_account.is_default', '=', sql.lit(1)),
    )
    // Whether the borrower has rated the app (the page then stops asking): one query, not two.
    .leftJoin('app_ratings', 'app_ratings.borrower_id', 'orders.borrower_id')
    // When the borrower last said "Not now" to it: the page waits before asking again.
    .leftJoin('app_rating_declines', 'app_rating_declines.borrower_id', 'orders.borrower_id')
    // A new plan on offer (decision 0110; a newer offer withdraws the older, so one at most): the
    // page shows that one is, its disclosure reads the offer itself. Joined here rather than asked
    // by a query of its own, which Kysely built anew on every call (decision 0117).
    .leftJoin('order_restructurings as offer', (join) =>
      join
        .onRef('offer.order_id', '=', 'orders.id')
        // A literal: a prepared query's parameters are exactly its arguments.
        .on('offer.status', '=', sql.lit('offered')),
    )
    .select([
      'orders.id',
      'orders.order_no',
      'orders.product_id',
      'orders.status',
      'orders.principal',
      'orders.total_due',
      'orders.paid_amount',
      'orders.penalty_amount',
      'orders.charges_capped_by',
      'orders.term_days',
      'orders.applied_at',
      'orders.disbursed_on',
      'orders.due_date',
      'failed_account.id as rebind_account_id',
      'app_ratings.borrower_id as rated_app_by',
      'app_rating_declines.declined_at as rating_declined_at',
      'products.name as product_name',
      'products.logo_url as product_logo',
      'products.extension_enabled',
      'products.withdraw_confirm_url',
      'products.withdraw_confirm_text',
      'products.link_url',
      'products.external_repay_url',
      // The next instalment still owed: what the page's due notice says (decision 0097).
      (eb) =>
        eb
          .selectFrom('order_plan_lines as next_line')
          .select('next_line.due_date')
          .whereRef('next_line.order_id', '=', 'orders.id')
          .whereRef('next_line.paid_amount', '<', 'next_line.amount')
          .orderBy('next_line.seq')
          // A literal: a prepared query's parameters are exactly its arguments.
          .limit(sql.lit(1))
          .as('next_due_date'),
      (eb) =>
        eb
          .selectFrom('order_plan_lines as next_line')
          .select(sql<number>`next_line.amount - next_line.paid_amount`.as('owed'))
          .whereRef('next_line.order_id', '=', 'orders.id')
          .whereRef('next_line.paid_amount', '<', 'next_line.amount')
          .orderBy('next_line.seq')
          // A literal: a prepared query's parameters are exactly its arguments.
          .limit(sql.lit(1))
          .as('next_due_amount'),
      'offer.id as offered_plan_id',
    ])
    .where('orders.borrower_id', '=', borrowerId)
    .where('orders.id', '=', orderId),
);

/** One order with what the order page shows of its product; only ever the borrower's own. */
export async function findOrderDetail(db: Kysely<Database>, borrowerId: number, orderId: number) {
  const [order] = await orderDetailQuery(db, borrowerId, orderId);
  return order;
}

export type OrderDetailSource = NonNullable<Awaited<ReturnType<typeof findOrderDetail>>>;
