import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * How many complaints the borrower has filed: a credit decision's input (decision 0109), as a
 * scalar subquery the decision's one read of its inputs selects (by problems_borrower_idx).
 */
export function borrowerComplaintCount(db: Kysely<Database>, borrowerId: number) {
  return db
    .selectFrom('problems')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('borrower_id', '=', borrowerId);
}
