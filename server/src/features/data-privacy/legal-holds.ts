import type { Kysely } from 'kysely';
import { addDays, calendarDateAt, isOpenStatus, orderStatuses, owingStatuses } from '@kwarta/domain';
import type { Retention } from '@kwarta/domain/retention';
import type { Database } from '../../db/schema.ts';
import type { Hold } from './borrower-data-registry.ts';

/** Orders that keep their borrower's loan data: not final, or written off and still owed. */
export const holdingStatuses: readonly number[] = orderStatuses.filter(
  (status) => isOpenStatus(status) || owingStatuses.includes(status),
);

/** What is kept of an erased borrower, and until when (null: while the loan is open). */
export interface HeldRecords {
  hold: Exclude<Hold, 'none'>;
  until: string | null;
}

/**
 * The day the borrower's relationship with the lender ended: the last loan's close (settled,
 * rejected, or its last change), or registration when there was no loan. Null while a loan holds.
 */
export async function relationshipEnd(
  db: Kysely<Database>,
  borrowerId: number,
  timeZone: string,
): Promise<string | null> {
  const orders = await db
    .selectFrom('orders')
    .select(['status', 'settled_at', 'updated_at'])
    .where('borrower_id', '=', borrowerId)
    .execute();
  if (orders.some((order) => holdingStatuses.includes(order.status))) return null;
  const borrower = await db
    .selectFrom('borrowers')
    .select('created_at')
    .where('id', '=', borrowerId)
    .executeTakeFirstOrThrow();
  const last = orders
    .map((order) => order.settled_at ?? order.updated_at)
    .reduce((latest, at) => (at > latest ? at : latest), borrower.created_at);
  return calendarDateAt(new Date(last), timeZone);
}

/** The holds on a borrower today: what an erasure must keep, and until when. */
export async function legalHolds(
  db: Kysely<Database>,
  input: { borrowerId: number; retention: Retention; timeZone: string },
): Promise<HeldRecords[]> {
  const ended = await relationshipEnd(db, input.borrowerId, input.timeZone);
  const identityUntil = ended === null ? null : addDays(ended, input.retention.borrowerRecords.days);
  const holds: HeldRecords[] = [
    { hold: 'identity-aml', until: identityUntil },
    { hold: 'ledger', until: null },
  ];
  if (ended === null) holds.unshift({ hold: 'open-loan', until: null });
  return holds;
}
