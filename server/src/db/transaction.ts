import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Runs `work` in a transaction: the one it is handed when `db` already is one (a use case called
 * by another inside its transaction), else a new one. So use cases compose: whatever the
 * outermost caller started commits or rolls back as one.
 */
export function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
