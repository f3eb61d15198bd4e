import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Whose an order or a payment named in a flag is (decision 0112). Read here rather than through
 * the orders' and payments' features: they flag covered transactions through this feature, so
 * importing them back would be a cycle (scripts/eslint/table-owners.js, tableReaders).
 */
export async function findOrderOf(
  db: Kysely<Database>,
  subject: { orderId: number } | { paymentId: number },
): Promise<{ borrowerId: number; orderId: number } | undefined> {
  const row =
    'orderId' in subject
      ? await db
          .selectFrom('orders')
          .select(['borrower_id', 'id as order_id'])
          .where('id', '=', subject.orderId)
          .executeTakeFirst()
      : await db
          .selectFrom('payments')
          .select(['borrower_id', 'order_id'])
          .where('id', '=', subject.paymentId)
          .executeTakeFirst();
  return row ? { borrowerId: row.borrower_id, orderId: row.order_id } : undefined;
}
