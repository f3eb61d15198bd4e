import type { Kysely } from 'kysely';

/**
 * When a borrower last answered "Not now" to the order page's app rating. The page asks again only
 * after `Limits.ratingAskAgainDays` (decision 0051); one row per borrower, moved on each answer.
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_rating_declines')
    .addColumn('borrower_id', 'integer', (col) =>
      col.primaryKey().references('borrowers.id').onDelete('cascade'),
    )
    .addColumn('declined_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('app_rating_declines').execute();
}
