import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * The AML register (decision 0112): suspicious transactions a compliance officer flags and
 * covered transactions flagged when money moves, each with its reporting deadline and, once
 * filed, who reported it to the AMLC, when, and the portal's reference.
 * `transaction_key` names the money event of a covered flag (`payout:<attempt>`,
 * `payment:<id>`): unique, so concurrent or replayed events flag it once. Null for suspicious
 * flags, which an officer may raise more than once about one borrower.
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('aml_records'))
    /** 'suspicious' | 'covered'. */
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('borrower_id', 'integer', (col) => col.notNull().references('borrowers.id'))
    .addColumn('order_id', 'integer')
    .addColumn('payment_id', 'integer')
    .addColumn('transaction_key', 'text', (col) => col.unique())
    /** Minor units; null when a suspicious flag names no single transaction. */
    .addColumn('amount', 'bigint')
    .addColumn('narrative', 'text', (col) => col.notNull())
    /** The lender's calendar date the deadline counts from (determination, or the transaction). */
    .addColumn('determined_on', 'text', (col) => col.notNull())
    .addColumn('due_on', 'text', (col) => col.notNull())
    .addColumn('flagged_by', 'text', (col) => col.notNull())
    .addColumn('flagged_at', 'text', (col) => col.notNull())
    .addColumn('reported_at', 'text')
    .addColumn('reported_by', 'text')
    .addColumn('report_reference', 'text')
    .execute();
  await db.schema
    .createIndex('aml_records_due')
    .on('aml_records')
    .columns(['reported_at', 'due_on'])
    .execute();
  await db.schema.createIndex('aml_records_borrower').on('aml_records').column('borrower_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('aml_records').execute();
}
