import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

// What waits for each open transaction inTransaction began: run once it has committed, dropped
// if it rolls back. Keyed by the transaction's Kysely, which use cases hand on as `db`.
const afterCommitOf = new WeakMap<Kysely<Database>, (() => void)[]>();

/**
 * Runs `work` in a transaction: the one it is handed when `db` already is one (a use case called
 * by another inside its transaction), else a new one. So use cases compose: whatever the
 * outermost caller started commits or rolls back as one.
 */
export async function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return work(db);
  const committed: (() => void)[] = [];
  const result = await db.transaction().execute((trx) => {
    afterCommitOf.set(trx, committed);
    return work(trx);
  });
  for (const run of committed) run();
  return result;
}

/**
 * Runs `then` once what `db` wrote is committed: at once outside a transaction (each statement
 * commits on its own), else after the outermost inTransaction commits, and never if it rolls
 * back. For what must not count work that was undone (metrics). A transaction begun elsewhere
 * cannot be followed, and is a programming error.
 */
export function afterCommit(db: Kysely<Database>, then: () => void): void {
  if (!db.isTransaction) return then();
  const waiting = afterCommitOf.get(db);
  if (!waiting) throw new Error('afterCommit: the transaction was not begun by inTransaction');
  waiting.push(then);
}
