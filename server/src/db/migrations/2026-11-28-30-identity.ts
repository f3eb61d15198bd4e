import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Identity and sanctions screening (decision 0108): what the borrower stated and the document
 * they showed, the photos of it, the PhilSys QR check, the imported sanctions lists and the
 * hits screening found. Identity rows are kept five years after the relationship ends.
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('identities')
    .addColumn('borrower_id', 'integer', (col) => col.primaryKey().references('borrowers.id'))
    // pending (waits for an officer) | verified | rejected
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('middle_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('date_of_birth', 'text', (col) => col.notNull())
    .addColumn('place_of_birth', 'text', (col) => col.notNull())
    .addColumn('nationality', 'text', (col) => col.notNull())
    .addColumn('present_address', 'text', (col) => col.notNull())
    .addColumn('permanent_address', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('occupation', 'text', (col) => col.notNull())
    .addColumn('employer', 'text', (col) => col.notNull())
    .addColumn('source_of_funds', 'text', (col) => col.notNull())
    .addColumn('tax_number', 'text')
    .addColumn('document_type', 'text', (col) => col.notNull())
    .addColumn('document_number', 'text', (col) => col.notNull())
    .addColumn('front_image_id', 'text', (col) => col.notNull())
    .addColumn('back_image_id', 'text', (col) => col.notNull())
    .addColumn('selfie_image_id', 'text', (col) => col.notNull())
    // verified | mismatch | unreadable | unsigned | not-philsys
    .addColumn('qr_outcome', 'text', (col) => col.notNull())
    .addColumn('qr_detail', 'text', (col) => col.notNull())
    .addColumn('qr_checked_at', 'text', (col) => col.notNull())
    // clear | possible | confirmed
    .addColumn('screening', 'text', (col) => col.notNull())
    .addColumn('screened_at', 'text', (col) => col.notNull())
    // low | normal | high (decision 0108)
    .addColumn('risk_rating', 'text', (col) => col.notNull())
    .addColumn('submitted_at', 'text', (col) => col.notNull())
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('decision_reason', 'text')
    .execute();
  await db.schema
    .createIndex('identities_status')
    .on('identities')
    .columns(['status', 'submitted_at'])
    .execute();
  await db.schema
    .createTable('identity_images')
    .addColumn('public_id', 'text', (col) => col.primaryKey())
    .addColumn('borrower_id', 'integer', (col) => col.notNull().references('borrowers.id'))
    .addColumn('storage_key', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('byte_size', 'integer', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('identity_images_borrower')
    .on('identity_images')
    .columns(['borrower_id'])
    .execute();
  await withId(db, db.schema.createTable('sanctions_entries'))
    .addColumn('list_name', 'text', (col) => col.notNull())
    .addColumn('reference', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    // JSON arrays of strings.
    .addColumn('aliases', 'text', (col) => col.notNull())
    .addColumn('dates_of_birth', 'text', (col) => col.notNull())
    .addColumn('imported_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('sanctions_entries_reference', ['list_name', 'reference'])
    .execute();
  await withId(db, db.schema.createTable('screening_hits'))
    .addColumn('borrower_id', 'integer', (col) => col.notNull().references('borrowers.id'))
    .addColumn('list_name', 'text', (col) => col.notNull())
    .addColumn('reference', 'text', (col) => col.notNull())
    .addColumn('listed_name', 'text', (col) => col.notNull())
    .addColumn('matched_name', 'text', (col) => col.notNull())
    // Similarity in thousandths (0..1000): integers compare the same on both databases.
    .addColumn('score', 'integer', (col) => col.notNull())
    .addColumn('date_of_birth_agrees', 'integer')
    // possible | cleared | confirmed
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('screening_hits_once', ['borrower_id', 'list_name', 'reference'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('screening_hits').execute();
  await db.schema.dropTable('sanctions_entries').execute();
  await db.schema.dropTable('identity_images').execute();
  await db.schema.dropTable('identities').execute();
}
