import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { Database } from '../../db/schema.ts';

/** Reads of the lender's products for the borrower pages (order details, bank binding). */

// Read on every order page (compiled once, see preparedQuery). Ids start at 1, so excluding 0
// excludes nothing and one statement serves both the order page and the joint-login page.
const productsExceptQuery = preparedQuery((db: Kysely<Database>, excludeProductId: number) =>
  db
    .selectFrom('products')
    .select([
      'id',
      'name',
      'logo_url',
      'min_amount',
      'max_amount',
      'rate_description',
      'description',
      'button_text',
      'clickable',
    ])
    .where('id', '!=', excludeProductId)
    // A retired product is listed to no borrower (decision 0115); a paused one shows as Coming soon.
    .where('retired_at', 'is', null)
    .orderBy('sort_order')
    .orderBy('id'),
);

/** The lender's products other than `excludeProductId` (0 excludes none), in the lender's order. */
export function listProductsExcept(db: Kysely<Database>, excludeProductId: number) {
  return productsExceptQuery(db, excludeProductId);
}

/** What a page needs to name a product and follow a tap on it, or undefined when there is none. */
export function findProductSummary(db: Kysely<Database>, productId: number) {
  return db
    .selectFrom('products')
    .select(['id', 'name', 'clickable', 'link_url'])
    .where('id', '=', productId)
    .executeTakeFirst();
}

/** Every product's id and name, for a report's product filter. */
export function productNames(db: Kysely<Database>) {
  return db.selectFrom('products').select(['id', 'name']).orderBy('id').execute();
}
