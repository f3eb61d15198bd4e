import { sql, type Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Borrowing (decision 0050): what a product asks of confirmation and the lifecycle, the order's
 * request id (idempotent push), one open order per borrower, the agreements an order's borrower
 * agreed to, and the late penalty accrued once per order and day.
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('due_window_days', 'integer', (col) => col.notNull().defaultTo(3))
    .execute();
  for (const column of ['retention_popup', 'agreement_popup']) {
    await db.schema
      .alterTable('products')
      .addColumn(column, 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  }
  for (const column of ['promo_button_text', 'promo_message']) {
    await db.schema
      .alterTable('products')
      .addColumn(column, 'text', (col) => col.notNull().defaultTo(''))
      .execute();
  }

  await db.schema.alterTable('orders').addColumn('request_id', 'text').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('penalty_amount', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('withdraw_confirmed_at', 'text').execute();
  // Nulls never collide, so orders made before this column (or by the seed) stay valid.
  await db.schema
    .createIndex('orders_borrower_request_unique')
    .on('orders')
    .columns(['borrower_id', 'request_id'])
    .unique()
    .execute();

  // One row per borrower while an order of theirs is open (21 through 180): the unique borrower
  // refuses a second open order even when two pushes race.
  await withId(db, db.schema.createTable('borrower_open_orders'))
    .addColumn('borrower_id', 'integer', (col) =>
      col.notNull().unique().references('borrowers.id').onDelete('cascade'),
    )
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .execute();
  await sql`
    insert into borrower_open_orders (borrower_id, order_id)
    select borrower_id, max(id) from orders where status in (21, 151, 170, 174, 180) group by borrower_id
  `.execute(db);

  await withId(db, db.schema.createTable('order_agreements'))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('document', 'text', (col) => col.notNull())
    .addColumn('version', 'text', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('agreed_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('order_agreements_order_document_unique', ['order_id', 'document'])
    .execute();

  await withId(db, db.schema.createTable('order_penalty_accruals'))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    /** The lender's calendar date the accrual is for. */
    .addColumn('accrued_on', 'text', (col) => col.notNull())
    .addColumn('days_overdue', 'integer', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('order_penalty_accruals_order_day_unique', ['order_id', 'accrued_on'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_penalty_accruals').execute();
  await db.schema.dropTable('order_agreements').execute();
  await db.schema.dropTable('borrower_open_orders').execute();
  await db.schema.dropIndex('orders_borrower_request_unique').execute();
  for (const column of ['withdraw_confirmed_at', 'penalty_amount', 'request_id']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
  for (const column of [
    'promo_message',
    'promo_button_text',
    'agreement_popup',
    'retention_popup',
    'due_window_days',
  ]) {
    await db.schema.alterTable('products').dropColumn(column).execute();
  }
}
