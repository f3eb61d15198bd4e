import { sql, type Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Payment accounts (decision 0060): every account a borrower bound, kept as history;
 * at most one per borrower is the default, which payouts go to. The account number is stored
 * only encrypted (AES-256-GCM) with the id of its key, and its last 4 digits for display.
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('payment_accounts'))
    .addColumn('borrower_id', 'integer', (col) =>
      col.notNull().references('borrowers.id').onDelete('cascade'),
    )
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
    .addColumn('card_type', 'integer', (col) => col.notNull())
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('institution_code', 'text', (col) => col.notNull())
    .addColumn('institution_name', 'text', (col) => col.notNull())
    .addColumn('holder_name', 'text', (col) => col.notNull())
    // The other filled fields by code (JSON); never the account number.
    .addColumn('details', 'text', (col) => col.notNull())
    .addColumn('account_ciphertext', 'text', (col) => col.notNull())
    .addColumn('account_key_id', 'text', (col) => col.notNull())
    .addColumn('account_last4', 'text', (col) => col.notNull())
    .addColumn('is_default', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('payment_accounts_borrower')
    .on('payment_accounts')
    .column('borrower_id')
    .execute();
  // One default per borrower, whatever two concurrent bindings do.
  await db.schema
    .createIndex('payment_accounts_one_default')
    .on('payment_accounts')
    .column('borrower_id')
    .unique()
    .where(sql.ref('is_default'), '=', 1)
    .execute();
  await db.schema
    .createIndex('payment_accounts_key')
    .on('payment_accounts')
    .column('account_key_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_accounts').execute();
}
