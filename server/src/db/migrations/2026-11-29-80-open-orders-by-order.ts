import type { Kysely } from 'kysely';

/**
 * An order leaving the open statuses deletes its borrower_open_orders row by order id — every
 * decline of a credit decision does, in the push's request (decision 0109) — and the table had an
 * index on the borrower only, so each such move scanned one row per open order of the book.
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('borrower_open_orders_order')
    .on('borrower_open_orders')
    .column('order_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('borrower_open_orders_order').execute();
}
