import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { DataSubject } from './borrower-data-registry.ts';

/** The borrower a request is about with the keys other tables reach them by; null when unknown. */
export async function findDataSubject(db: Kysely<Database>, borrowerId: number): Promise<DataSubject | null> {
  const borrower = await db
    .selectFrom('borrowers')
    .select(['id', 'phone'])
    .where('id', '=', borrowerId)
    .executeTakeFirst();
  if (!borrower) return null;
  const orders = await db.selectFrom('orders').select('id').where('borrower_id', '=', borrowerId).execute();
  return { borrowerId, phone: borrower.phone, orderIds: orders.map((order) => order.id) };
}
