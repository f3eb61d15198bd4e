import type { Kysely, Selectable } from 'kysely';
import { fillMessage, messages } from '@kwarta/contract';
import { calendarDateAt } from '@kwarta/domain';
import { addWorkingDays, workingDaysBetween } from '@kwarta/domain/working-days';
import type { AmlRecordTable, Database, Operator } from '../../db/schema.ts';
import type { Deps } from '../../lib/deps.ts';
import { Refusal } from '../../lib/refusal.ts';
import { findBorrower } from '../borrowers/index.ts';
import { philippineHolidays } from '../data-privacy/index.ts';
import { audited } from '../operators/index.ts';
import { findOrderOf } from './flagged-subjects.ts';

/**
 * Suspicious and covered transactions are reported to the AMLC within 5 working days: a suspicious
 * one from its determination, a covered one from the transaction (AMLA as amended, 2018 IRR
 * Rule 22; regulatory notes). Philippine working days, as the privacy desk counts them (0107).
 */
export const REPORT_WITHIN_WORKING_DAYS = 5;

export type AmlKind = AmlRecordTable['kind'];

export interface AmlRecordView {
  id: number;
  kind: AmlKind;
  borrowerId: number;
  orderId: number | null;
  paymentId: number | null;
  amount: number | null;
  narrative: string;
  determinedOn: string;
  dueOn: string;
  /** Working days left before the deadline (0 on the day and once late); null once reported. */
  workingDaysLeft: number | null;
  overdue: boolean;
  flaggedBy: string;
  flaggedAt: string;
  report: { by: string; at: string; reference: string } | null;
}

export function dueOn(determinedOn: string): string {
  return addWorkingDays(determinedOn, REPORT_WITHIN_WORKING_DAYS, philippineHolidays);
}

/**
 * A compliance officer's suspicious-transaction flag (decision 0112), audited in its transaction.
 * The borrower must exist; an order named must be theirs, a payment named must be theirs (and of
 * that order); the determination cannot be later than the lender's today.
 */
export async function flagSuspicious(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  actor: Pick<Operator, 'id' | 'name'>,
  input: {
    borrowerId: number;
    orderId?: number | null;
    paymentId?: number | null;
    narrative: string;
    determinedOn: string;
  },
): Promise<AmlRecordView> {
  const narrative = input.narrative.trim();
  if (narrative === '') throw Refusal.invalid(messages.amlNarrativeRequired);
  const now = deps.clock.now();
  const today = calendarDateAt(now, deps.config.lenderTimeZone);
  if (input.determinedOn > today) throw Refusal.invalid(messages.amlDeterminedInFuture);
  if (!(await findBorrower(deps.db, input.borrowerId))) {
    throw Refusal.invalid(fillMessage(messages.amlNoSuchBorrower, { borrowerId: input.borrowerId }));
  }
  const orderId = input.orderId ?? null;
  const paymentId = input.paymentId ?? null;
  if (orderId !== null && (await findOrderOf(deps.db, { orderId }))?.borrowerId !== input.borrowerId) {
    throw Refusal.invalid(
      fillMessage(messages.amlOrderNotBorrowers, { orderId, borrowerId: input.borrowerId }),
    );
  }
  if (paymentId !== null) {
    const payment = await findOrderOf(deps.db, { paymentId });
    if (payment?.borrowerId !== input.borrowerId || (orderId !== null && payment.orderId !== orderId)) {
      throw Refusal.invalid(
        fillMessage(messages.amlPaymentNotBorrowers, { paymentId, borrowerId: input.borrowerId }),
      );
    }
  }
  const id = await audited(deps, actor, async (trx) => {
    const row = await trx
      .insertInto('aml_records')
      .values({
        kind: 'suspicious',
        borrower_id: input.borrowerId,
        order_id: orderId,
        payment_id: paymentId,
        transaction_key: null,
        amount: null,
        narrative,
        determined_on: input.determinedOn,
        due_on: dueOn(input.determinedOn),
        flagged_by: `operator:${actor.name}`,
        flagged_at: now.toISOString(),
        reported_at: null,
        reported_by: null,
        report_reference: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      result: row.id,
      audit: {
        action: 'aml.flag',
        subject: `borrower:${input.borrowerId}`,
        before: null,
        after: { record: row.id, kind: 'suspicious', orderId, paymentId, determinedOn: input.determinedOn },
      },
    };
  });
  return viewOf(await findRecord(deps.db, id), today);
}

/**
 * Records that a flag was reported to the AMLC: who, when, the portal's reference. Audited; a
 * record already reported is refused (its first report stands), as is an unknown one.
 */
export async function markReported(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  actor: Pick<Operator, 'id' | 'name'>,
  input: { recordId: number; reference: string },
): Promise<AmlRecordView> {
  const reference = input.reference.trim();
  if (reference === '') throw Refusal.invalid(messages.amlReferenceRequired);
  const now = deps.clock.now();
  await audited(deps, actor, async (trx) => {
    const before = await trx
      .selectFrom('aml_records')
      .select(['id', 'borrower_id', 'reported_at'])
      .where('id', '=', input.recordId)
      .executeTakeFirst();
    if (!before) throw Refusal.notFound();
    // Only an unreported row moves: two officers marking at once cannot both win.
    const updated = await trx
      .updateTable('aml_records')
      .set({
        reported_at: now.toISOString(),
        reported_by: `operator:${actor.name}`,
        report_reference: reference,
      })
      .where('id', '=', input.recordId)
      .where('reported_at', 'is', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new Refusal('conflict', messages.amlAlreadyReported);
    return {
      result: undefined,
      audit: {
        action: 'aml.reported',
        subject: `borrower:${before.borrower_id}`,
        before: { reportedAt: null },
        after: { record: input.recordId, reference },
      },
    };
  });
  return viewOf(await findRecord(deps.db, input.recordId), calendarDateAt(now, deps.config.lenderTimeZone));
}

/**
 * A covered transaction (decision 0112): a payout sent or a payment applied above the threshold,
 * flagged in the money event's own transaction. `key` names the event (`payout:<attempt>`,
 * `payment:<id>`); its unique index makes a replayed or concurrent event flag it once.
 */
export async function recordCoveredTransaction(
  trx: Kysely<Database>,
  event: {
    key: string;
    what: 'payout' | 'payment';
    borrowerId: number;
    orderId: number;
    paymentId?: number;
    amount: number;
    at: Date;
    timeZone: string;
    threshold: number;
  },
): Promise<void> {
  if (event.amount <= event.threshold) return;
  const on = calendarDateAt(event.at, event.timeZone);
  await trx
    .insertInto('aml_records')
    .values({
      kind: 'covered',
      borrower_id: event.borrowerId,
      order_id: event.orderId,
      payment_id: event.paymentId ?? null,
      transaction_key: event.key,
      amount: event.amount,
      narrative: fillMessage(messages.amlCoveredNarrative, { what: event.what }),
      determined_on: on,
      due_on: dueOn(on),
      flagged_by: 'system',
      flagged_at: event.at.toISOString(),
      reported_at: null,
      reported_by: null,
      report_reference: null,
    })
    .onConflict((conflict) => conflict.column('transaction_key').doNothing())
    .execute();
}

export interface AmlFilter {
  status?: 'open' | 'reported' | '';
  kind?: AmlKind | '';
}

/** At most this many records a screen or a file holds; the open ones always come first. */
export const REGISTER_LIMIT = 1000;

/** The register: open records by deadline (overdue ones first), then reported ones, newest first. */
export async function listAmlRecords(
  db: Kysely<Database>,
  filter: AmlFilter,
  today: string,
): Promise<AmlRecordView[]> {
  let query = db.selectFrom('aml_records').selectAll();
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.status === 'open') query = query.where('reported_at', 'is', null);
  if (filter.status === 'reported') query = query.where('reported_at', 'is not', null);
  const rows = await query
    .orderBy((eb) => eb.case().when('reported_at', 'is', null).then(0).else(1).end())
    .orderBy('due_on')
    .orderBy('id')
    .limit(REGISTER_LIMIT)
    .execute();
  const views = rows.map((row) => viewOf(row, today));
  const open = views.filter((view) => view.report === null);
  const reported = views.filter((view) => view.report !== null).sort((a, b) => b.id - a.id);
  return [...open, ...reported];
}

async function findRecord(db: Kysely<Database>, id: number) {
  return db.selectFrom('aml_records').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

function viewOf(row: Selectable<AmlRecordTable>, today: string): AmlRecordView {
  const open = row.reported_at === null;
  return {
    id: row.id,
    kind: row.kind,
    borrowerId: row.borrower_id,
    orderId: row.order_id,
    paymentId: row.payment_id,
    amount: row.amount === null ? null : Number(row.amount),
    narrative: row.narrative,
    determinedOn: row.determined_on,
    dueOn: row.due_on,
    workingDaysLeft: open ? workingDaysBetween(today, row.due_on, philippineHolidays) : null,
    overdue: open && today > row.due_on,
    flaggedBy: row.flagged_by,
    flaggedAt: row.flagged_at,
    report:
      row.reported_at && row.reported_by && row.report_reference
        ? { by: row.reported_by, at: row.reported_at, reference: row.report_reference }
        : null,
  };
}
