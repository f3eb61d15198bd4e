import type { Kysely } from 'kysely';

/**
 * The portfolio's summaries, kept by the money events in their own transactions (decision 0111):
 * `portfolio_sums` holds each figure's sum per lender day (or cohort and month), product and
 * campaign; `portfolio_order_standings` each order's outstanding principal, oldest unpaid due date
 * and what it adds to those sums, so the next event on it writes only the difference.
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('portfolio_sums')
    .addColumn('figure', 'text', (col) => col.notNull())
    .addColumn('product_id', 'integer', (col) => col.notNull())
    // '' when the borrower came through no campaign: a key column cannot be null.
    .addColumn('utm_tag', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('month', 'text', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('portfolio_sums_pk', ['figure', 'product_id', 'utm_tag', 'day', 'month'])
    .execute();
  await db.schema
    .createTable('portfolio_order_standings')
    .addColumn('order_id', 'integer', (col) => col.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (col) => col.notNull())
    .addColumn('utm_tag', 'text', (col) => col.notNull())
    .addColumn('outstanding_principal', 'bigint', (col) => col.notNull())
    .addColumn('oldest_unpaid_due', 'text')
    // JSON [[figure, day, month, amount], …]: the order's part of portfolio_sums.
    .addColumn('sums', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('portfolio_order_standings').execute();
  await db.schema.dropTable('portfolio_sums').execute();
}
