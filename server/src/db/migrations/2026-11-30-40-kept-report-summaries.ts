import type { Kysely } from 'kysely';

/**
 * The standard reports' aging read from kept summaries (decision 0118): each order's standing says
 * on which day its aging figures are counted (its oldest instalment with principal or interest
 * unpaid) and how much penalty it counts there, so the daily job can add a day's accruals to the
 * summaries set-based without rewriting the order's part. Existing standings need the rebuild
 * (`npm run report -- portfolio --rebuild`) once, as after decision 0111's migration.
 *
 * The reports of money received (collections by collector, payments by channel) ask for a few
 * statuses over a range of received_at: SQLite took the (status, id) index and read every paid
 * payment ever; (status, received_at) reads only the range's.
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('payments_status_received_at')
    .on('payments')
    .columns(['status', 'received_at'])
    .execute();
  await db.schema.alterTable('portfolio_order_standings').addColumn('aging_day', 'text').execute();
  await db.schema
    .alterTable('portfolio_order_standings')
    .addColumn('penalty_owed', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payments_status_received_at').execute();
  await db.schema.alterTable('portfolio_order_standings').dropColumn('penalty_owed').execute();
  await db.schema.alterTable('portfolio_order_standings').dropColumn('aging_day').execute();
}
