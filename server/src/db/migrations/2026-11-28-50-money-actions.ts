import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * The back office's money actions and their maker-checker (decision 0110): money received outside
 * a provider, payments reversed, charges waived, and the approvals a second operator gives.
 * Each action's reference is unique, so a double submission applies once.
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('manual_repayments')
    .addColumn('payment_id', 'integer', (col) =>
      col.primaryKey().references('payments.id').onDelete('cascade'),
    )
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('received_on', 'text', (col) => col.notNull())
    .addColumn('reference', 'text', (col) => col.notNull())
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('posted_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('payment_reversals')
    .addColumn('payment_id', 'integer', (col) =>
      col.primaryKey().references('payments.id').onDelete('cascade'),
    )
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('credit_reversed', 'integer', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('reversed_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('order_waivers'))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('charge', 'text', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('reference', 'text', (col) => col.notNull())
    .addColumn('waived_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('order_waivers_reference_unique', ['order_id', 'reference'])
    .execute();

  await withId(db, db.schema.createTable('order_restructurings'))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('principal_owed', 'integer', (col) => col.notNull())
    .addColumn('plan_json', 'text', (col) => col.notNull())
    .addColumn('terms_json', 'text', (col) => col.notNull())
    .addColumn('offered_by', 'text', (col) => col.notNull())
    .addColumn('offered_at', 'text', (col) => col.notNull())
    .addColumn('accepted_at', 'text')
    .execute();
  await db.schema
    .createIndex('order_restructurings_order')
    .on('order_restructurings')
    .columns(['order_id', 'status'])
    .execute();

  await withId(db, db.schema.createTable('approval_requests'))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('reference', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('payload_json', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('proposed_by_id', 'integer', (col) => col.notNull())
    .addColumn('proposed_by_name', 'text', (col) => col.notNull())
    .addColumn('proposed_at', 'text', (col) => col.notNull())
    .addColumn('decided_by_id', 'integer')
    .addColumn('decided_by_name', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('outcome', 'text', (col) => col.notNull().defaultTo(''))
    .addUniqueConstraint('approval_requests_reference_unique', ['action', 'reference'])
    .execute();
  await db.schema
    .createIndex('approval_requests_status')
    .on('approval_requests')
    .columns(['status', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'approval_requests',
    'order_restructurings',
    'order_waivers',
    'payment_reversals',
    'manual_repayments',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
