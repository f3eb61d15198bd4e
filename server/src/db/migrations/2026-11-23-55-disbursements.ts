import { sql, type Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Disbursements (decision 0052): every payout attempt of an approved order to
 * the borrower's default payment account, with the provider's answer. At most one attempt per
 * order may be sending or sent, so two operators (or a retry) cannot pay an order out twice.
 * The order remembers the account its last failed payout went to: while that account is still
 * the default, the order page asks the borrower to bind another (cardNeedPop). That replaces the
 * `disbursement_failed` flag of 2026-11-23-40, which could not tell when a new account was bound.
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('disbursements'))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('payment_accounts.id'))
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    // sending → sent | failed
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('reference', 'text')
    .addColumn('failure', 'text')
    .addColumn('actor', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('disbursements_one_live_per_order')
    .on('disbursements')
    .column('order_id')
    .unique()
    .where(sql.ref('status'), 'in', sql`('sending', 'sent')`)
    .execute();
  await db.schema.createIndex('disbursements_order').on('disbursements').column('order_id').execute();

  await db.schema
    .alterTable('orders')
    .addColumn('payout_failed_account_id', 'integer', (col) => col.references('payment_accounts.id'))
    .execute();
  await db.schema.alterTable('orders').dropColumn('disbursement_failed').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('disbursement_failed', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').dropColumn('payout_failed_account_id').execute();
  await db.schema.dropTable('disbursements').execute();
}
