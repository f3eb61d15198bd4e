import { PostgresAdapter, sql, type Kysely } from 'kysely';

const tables = ['journal_entries', 'journal_lines'] as const;

/**
 * The journal is append-only at the database itself, as the audit log is (2026-11-23-70-console):
 * UPDATE and DELETE (and TRUNCATE on PostgreSQL) are refused, so no code path, CLI or mistake can
 * rewrite what was booked; a correction is a reversing entry (DESIGN D17, decision 0099).
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`CREATE FUNCTION journal_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION '% is append-only', TG_TABLE_NAME; END $$`.execute(db);
    for (const table of tables) {
      // Per statement, so TRUNCATE and a statement that matches no row are refused too.
      await sql`CREATE TRIGGER ${sql.raw(`${table}_no_change`)} BEFORE UPDATE OR DELETE OR TRUNCATE
        ON ${sql.table(table)} FOR EACH STATEMENT EXECUTE FUNCTION journal_append_only()`.execute(db);
    }
  } else {
    for (const table of tables) {
      await sql`CREATE TRIGGER ${sql.raw(`${table}_no_update`)} BEFORE UPDATE ON ${sql.table(table)}
        BEGIN SELECT RAISE(ABORT, ${sql.lit(`${table} is append-only`)}); END`.execute(db);
      await sql`CREATE TRIGGER ${sql.raw(`${table}_no_delete`)} BEFORE DELETE ON ${sql.table(table)}
        BEGIN SELECT RAISE(ABORT, ${sql.lit(`${table} is append-only`)}); END`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of tables) {
      await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${table}_no_change`)} ON ${sql.table(table)}`.execute(db);
    }
    await sql`DROP FUNCTION IF EXISTS journal_append_only`.execute(db);
  } else {
    for (const table of tables) {
      await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${table}_no_update`)}`.execute(db);
      await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${table}_no_delete`)}`.execute(db);
    }
  }
}
