import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Who downloaded which CIC submission file (decision 0107): one row per download naming the file,
 * not one per borrower in it, and each file's borrowers, so a borrower's access log can say which
 * downloaded files held them.
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cic_submission_borrowers')
    .addColumn('submission_id', 'integer', (col) => col.notNull().references('cic_submissions.id'))
    .addColumn('borrower_id', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('cic_submission_borrowers_pk', ['submission_id', 'borrower_id'])
    .execute();
  await db.schema
    .createIndex('cic_submission_borrowers_borrower')
    .on('cic_submission_borrowers')
    .column('borrower_id')
    .execute();
  await withId(db, db.schema.createTable('personal_data_file_reads'))
    .addColumn('operator_id', 'integer', (col) => col.notNull())
    .addColumn('operator_name', 'text', (col) => col.notNull())
    .addColumn('cic_submission_id', 'integer', (col) => col.notNull().references('cic_submissions.id'))
    .addColumn('what', 'text', (col) => col.notNull())
    .addColumn('at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('personal_data_file_reads_submission')
    .on('personal_data_file_reads')
    .column('cic_submission_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('personal_data_file_reads').execute();
  await db.schema.dropTable('cic_submission_borrowers').execute();
}
