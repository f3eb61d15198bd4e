import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * The borrower profile (decision 0113): operators' notes on a borrower, append-only (database
 * triggers refuse UPDATE and DELETE, as for the credit decisions), and the indexes borrower
 * search walks (a prefix of the lower-cased name, a phone's last four digits) and the one the
 * order queue sorted by amount walks.
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('borrower_notes'))
    .addColumn('borrower_id', 'integer', (col) => col.notNull().references('borrowers.id'))
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('operator_id', 'integer', (col) => col.notNull())
    .addColumn('operator_name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('borrower_notes_borrower')
    .on('borrower_notes')
    .columns(['borrower_id', 'id'])
    .execute();
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // Bytewise in both dialects (SQLite's default, PostgreSQL's "C"): a name's prefix is a range
  // the index answers in order, whatever the database's collation (borrower-search.ts).
  await sql`CREATE INDEX borrowers_name_search ON borrowers ((lower(full_name)) ${sql.raw(
    postgres ? 'COLLATE "C"' : '',
  )})`.execute(db);
  // The very expression the search compares (borrower-search.ts), in both dialects.
  await sql`CREATE INDEX borrowers_phone_last4 ON borrowers (substr(phone, length(phone) - 3))`.execute(db);
  // The order queue sorted by amount (decision 0113) reads a page off this instead of sorting the book.
  await db.schema.createIndex('orders_principal_id').on('orders').columns(['principal', 'id']).execute();
  if (postgres) {
    await sql`CREATE FUNCTION borrower_notes_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'borrower_notes is append-only'; END $$`.execute(db);
    await sql`CREATE TRIGGER borrower_notes_no_change BEFORE UPDATE OR DELETE OR TRUNCATE
      ON borrower_notes FOR EACH STATEMENT EXECUTE FUNCTION borrower_notes_append_only()`.execute(db);
  } else {
    await sql`CREATE TRIGGER borrower_notes_no_update BEFORE UPDATE ON borrower_notes
      BEGIN SELECT RAISE(ABORT, 'borrower_notes is append-only'); END`.execute(db);
    await sql`CREATE TRIGGER borrower_notes_no_delete BEFORE DELETE ON borrower_notes
      BEGIN SELECT RAISE(ABORT, 'borrower_notes is append-only'); END`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`DROP FUNCTION IF EXISTS borrower_notes_append_only CASCADE`.execute(db);
  }
  await db.schema.dropIndex('orders_principal_id').execute();
  await db.schema.dropIndex('borrowers_phone_last4').execute();
  await db.schema.dropIndex('borrowers_name_search').execute();
  await db.schema.dropTable('borrower_notes').execute();
}
