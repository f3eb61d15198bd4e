import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { Database } from '../../db/schema.ts';

/**
 * How many other borrowers signed in on a device this borrower used: one of a credit decision's
 * inputs (decision 0109), where several borrowers on one phone hint at a loan-farming ring.
 */
export async function otherBorrowersOnDevicesOf(db: Kysely<Database>, borrowerId: number): Promise<number> {
  const [row] = await sharedDevicesQuery(db, borrowerId, borrowerId);
  return Number(row?.count ?? 0);
}

// Compiled once (preparedQuery): it is read on every credit decision.
const sharedDevicesQuery = preparedQuery((db: Kysely<Database>, borrowerId: number, sameBorrowerId: number) =>
  db
    .selectFrom('sessions as others')
    .select((eb) => eb.fn.count<number | string>('others.borrower_id').distinct().as('count'))
    .where('others.device_id', 'in', (eb) =>
      eb
        .selectFrom('sessions as own')
        .select('own.device_id')
        .where('own.borrower_id', '=', borrowerId)
        .where('own.device_id', 'is not', null),
    )
    .where('others.borrower_id', '!=', sameBorrowerId),
);
