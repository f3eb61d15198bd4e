import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { withId } from './helpers.ts';

const appendOnly = [
  'credit_decision_models',
  'credit_model_activations',
  'credit_decisions',
  'credit_decision_overrides',
];

/**
 * Credit decisions (DESIGN D21, decision 0109). Models are stored by content hash, once; which one
 * decides is the latest activation (per product, or for all when product_id is null), so
 * activating and rolling back are both a new row and the history is the table. Every decision,
 * override and review request is a row that is never changed: the database refuses UPDATE and
 * DELETE on them, as on the journal (2026-11-27-20-journal-append-only).
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('credit_decision_models'))
    .addColumn('version_hash', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('saved_by', 'text', (col) => col.notNull())
    .addColumn('saved_at', 'text', (col) => col.notNull())
    .execute();
  await withId(db, db.schema.createTable('credit_model_activations'))
    .addColumn('model_id', 'integer', (col) => col.notNull().references('credit_decision_models.id'))
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('product_id', 'integer')
    .addColumn('challenger_share_bps', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('activated_by', 'text', (col) => col.notNull())
    .addColumn('activated_at', 'text', (col) => col.notNull())
    .addColumn('reason', 'text')
    .execute();
  await withId(db, db.schema.createTable('credit_decisions'))
    .addColumn('order_id', 'integer', (col) => col.notNull().unique().references('orders.id'))
    .addColumn('borrower_id', 'integer', (col) => col.notNull())
    .addColumn('model_id', 'integer', (col) => col.references('credit_decision_models.id'))
    .addColumn('model_hash', 'text')
    .addColumn('challenger', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('inputs', 'text', (col) => col.notNull())
    .addColumn('trace', 'text', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('reasons', 'text', (col) => col.notNull())
    .addColumn('limit_amount', 'integer')
    .addColumn('limit_term_days', 'integer')
    .addColumn('error', 'text')
    .addColumn('took_us', 'integer', (col) => col.notNull())
    .addColumn('decided_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('credit_decisions_decided_at')
    .on('credit_decisions')
    .column('decided_at')
    .execute();
  await withId(db, db.schema.createTable('credit_decision_overrides'))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('actor', 'text', (col) => col.notNull())
    .addColumn('outcome', 'text')
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // One review request per order: a second tap answers the first.
  await db.schema
    .createIndex('credit_decision_overrides_one_review')
    .on('credit_decision_overrides')
    .columns(['order_id', 'kind'])
    .unique()
    .where(sql.ref('kind'), '=', 'review-request')
    .execute();
  // The inputs read "the same device on other borrowers" through this.
  await db.schema.createIndex('sessions_device_id').on('sessions').column('device_id').execute();
  // …and "the same payout account on other borrowers" through this (decision 0109).
  await db.schema
    .createIndex('payment_accounts_lookalike')
    .on('payment_accounts')
    .columns(['account_last4', 'institution_code'])
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`CREATE FUNCTION credit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION '% is append-only', TG_TABLE_NAME; END $$`.execute(db);
    for (const table of appendOnly) {
      await sql`CREATE TRIGGER ${sql.raw(`${table}_no_change`)} BEFORE UPDATE OR DELETE OR TRUNCATE
        ON ${sql.table(table)} FOR EACH STATEMENT EXECUTE FUNCTION credit_append_only()`.execute(db);
    }
  } else {
    for (const table of appendOnly) {
      await sql`CREATE TRIGGER ${sql.raw(`${table}_no_update`)} BEFORE UPDATE ON ${sql.table(table)}
        BEGIN SELECT RAISE(ABORT, ${sql.lit(`${table} is append-only`)}); END`.execute(db);
      await sql`CREATE TRIGGER ${sql.raw(`${table}_no_delete`)} BEFORE DELETE ON ${sql.table(table)}
        BEGIN SELECT RAISE(ABORT, ${sql.lit(`${table} is append-only`)}); END`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`DROP FUNCTION IF EXISTS credit_append_only CASCADE`.execute(db);
  }
  await db.schema.dropIndex('sessions_device_id').execute();
  await db.schema.dropIndex('payment_accounts_lookalike').execute();
  for (const table of [...appendOnly].reverse()) await db.schema.dropTable(table).execute();
}
