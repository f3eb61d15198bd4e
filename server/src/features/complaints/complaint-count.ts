import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { Database } from '../../db/schema.ts';

/** How many complaints the borrower has filed: a credit decision's input (decision 0109). */
export async function countBorrowerComplaints(db: Kysely<Database>, borrowerId: number): Promise<number> {
  const [row] = await complaintCountQuery(db, borrowerId);
  return Number(row?.count ?? 0);
}

// Compiled once (preparedQuery): it is read on every credit decision.
const complaintCountQuery = preparedQuery((db: Kysely<Database>, borrowerId: number) =>
  db
    .selectFrom('problems')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('borrower_id', '=', borrowerId),
);
