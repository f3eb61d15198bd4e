import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Serialises the transactions that touch one borrower's rows: on PostgreSQL the borrower's row is
 * locked until this transaction ends, so a second one waits here and then sees what the first
 * committed (read committed). SQLite needs nothing: its one connection runs one transaction at a time.
 */
export async function lockBorrower(trx: Kysely<Database>, borrowerId: number): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx.selectFrom('borrowers').select('id').where('id', '=', borrowerId).forUpdate().execute();
}
