import { sql, type Kysely } from 'kysely';
import type { CalendarDate } from '@kwarta/domain';
import type { Database } from '../../db/schema.ts';

/**
 * The day's collection messages of a phone, claimed one at a time before each is sent (decision
 * 0103): a single statement increments the phone's count for the lender day only while it is under
 * the cap, so two delivery passes at once cannot both read "under the cap" and send one too many.
 * PostgreSQL takes the row's lock for the upsert; SQLite writes one at a time. Released when the
 * send fails, so the slot goes to a message that does reach the borrower.
 */
export async function claimCollectionContact(
  db: Kysely<Database>,
  slot: { phone: string; day: CalendarDate; cap: number },
): Promise<boolean> {
  const claimed = await db
    .insertInto('collection_contact_counts')
    .values({ phone: slot.phone, day: slot.day, count: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['phone', 'day'])
        .doUpdateSet({ count: sql<number>`collection_contact_counts.count + 1` })
        .where('collection_contact_counts.count', '<', slot.cap),
    )
    .returning('count')
    .executeTakeFirst();
  return claimed !== undefined;
}

export async function releaseCollectionContact(
  db: Kysely<Database>,
  slot: { phone: string; day: CalendarDate },
): Promise<void> {
  await db
    .updateTable('collection_contact_counts')
    .set({ count: sql<number>`count - 1` })
    .where('phone', '=', slot.phone)
    .where('day', '=', slot.day)
    .where('count', '>', 0)
    .execute();
}

/** Both, as the SMS delivery takes them (it sends; collections keeps the count). */
export const collectionContactSlots = {
  claim: claimCollectionContact,
  release: releaseCollectionContact,
};
