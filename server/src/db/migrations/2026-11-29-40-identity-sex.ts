import type { Kysely } from 'kysely';

/**
 * The borrower's sex as their ID states it (M or F), which the CIC's individual record requires
 * (decision 0106). Null for an identity stated before it was asked: the CIC file's validator then
 * lists that borrower's gender as missing.
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('identities').addColumn('sex', 'text').execute();
}
