import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Messages the system sends on its own (due-date reminders; collectors' texts later), each once:
 * `dedupe_key` is unique (a reminder's plan line, kind and due date), so a rerun, a second instance
 * or a retry after a timeout finds the record and sends nothing new. The record carries the
 * delivery: status, tries, when to try next, the provider's id and its last error. Plan lines get
 * an index on their due date, which reminders select by.
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('sms_messages'))
    .addColumn('dedupe_key', 'text', (col) => col.notNull().unique())
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('order_id', 'integer', (col) => col.references('orders.id'))
    .addColumn('plan_line_id', 'integer', (col) => col.references('order_plan_lines.id'))
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    // queued → sending → sent | failed | skipped (the line was paid before it went out).
    .addColumn('status', 'text', (col) => col.notNull())
    // Sent at any hour: more days past due than the profile's exception when it was queued.
    .addColumn('any_hour', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('provider', 'text')
    .addColumn('provider_message_id', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('sms_messages_due')
    .on('sms_messages')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('sms_messages_order').on('sms_messages').column('order_id').execute();
  // A code's message (sent at once, the borrower waiting) keeps the provider's id too.
  await db.schema.alterTable('sms_sends').addColumn('provider_message_id', 'text').execute();
  // Reminders read the lines due on a day in id order, a batch at a time: without this, a scan
  // of every line of every order per batch.
  await db.schema
    .createIndex('order_plan_lines_due_date')
    .on('order_plan_lines')
    .columns(['due_date', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('order_plan_lines_due_date').execute();
  await db.schema.alterTable('sms_sends').dropColumn('provider_message_id').execute();
  await db.schema.dropTable('sms_messages').execute();
}
