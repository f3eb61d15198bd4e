import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

// Frozen: a migration that has run is never edited; changes go into a new file.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('borrowers'))
    .addColumn('phone', 'text', (col) => col.notNull().unique())
    .addColumn('full_name', 'text')
    .addColumn('is_repeat_client', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('borrower_id', 'integer', (col) =>
      col.notNull().references('borrowers.id').onDelete('cascade'),
    )
    .addColumn('device_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_seen_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_borrower_idx').on('sessions').column('borrower_id').execute();

  await withId(db, db.schema.createTable('products'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('logo_url', 'text', (col) => col.notNull())
    .addColumn('min_amount', 'integer', (col) => col.notNull())
    .addColumn('max_amount', 'integer', (col) => col.notNull())
    .addColumn('term_days', 'integer', (col) => col.notNull())
    .addColumn('periods', 'integer', (col) => col.notNull())
    .addColumn('term_rate_bps', 'integer', (col) => col.notNull())
    .addColumn('rate_description', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('button_text', 'text', (col) => col.notNull())
    .addColumn('clickable', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('loan_rules', 'text', (col) => col.notNull())
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('orders'))
    .addColumn('order_no', 'text', (col) => col.notNull().unique())
    .addColumn('borrower_id', 'integer', (col) => col.notNull().references('borrowers.id'))
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
    .addColumn('status', 'integer', (col) => col.notNull())
    .addColumn('principal', 'integer', (col) => col.notNull())
    .addColumn('total_due', 'integer', (col) => col.notNull())
    .addColumn('paid_amount', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('term_days', 'integer', (col) => col.notNull())
    .addColumn('periods', 'integer', (col) => col.notNull())
    .addColumn('collection_complaints_allowed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('applied_at', 'text', (col) => col.notNull())
    .addColumn('disbursed_on', 'text')
    .addColumn('due_date', 'text')
    .addColumn('settled_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('orders_borrower_idx').on('orders').columns(['borrower_id', 'id']).execute();
  await db.schema.createIndex('orders_status_due_idx').on('orders').columns(['status', 'due_date']).execute();

  await withId(db, db.schema.createTable('order_plan_lines'))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('due_date', 'text', (col) => col.notNull())
    .addColumn('principal', 'integer', (col) => col.notNull())
    .addColumn('interest', 'integer', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('paid_amount', 'integer', (col) => col.notNull().defaultTo(0))
    .addUniqueConstraint('order_plan_lines_order_seq_unique', ['order_id', 'seq'])
    .execute();

  await withId(db, db.schema.createTable('order_status_history'))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('from_status', 'integer')
    .addColumn('to_status', 'integer', (col) => col.notNull())
    .addColumn('actor', 'text', (col) => col.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('order_status_history_order_idx')
    .on('order_status_history')
    .column('order_id')
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'settings',
    'order_status_history',
    'order_plan_lines',
    'orders',
    'products',
    'sessions',
    'borrowers',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
