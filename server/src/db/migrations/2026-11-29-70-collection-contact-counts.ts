import type { Kysely } from 'kysely';

/**
 * Collection messages sent to a phone per lender day (decision 0103), claimed atomically before
 * each send so concurrent delivery passes cannot pass the daily cap. Holds phones: listed in the
 * data-privacy registry, erased with the borrower and removed by retention once the day is over.
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('collection_contact_counts')
    .addColumn('phone', 'text', (col) => col.notNull())
    /** The lender's calendar date, YYYY-MM-DD. */
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('collection_contact_counts_pk', ['phone', 'day'])
    .execute();
  await db.schema
    .createIndex('collection_contact_counts_day')
    .on('collection_contact_counts')
    .column('day')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('collection_contact_counts').execute();
}
