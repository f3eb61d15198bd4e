import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Borrowers' rights under the Data Privacy Act (decision 0107): the privacy policy's versions and
 * each borrower's acknowledgements, data-subject requests, the console's access log of personal
 * data, the breach register, export links, and which borrowers the retention job anonymised.
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('privacy_policy_versions'))
    .addColumn('version', 'text', (col) => col.notNull().unique())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('effective_on', 'text', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('privacy_acknowledgements'))
    .addColumn('borrower_id', 'integer', (col) => col.notNull().references('borrowers.id'))
    /** 'policy' or a just-in-time notice ('identity-camera'). */
    .addColumn('notice', 'text', (col) => col.notNull())
    .addColumn('version', 'text', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    /** 'registration' | 'app' | 'web'. */
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('acknowledged_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('privacy_acknowledgements_once', ['borrower_id', 'notice', 'version'])
    .execute();

  await withId(db, db.schema.createTable('data_subject_requests'))
    .addColumn('borrower_id', 'integer', (col) => col.notNull().references('borrowers.id'))
    /** 'correction' | 'erasure' | 'block'. */
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('field', 'text')
    .addColumn('requested_value', 'text')
    /** 'open' | 'done' | 'refused'. */
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('opened_at', 'text', (col) => col.notNull())
    /** The lender's calendar date by which it must be answered (30 Philippine working days). */
    .addColumn('due_on', 'text', (col) => col.notNull())
    .addColumn('closed_at', 'text')
    /** JSON: what was erased, what is held and until when, or why it was refused. */
    .addColumn('outcome', 'text')
    /** Set while the request is open: one open request per borrower and kind. */
    .addColumn('open_key', 'text', (col) => col.unique())
    .execute();

  await withId(db, db.schema.createTable('personal_data_access_log'))
    .addColumn('operator_id', 'integer', (col) => col.notNull())
    .addColumn('operator_name', 'text', (col) => col.notNull())
    .addColumn('borrower_id', 'integer', (col) => col.notNull())
    .addColumn('what', 'text', (col) => col.notNull())
    .addColumn('at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('personal_data_access_log_borrower')
    .on('personal_data_access_log')
    .columns(['borrower_id', 'at'])
    .execute();

  await withId(db, db.schema.createTable('privacy_breaches'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('discovered_at', 'text', (col) => col.notNull())
    .addColumn('npc_notified_at', 'text')
    .addColumn('recorded_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('data_export_links')
    /** SHA-256 of the link's token: a copied database hands out no live link. */
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('borrower_id', 'integer', (col) => col.notNull().references('borrowers.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('anonymised_borrowers')
    .addColumn('borrower_id', 'integer', (col) => col.primaryKey().references('borrowers.id'))
    .addColumn('anonymised_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'anonymised_borrowers',
    'data_export_links',
    'privacy_breaches',
    'personal_data_access_log',
    'data_subject_requests',
    'privacy_acknowledgements',
    'privacy_policy_versions',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
