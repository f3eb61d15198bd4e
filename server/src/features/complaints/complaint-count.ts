import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** How many complaints the borrower has filed: a credit decision's input (decision 0109). */
export async function countBorrowerComplaints(db: Kysely<Database>, borrowerId: number): Promise<number> {
  const row = await db
    .selectFrom('problems')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('borrower_id', '=', borrowerId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
