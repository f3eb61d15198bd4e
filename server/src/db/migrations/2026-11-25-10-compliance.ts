import type { Kysely } from 'kysely';

/**
 * Lending under a compliance profile (D16): each order keeps the profile whose caps covered it
 * when it was taken (null: none did), its fees by name as the disclosure statement itemised them,
 * the extension fees it has paid (charges under the total cost cap), and which cap, if any, held
 * back its last penalty accrual, for its page and the console to say so.
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('compliance_profile', 'text').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('fees', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('extension_fees', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('charges_capped_by', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['charges_capped_by', 'extension_fees', 'fees', 'compliance_profile']) {
    await db.schema.alterTable('orders').dropColumn(name).execute();
  }
}
