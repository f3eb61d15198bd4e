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
  const [id] = await postJournalEntries(trx, [{ draft, posting }]);
  return id ?? null;
}

/**
 * postJournalEntry for many events at once (the daily job's page of accruals): two statements
 * whatever their number, each event still booked once under its own key. Returns each event's
 * entry id, or null, in the order given. The caller keeps the batch within the database's
 * bind-parameter limit (ten per entry, six per line).
 */
export async function postJournalEntries(
  trx: Kysely<Database>,
  events: readonly { draft: JournalEntryDraft | null; posting: JournalPosting }[],
): Promise<(number | null)[]> {
  const booked = events.flatMap(({ draft, posting }) => {
    if (!draft) return [];
    assertBalanced(draft);
    return [{ draft, posting, entryDate: calendarDateAt(posting.at, posting.timeZone) }];
  });
  if (booked.length === 0) return events.map(() => null);
  if (new Set(booked.map(({ posting }) => posting.eventKey)).size < booked.length) {
    throw new Error('postJournalEntries: one event key twice in a batch');
  }
  const inserted = await trx
    .insertInto('journal_entries')
    .values(
      booked.map(({ draft, posting, entryDate }) => ({
        entry_date: entryDate,
        posted_at: posting.at.toISOString(),
        kind: draft.kind,
        event_key: posting.eventKey,
        order_id: posting.orderId ?? null,
        payment_id: posting.paymentId ?? null,
        provider: posting.provider ?? null,
        provider_ref: posting.providerRef ?? null,
        reverses_entry_id: posting.reversesEntryId ?? null,
        memo: posting.memo ?? '',
      })),
    )
    .onConflict((conflict) => conflict.column('event_key').doNothing())
    .returning(['id', 'event_key'])
    .execute();
  // RETURNING's order is not promised to follow VALUES: entries are matched by their key.
  const idByKey = new Map(inserted.map((row) => [row.event_key, row.id]));
  const lines = booked.flatMap(({ draft, posting, entryDate }) => {
    const entryId = idByKey.get(posting.eventKey);
    if (entryId === undefined) return [];
    return draft.lines.map((line) => ({
      entry_id: entryId,
      entry_date: entryDate,
      order_id: posting.orderId ?? null,
      account: line.account,
      debit: line.debit,
      credit: line.credit,
    }));
  });
  if (lines.length > 0) await trx.insertInto('journal_lines').values(lines).execute();
  return events.map(({ draft, posting }) => (draft ? (idByKey.get(posting.eventKey) ?? null) : null));
}
