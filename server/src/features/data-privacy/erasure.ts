import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { BlobStorage } from '../../lib/blob-storage.ts';
import { borrowerDataTables, pseudonymOf, type Hold } from './borrower-data-registry.ts';
import { findDataSubject } from './data-subject.ts';

export interface ErasureDeps {
  db: Kysely<Database>;
  storage: BlobStorage;
}

/** Rows changed per table: what an erasure or a retention run did. */
export type ErasedCounts = Record<string, number>;

/**
 * Erases the borrower's rows in every registered table whose hold is not among `keep`
 * (decision 0107). Each table's eraser changes only what is not erased yet, so running it again
 * changes nothing. The ledger is never erased; it stays against the pseudonymous borrower.
 * Runs in one transaction where the caller gives one; blobs are deleted first (see the registry).
 */
export async function eraseBorrowerData(
  deps: ErasureDeps,
  input: { borrowerId: number; keep: ReadonlySet<Hold> },
): Promise<ErasedCounts> {
  const subject = await findDataSubject(deps.db, input.borrowerId);
  if (!subject) return {};
  const counts: ErasedCounts = {};
  const eraseDeps = { ...deps, pseudonym: pseudonymOf(input.borrowerId) };
  // The borrower row (which holds the phone other tables are found by) goes last.
  const ordered = [
    ...borrowerDataTables.filter(([table]) => table !== 'borrowers'),
    ...borrowerDataTables.filter(([table]) => table === 'borrowers'),
  ];
  for (const [table, entry] of ordered) {
    if (entry.hold === 'ledger' || input.keep.has(entry.hold)) continue;
    const changed = await entry.erase(eraseDeps, subject);
    if (changed > 0) counts[table] = changed;
  }
  return counts;
}

/** Anonymises the borrower whose every period has ended: all but the ledger, and marks them done. */
export async function anonymiseBorrower(
  deps: ErasureDeps,
  input: { borrowerId: number; now: Date },
): Promise<ErasedCounts> {
  const counts = await eraseBorrowerData(deps, { borrowerId: input.borrowerId, keep: new Set() });
  await deps.db
    .insertInto('anonymised_borrowers')
    .values({ borrower_id: input.borrowerId, anonymised_at: input.now.toISOString() })
    .onConflict((conflict) => conflict.column('borrower_id').doNothing())
    .execute();
  return counts;
}
