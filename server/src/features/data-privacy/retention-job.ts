import type { Kysely } from 'kysely';
import { addDays, calendarDateAt } from '@kwarta/domain';
import type { Retention } from '@kwarta/domain/retention';
import type { Database } from '../../db/schema.ts';
import type { BlobStorage } from '../../lib/blob-storage.ts';
import { inTransaction } from '../../db/transaction.ts';
import { anonymiseBorrower } from './erasure.ts';
import { holdingStatuses } from './legal-holds.ts';
import { carryOutErasure } from './subject-requests.ts';

export interface RetentionDeps {
  db: Kysely<Database>;
  storage: BlobStorage;
  retention: Retention;
  timeZone: string;
}

export interface RetentionCounts {
  /** Borrowers anonymised because their records' period ended. */
  anonymised: number;
  /** Rows changed in their tables. */
  rowsErased: number;
  /** SMS whose recipient and text were erased after the messages period, and past days' counts. */
  messagesErased: number;
  /** Taps deleted after the usage period. */
  usageDeleted: number;
  /** Erasure requests finished because the loan that held them closed. */
  erasuresFinished: number;
  [key: string]: number;
}

/** Borrowers a run takes per transaction: short transactions, so the app never waits on the job. */
export const RETENTION_BATCH = 500;

/**
 * The retention job (decision 0107): applies the periods of RETENTION_FILE. Idempotent: what it
 * erased is not found again (anonymised borrowers are marked, erased rows no longer match), so a
 * second run the same day changes nothing. Batched by borrower id, each batch in its own
 * transaction, so a crash mid-run leaves whole batches and the next run continues.
 */
export async function applyRetention(
  deps: RetentionDeps,
  input: { now: Date; batchSize?: number },
): Promise<RetentionCounts> {
  const { db, retention } = deps;
  const today = calendarDateAt(input.now, deps.timeZone);
  const counts: RetentionCounts = {
    anonymised: 0,
    rowsErased: 0,
    messagesErased: 0,
    usageDeleted: 0,
    erasuresFinished: 0,
  };

  // Relationship ended before this instant → period over. Compared as ISO text: the lender's day
  // cut-off would differ by hours at most, always on the later (keeping) side.
  const recordsCutoff = `${addDays(today, -retention.borrowerRecords.days)}T00:00:00.000Z`;
  const batchSize = input.batchSize ?? RETENTION_BATCH;
  let afterId = 0;
  for (;;) {
    const due = await db
      .selectFrom('borrowers as b')
      .select('b.id')
      .where('b.id', '>', afterId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('anonymised_borrowers as a')
              .select('a.borrower_id')
              .whereRef('a.borrower_id', '=', 'b.id'),
          ),
        ),
      )
      .where('b.created_at', '<', recordsCutoff)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('orders as o')
              .select('o.id')
              .whereRef('o.borrower_id', '=', 'b.id')
              // A loan that holds, or one closed within the period still.
              .where((o) =>
                o.or([o('o.status', 'in', holdingStatuses), o('o.updated_at', '>=', recordsCutoff)]),
              ),
          ),
        ),
      )
      .orderBy('b.id')
      .limit(batchSize)
      .execute();
    if (due.length === 0) break;
    await inTransaction(db, async (trx) => {
      for (const { id } of due) {
        const erased = await anonymiseBorrower(
          { db: trx, storage: deps.storage },
          { borrowerId: id, now: input.now },
        );
        counts.anonymised += 1;
        counts.rowsErased += Object.values(erased).reduce((sum, n) => sum + n, 0);
      }
    });
    afterId = due[due.length - 1]!.id;
  }

  const messagesCutoff = `${addDays(today, -retention.messages.days)}T00:00:00.000Z`;
  const outbox = await db
    .updateTable('sms_outbox')
    .set({ phone: '', text: '' })
    .where('created_at', '<', messagesCutoff)
    .where('phone', '!=', '')
    .executeTakeFirst();
  const messages = await db
    .updateTable('sms_messages')
    .set({ phone: '', text: '' })
    .where('created_at', '<', messagesCutoff)
    .where('phone', '!=', '')
    .where('status', 'in', ['sent', 'failed', 'skipped'])
    .executeTakeFirst();
  // A phone's count of collection messages matters for its lender day only (decision 0103).
  const contactCounts = await db
    .deleteFrom('collection_contact_counts')
    .where('day', '<', today)
    .executeTakeFirst();
  counts.messagesErased =
    Number(outbox.numUpdatedRows) + Number(messages.numUpdatedRows) + Number(contactCounts.numDeletedRows);

  const usageCutoff = `${addDays(today, -retention.usage.days)}T00:00:00.000Z`;
  const usage = await db
    .deleteFrom('tracking_events')
    .where('created_at', '<', usageCutoff)
    .executeTakeFirst();
  counts.usageDeleted = Number(usage.numDeletedRows);

  // Erasures an open loan held: finished once no loan holds the borrower any more.
  const waiting = await db
    .selectFrom('data_subject_requests as r')
    .select('r.id')
    .where('r.kind', '=', 'erasure')
    .where('r.status', '=', 'open')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('orders as o')
            .select('o.id')
            .whereRef('o.borrower_id', '=', 'r.borrower_id')
            .where('o.status', 'in', holdingStatuses),
        ),
      ),
    )
    .execute();
  for (const request of waiting) {
    await carryOutErasure(deps, request.id, input.now);
    counts.erasuresFinished += 1;
  }
  return counts;
}
