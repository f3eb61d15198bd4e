import { assertBalanced, calendarDateAt, type JournalEntryDraft } from '@kwarta/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Where an entry comes from and what it concerns, beside its lines. */
export interface JournalPosting {
  /**
   * The event's idempotency key (`payment:<id>:applied`, `penalty:<order>:<date>`, …): a second
   * posting under the same key writes nothing, so a replayed postback or a rerun job books once.
   */
  eventKey: string;
  /** When the event happened; its date in the lender's time zone dates the entry. */
  at: Date;
  timeZone: string;
  orderId?: number | null;
  paymentId?: number | null;
  provider?: string | null;
  providerRef?: string | null;
  reversesEntryId?: number | null;
  memo?: string;
}

/**
 * Writes one balanced journal entry, in the caller's transaction (the event's own), so the
 * event and its entry commit or roll back together. Append-only: nothing here or anywhere else
 * updates or deletes a journal row; a correction is a reversing entry (domain reversalOf).
 * Returns the entry's id, or null when the event was already booked (or moved no money).
 */
export async function postJournalEntry(
  trx: Kysely<Database>,
  draft: JournalEntryDraft | null,
  posting: JournalPosting,
): Promise<number | null> {
  if (!draft) return null;
  assertBalanced(draft);
  const entryDate = calendarDateAt(posting.at, posting.timeZone);
  const orderId = posting.orderId ?? null;
  const inserted = await trx
    .insertInto('journal_entries')
    .values({
      entry_date: entryDate,
      posted_at: posting.at.toISOString(),
      kind: draft.kind,
      event_key: posting.eventKey,
      order_id: orderId,
      payment_id: posting.paymentId ?? null,
      provider: posting.provider ?? null,
      provider_ref: posting.providerRef ?? null,
      reverses_entry_id: posting.reversesEntryId ?? null,
      memo: posting.memo ?? '',
    })
    .onConflict((conflict) => conflict.column('event_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return null;
  await trx
    .insertInto('journal_lines')
    .values(
      draft.lines.map((line) => ({
        entry_id: inserted.id,
        entry_date: entryDate,
        order_id: orderId,
        account: line.account,
        debit: line.debit,
        credit: line.credit,
      })),
    )
    .execute();
  return inserted.id;
}
