import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * The operator console (decision 0080): an optional TOTP secret per operator, the audit log every
 * console write adds a row to in its own transaction, and the indexes the order queue and the
 * complaints inbox page by. The audit log refuses UPDATE and DELETE at the database itself, so no
 * code path (console, CLI or a mistake) can rewrite what an operator did.
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Base32 TOTP secret (RFC 6238); null while the operator has no second factor.
  await db.schema.alterTable('operators').addColumn('totp_secret', 'text').execute();

  await withId(db, db.schema.createTable('operator_audit'))
    .addColumn('operator_id', 'integer', (col) => col.notNull())
    // The name as it was then: an operator renamed or disabled later still reads as who acted.
    .addColumn('operator_name', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('operator_audit_subject')
    .on('operator_audit')
    .columns(['subject', 'id'])
    .execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`CREATE FUNCTION operator_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'operator_audit is append-only'; END $$`.execute(db);
    // Per statement, so TRUNCATE and a statement that matches no row are refused too.
    await sql`CREATE TRIGGER operator_audit_no_change BEFORE UPDATE OR DELETE OR TRUNCATE ON operator_audit
      FOR EACH STATEMENT EXECUTE FUNCTION operator_audit_append_only()`.execute(db);
  } else {
    await sql`CREATE TRIGGER operator_audit_no_update BEFORE UPDATE ON operator_audit
      BEGIN SELECT RAISE(ABORT, 'operator_audit is append-only'); END`.execute(db);
    await sql`CREATE TRIGGER operator_audit_no_delete BEFORE DELETE ON operator_audit
      BEGIN SELECT RAISE(ABORT, 'operator_audit is append-only'); END`.execute(db);
  }

  // The order queue: newest first, optionally one status (orders_status_due_idx leads with status
  // but orders by due date, so a status page would sort 100,000 rows).
  await db.schema.createIndex('orders_status_id').on('orders').columns(['status', 'id']).execute();
  // The complaints inbox: unanswered first, oldest first.
  await db.schema
    .createIndex('problems_replied_created')
    .on('problems')
    .columns(['replied_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('problems_replied_created').execute();
  await db.schema.dropIndex('orders_status_id').execute();
  await db.schema.dropTable('operator_audit').execute();
  await sql`DROP FUNCTION IF EXISTS operator_audit_append_only`.execute(db).catch(() => {});
  await db.schema.alterTable('operators').dropColumn('totp_secret').execute();
}
