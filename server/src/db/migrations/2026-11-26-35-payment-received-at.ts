import { sql, type Kysely } from 'kysely';

/**
 * When a payment's money arrived at the provider (daily reconciliation, decision 0099). `paid_at` is
 * when the payment counted for the order — for a held payment, when finance accepted it, days
 * later — while the cash reached the provider, and the journal booked it, on the postback that
 * carried the amount. Reconciliation pairs that day with the provider's report.
 * Existing rows: the instant their money was first booked, else paid_at, else (held) updated_at.
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('received_at', 'text').execute();
  await sql`
    update payments set received_at = coalesce(
      (select min(e.posted_at) from journal_entries e
        where e.payment_id = payments.id and e.kind in ('held_payment', 'repayment', 'extension_fee')),
      paid_at,
      updated_at)
    where status in ('paid', 'held', 'returning', 'returned') and received_amount > 0`.execute(db);
  await db.schema.createIndex('payments_received_at').on('payments').columns(['received_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payments_received_at').execute();
  await db.schema.alterTable('payments').dropColumn('received_at').execute();
}
