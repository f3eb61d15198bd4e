import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * How many other borrowers signed in on a device this borrower used: one of a credit decision's
 * inputs (decision 0109), where several borrowers on one phone hint at a loan-farming ring. A
 * scalar subquery the decision's one read of its inputs selects: the borrower's devices by
 * sessions_borrower_idx, their other sessions by sessions_device_id.
 */
export function otherBorrowersOnDevices(db: Kysely<Database>, borrowerId: number) {
  return db
    .selectFrom('sessions as others')
    .select((eb) => eb.fn.count<number | string>('others.borrower_id').distinct().as('count'))
    .where('others.device_id', 'in', (eb) =>
      eb
        .selectFrom('sessions as own')
        .select('own.device_id')
        .where('own.borrower_id', '=', borrowerId)
        .where('own.device_id', 'is not', null),
    )
    .where('others.borrower_id', '!=', borrowerId);
}
