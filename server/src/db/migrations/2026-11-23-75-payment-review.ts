import type { Kysely } from 'kysely';

/**
 * The console's payments screens (decision 0080): a held payment that finance returns
 * to the borrower remembers its payout attempts (each attempt's reference is its own, so a
 * provider that dedupes on it does not answer a retry with the earlier refusal), the account it
 * went to and the provider's reference. Statuses gain `returning` and `returned` (text, no CHECK).
 * The payments list pages newest first, optionally by status or provider: one index for each.
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('payments')
    .addColumn('refund_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('payments')
    .addColumn('refund_account_id', 'integer', (col) => col.references('payment_accounts.id'))
    .execute();
  await db.schema.alterTable('payments').addColumn('refund_reference', 'text').execute();
  await db.schema.createIndex('payments_status_id').on('payments').columns(['status', 'id']).execute();
  await db.schema.createIndex('payments_provider_id').on('payments').columns(['provider', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payments_provider_id').execute();
  await db.schema.dropIndex('payments_status_id').execute();
  for (const name of ['refund_reference', 'refund_account_id', 'refund_attempts']) {
    await db.schema.alterTable('payments').dropColumn(name).execute();
  }
}
