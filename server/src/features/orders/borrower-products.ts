import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Whether the borrower may bind an account for this product: it exists and is offered now, or
 * it is the product of one of their own orders (a rebind from order details).
 */
export async function productOpenToBorrower(
  db: Kysely<Database>,
  borrowerId: number,
  productId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('products')
    .select('products.id')
    .where('products.id', '=', productId)
    .where((eb) =>
      eb.or([
        eb('products.clickable', '=', 1),
        eb.exists(
          eb
            .selectFrom('orders')
            .select(sql.lit(1).as('one'))
            .where('orders.product_id', '=', productId)
            .where('orders.borrower_id', '=', borrowerId),
        ),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}
