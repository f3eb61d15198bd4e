import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * The brand an admin saves in the console (decision 0096): one row per save,
 * the newest shown; with no row the configured brand (BRAND_FILE, BRAND_*) shows. Rows are never
 * changed, so the table is the brand's history beside the audit log.
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('brand_looks'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('primary_colour', 'text', (col) => col.notNull())
    .addColumn('accent_colour', 'text', (col) => col.notNull())
    .addColumn('text_colour', 'text', (col) => col.notNull())
    .addColumn('url_scheme', 'text', (col) => col.notNull())
    .addColumn('saved_by', 'integer', (col) => col.notNull().references('operators.id'))
    .addColumn('saved_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('brand_looks').execute();
}
