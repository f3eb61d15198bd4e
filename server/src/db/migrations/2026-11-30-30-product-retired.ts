import type { Kysely } from 'kysely';

/**
 * The product editor (decision 0115): a retired product is offered to no one and listed nowhere a
 * borrower looks, while its orders keep their pages and plans. Null while the product lives.
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('retired_at', 'text').execute();
}
