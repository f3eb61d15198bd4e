import { PostgresAdapter, type Kysely } from 'kysely';
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

/**
 * Serialises the transactions that touch one borrower's rows: on PostgreSQL the borrower's row is
 * locked until this transaction ends, so a second one waits here and then sees what the first
 * committed (read committed). SQLite needs nothing: its one connection runs one transaction at a time.
 */
export async function lockBorrower(trx: Kysely<Database>, borrowerId: number): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx.selectFrom('borrowers').select('id').where('id', '=', borrowerId).forUpdate().execute();
}
