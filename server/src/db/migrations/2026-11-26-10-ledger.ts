import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * The double-entry ledger (decision 0099): one journal entry per money event, written
 * in the event's own transaction, append-only. `event_key` is the event's idempotency key
 * (`payment:<id>:applied`, `penalty:<order>:<date>`, …): a replayed postback or a rerun job
 * writes no second entry. Lines repeat the entry's date and order so the trial balance (by
 * account up to a date) and a loan's statement (by order) read one index each.
 * Also orders.written_off_at: a written-off order accrues nothing more and its payments are recoveries.
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('journal_entries'))
    // The lender's calendar date the event happened on (its time zone, not UTC).
    .addColumn('entry_date', 'text', (col) => col.notNull())
    .addColumn('posted_at', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('event_key', 'text', (col) => col.notNull().unique())
    .addColumn('order_id', 'integer', (col) => col.references('orders.id'))
    .addColumn('payment_id', 'integer', (col) => col.references('payments.id'))
    .addColumn('provider', 'text')
    .addColumn('provider_ref', 'text')
    .addColumn('reverses_entry_id', 'integer', (col) => col.references('journal_entries.id'))
    .addColumn('memo', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('journal_entries_date')
    .on('journal_entries')
    .columns(['entry_date', 'id'])
    .execute();
  await db.schema.createIndex('journal_entries_payment').on('journal_entries').column('payment_id').execute();
  await withId(db, db.schema.createTable('journal_lines'))
    .addColumn('entry_id', 'integer', (col) => col.notNull().references('journal_entries.id'))
    .addColumn('entry_date', 'text', (col) => col.notNull())
    .addColumn('order_id', 'integer', (col) => col.references('orders.id'))
    .addColumn('account', 'text', (col) => col.notNull())
    .addColumn('debit', 'integer', (col) => col.notNull())
    .addColumn('credit', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('journal_lines_account_date')
    .on('journal_lines')
    .columns(['account', 'entry_date'])
    .execute();
  await db.schema
    .createIndex('journal_lines_order')
    .on('journal_lines')
    .columns(['order_id', 'entry_id'])
    .execute();
  await db.schema.createIndex('journal_lines_entry').on('journal_lines').column('entry_id').execute();
  await db.schema.alterTable('orders').addColumn('written_off_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('written_off_at').execute();
  await db.schema.dropTable('journal_lines').execute();
  await db.schema.dropTable('journal_entries').execute();
}
