import type { Kysely, Selectable } from 'kysely';
import { addWorkingDays, workingDaysBetween } from '@kwarta/domain/working-days';
import { calendarDateAt } from '@kwarta/domain';
import type { Retention } from '@kwarta/domain/retention';
import type {
  Database,
  DataSubjectRequestTable,
  DataSubjectRequestKind,
  DataSubjectRequestStatus,
} from '../../db/schema.ts';
import type { BlobStorage } from '../../lib/blob-storage.ts';
import { inTransaction } from '../../db/transaction.ts';
import { setBorrowerName } from '../borrowers/index.ts';
import type { Hold } from './borrower-data-registry.ts';
import { eraseBorrowerData, type ErasedCounts } from './erasure.ts';
import { legalHolds, type HeldRecords } from './legal-holds.ts';
import { philippineHolidays } from './ph-holidays.ts';

/** Requests are answered within 30 working days (NPC Advisory 2021-01). */
export const ANSWER_WITHIN_WORKING_DAYS = 30;

/** Fields a borrower may ask to correct; the DPO applies the ones the system holds as text. */
export const correctableFields = ['full_name', 'phone', 'address', 'other'] as const;
export type CorrectableField = (typeof correctableFields)[number];

export interface RequestOutcome {
  erased?: ErasedCounts;
  held?: HeldRecords[];
  note?: string;
}

export interface SubjectRequestView {
  id: number;
  borrowerId: number;
  kind: DataSubjectRequestKind;
  field: string | null;
  requestedValue: string | null;
  status: DataSubjectRequestStatus;
  openedAt: string;
  dueOn: string;
  /** Philippine working days left before the deadline (0 when due or past). */
  workingDaysLeft: number;
  closedAt: string | null;
  outcome: RequestOutcome | null;
}

export interface RequestDeps {
  db: Kysely<Database>;
  storage: BlobStorage;
  retention: Retention;
  timeZone: string;
}

const openKeyOf = (borrowerId: number, kind: DataSubjectRequestKind, field: string | null) =>
  `${borrowerId}:${kind}${field ? `:${field}` : ''}`;

function viewOf(r: Selectable<DataSubjectRequestTable>, today: string): SubjectRequestView {
  return {
    id: r.id,
    borrowerId: r.borrower_id,
    kind: r.kind,
    field: r.field,
    requestedValue: r.requested_value,
    status: r.status,
    openedAt: r.opened_at,
    dueOn: r.due_on,
    workingDaysLeft: workingDaysBetween(today, r.due_on, philippineHolidays),
    closedAt: r.closed_at,
    outcome: r.outcome ? (JSON.parse(r.outcome) as RequestOutcome) : null,
  };
}

/**
 * Opens a request, or answers the one of the same kind (and field) still open: a second erasure
 * while one is open is the same request. The open key is unique, so two taps at once make one.
 * An erasure erases at once what no legal hold keeps, and records what is kept and until when;
 * it stays open while a loan is open (the retention job finishes it once the loan closes).
 */
export async function openSubjectRequest(
  deps: RequestDeps,
  input: {
    borrowerId: number;
    kind: DataSubjectRequestKind;
    field?: string;
    value?: string;
    now: Date;
  },
): Promise<SubjectRequestView> {
  const today = calendarDateAt(input.now, deps.timeZone);
  const field = input.kind === 'correction' ? (input.field ?? null) : null;
  const openKey = openKeyOf(input.borrowerId, input.kind, field);
  const existing = () =>
    deps.db
      .selectFrom('data_subject_requests')
      .selectAll()
      .where('open_key', '=', openKey)
      .executeTakeFirst();
  const open = await existing();
  if (open) return viewOf(open, today);
  const inserted = await deps.db
    .insertInto('data_subject_requests')
    .values({
      borrower_id: input.borrowerId,
      kind: input.kind,
      field,
      requested_value: input.kind === 'correction' ? (input.value ?? null) : null,
      status: 'open',
      opened_at: input.now.toISOString(),
      due_on: addWorkingDays(today, ANSWER_WITHIN_WORKING_DAYS, philippineHolidays),
      closed_at: null,
      outcome: null,
      open_key: openKey,
    })
    .onConflict((conflict) => conflict.column('open_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted && input.kind === 'erasure') await carryOutErasure(deps, inserted.id, input.now);
  const row = await deps.db
    .selectFrom('data_subject_requests')
    .selectAll()
    .where(inserted ? 'id' : 'open_key', '=', inserted ? inserted.id : openKey)
    .executeTakeFirstOrThrow();
  return viewOf(row, today);
}

/** Erases what no hold keeps now; closes the request unless an open loan still holds its part. */
export async function carryOutErasure(deps: RequestDeps, requestId: number, now: Date): Promise<void> {
  await inTransaction(deps.db, async (trx) => {
    const request = await trx
      .selectFrom('data_subject_requests')
      .select(['borrower_id', 'status'])
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    if (request.status !== 'open') return;
    const held = await legalHolds(trx, {
      borrowerId: request.borrower_id,
      retention: deps.retention,
      timeZone: deps.timeZone,
    });
    const keep = new Set<Hold>(held.map((hold) => hold.hold));
    const erased = await eraseBorrowerData(
      { db: trx, storage: deps.storage },
      {
        borrowerId: request.borrower_id,
        keep,
      },
    );
    const waitsForLoan = keep.has('open-loan');
    await trx
      .updateTable('data_subject_requests')
      .set({
        outcome: JSON.stringify({ erased, held } satisfies RequestOutcome),
        ...(waitsForLoan ? {} : { status: 'done', closed_at: now.toISOString(), open_key: null }),
      })
      .where('id', '=', requestId)
      .execute();
  });
}

/** The DPO's answer: done (a correction of the name is applied) or refused with the reason. */
export async function closeSubjectRequest(
  deps: RequestDeps,
  input: { requestId: number; status: 'done' | 'refused'; note: string; now: Date },
): Promise<SubjectRequestView | null> {
  return inTransaction(deps.db, async (trx) => {
    const request = await trx
      .selectFrom('data_subject_requests')
      .selectAll()
      .where('id', '=', input.requestId)
      .executeTakeFirst();
    if (!request) return null;
    if (request.status === 'open') {
      if (input.status === 'done' && request.kind === 'correction' && request.field === 'full_name') {
        await setBorrowerName(trx, request.borrower_id, request.requested_value ?? '');
      }
      const outcome = { ...(request.outcome ? JSON.parse(request.outcome) : {}), note: input.note };
      await trx
        .updateTable('data_subject_requests')
        .set({
          status: input.status,
          closed_at: input.now.toISOString(),
          open_key: null,
          outcome: JSON.stringify(outcome),
        })
        .where('id', '=', input.requestId)
        .execute();
    }
    const row = await trx
      .selectFrom('data_subject_requests')
      .selectAll()
      .where('id', '=', input.requestId)
      .executeTakeFirstOrThrow();
    return viewOf(row, calendarDateAt(input.now, deps.timeZone));
  });
}

/** A borrower's requests, newest first, or (borrowerId absent) the DPO's queue: open ones by deadline. */
export async function listSubjectRequests(
  deps: Pick<RequestDeps, 'db' | 'timeZone'>,
  input: { borrowerId?: number; now: Date; limit?: number },
): Promise<SubjectRequestView[]> {
  const limit = input.limit ?? 200;
  const base = () => deps.db.selectFrom('data_subject_requests').selectAll();
  const rows =
    input.borrowerId === undefined
      ? [
          ...(await base()
            .where('status', '=', 'open')
            .orderBy('due_on')
            .orderBy('id')
            .limit(limit)
            .execute()),
          ...(await base().where('status', '!=', 'open').orderBy('id', 'desc').limit(limit).execute()),
        ]
      : await base().where('borrower_id', '=', input.borrowerId).orderBy('id', 'desc').limit(limit).execute();
  const today = calendarDateAt(input.now, deps.timeZone);
  return rows.map((row) => viewOf(row, today));
}
