import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * The order page (decision 0051): the product settings it reads (rollover allowed, withdrawal
 * confirmation, partner link, external repayment page), the failed-disbursement flag the
 * bank-binding work will set, the page's tap records and the borrower's app rating.
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const productColumns = [
    ['extension_enabled', 'integer', 0],
    ['withdraw_confirm_url', 'text', ''],
    ['withdraw_confirm_text', 'text', ''],
    ['link_url', 'text', ''],
    ['external_repay_url', 'text', ''],
  ] as const;
  for (const [name, type, fallback] of productColumns) {
    await db.schema
      .alterTable('products')
      .addColumn(name, type, (col) => col.notNull().defaultTo(fallback))
      .execute();
  }
  await db.schema
    .alterTable('orders')
    .addColumn('disbursement_failed', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('tracking_events'))
    .addColumn('borrower_id', 'integer', (col) =>
      col.notNull().references('borrowers.id').onDelete('cascade'),
    )
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('module_id', 'integer', (col) => col.notNull())
    .addColumn('position_id', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('tracking_events_module_created')
    .on('tracking_events')
    .columns(['module_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('app_ratings')
    .addColumn('borrower_id', 'integer', (col) =>
      col.primaryKey().references('borrowers.id').onDelete('cascade'),
    )
    .addColumn('score', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('app_ratings').execute();
  await db.schema.dropTable('tracking_events').execute();
  await db.schema.alterTable('orders').dropColumn('disbursement_failed').execute();
  for (const name of [
    'external_repay_url',
    'link_url',
    'withdraw_confirm_text',
    'withdraw_confirm_url',
    'extension_enabled',
  ]) {
    await db.schema.alterTable('products').dropColumn(name).execute();
  }
}
