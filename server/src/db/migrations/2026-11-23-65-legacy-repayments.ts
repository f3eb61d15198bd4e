import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Legacy bank-card repayment (/carpmm, decision 0075): one row per commit. The
 * repayToken repayment-way issued is unique, so a second commit of the same repayment fails on
 * the index (800005) whatever the timing; `paying_order_id` is the order while its card is being
 * debited, unique, so two confirmations of one order cannot both debit.
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('legacy_repayments'))
    .addColumn('borrower_id', 'integer', (col) =>
      col.notNull().references('borrowers.id').onDelete('cascade'),
    )
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('payment_accounts.id'))
    // SHA-256 of the repayToken: the table does not hand out tokens.
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    // What the commit offered to charge (centavos); the confirmation charges at most this.
    .addColumn('amount', 'integer', (col) => col.notNull())
    // awaiting_code → paying → paid | failed | submitted (the provider answers later)
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('paying_order_id', 'integer', (col) => col.unique())
    // The card provider's transaction, once the debit started: posted as payment (provider, txnid).
    .addColumn('provider', 'text')
    .addColumn('txnid', 'text', (col) => col.unique())
    .addColumn('paid_amount', 'integer')
    .addColumn('failure', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('legacy_repayments_order')
    .on('legacy_repayments')
    .columns(['order_id', 'status'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('legacy_repayments').execute();
}
