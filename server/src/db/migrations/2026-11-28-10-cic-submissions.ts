import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Every CIC submission file generated (decision 0106): its month, regular or correction, where it
 * was written, its SHA-256 and counts, who generated it and who marked it sent to the CIC.
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('cic_submissions'))
    .addColumn('month', 'text', (col) => col.notNull())
    .addColumn('submission_type', 'integer', (col) => col.notNull())
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('file_path', 'text', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('byte_size', 'bigint', (col) => col.notNull())
    .addColumn('subjects', 'integer', (col) => col.notNull())
    .addColumn('contracts', 'integer', (col) => col.notNull())
    .addColumn('generated_by', 'text', (col) => col.notNull())
    .addColumn('generated_at', 'text', (col) => col.notNull())
    .addColumn('sent_by', 'text')
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('cic_submissions_month').on('cic_submissions').column('month').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cic_submissions').execute();
}
