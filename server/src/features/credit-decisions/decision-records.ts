import { fillMessage, messages, type MessageKey } from '@kwarta/contract';
import { REAPPLY_AFTER_DAYS, addDays, calendarDateAt } from '@kwarta/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** An order's automatic decision as stored, parsed: what the console's order page shows. */
export async function findOrderDecision(db: Kysely<Database>, orderId: number) {
  const row = await db
    .selectFrom('credit_decisions')
    .selectAll()
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (!row) return null;
  const people = await db
    .selectFrom('credit_decision_overrides')
    .select(['kind', 'actor', 'outcome', 'reason', 'created_at'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return {
    orderId: row.order_id,
    modelHash: row.model_hash,
    challenger: row.challenger === 1,
    inputs: JSON.parse(row.inputs) as Record<string, unknown>,
    trace: JSON.parse(row.trace) as unknown[],
    outcome: row.outcome,
    reasons: JSON.parse(row.reasons) as string[],
    limit: row.limit_amount === null ? null : { amount: row.limit_amount, termDays: row.limit_term_days },
    error: row.error,
    tookMicros: row.took_us,
    decidedAt: row.decided_at,
    overrides: people.filter((entry) => entry.kind === 'override'),
    reviewRequestedAt: people.find((entry) => entry.kind === 'review-request')?.created_at ?? null,
  };
}

/**
 * What a declined borrower reads (RA 9510: the causes of refusal): the model's main reasons and
 * the lender day from which they may apply again.
 */
export async function borrowerDeclineReasons(db: Kysely<Database>, orderId: number, timeZone: string) {
  const decision = await findOrderDecision(db, orderId);
  if (!decision || decision.outcome !== 'decline') return null;
  return {
    reasons: decision.reasons,
    reapplyFrom: addDays(calendarDateAt(new Date(decision.decidedAt), timeZone), REAPPLY_AFTER_DAYS),
    reviewRequestedAt: decision.reviewRequestedAt,
  };
}

/**
 * The declined order page's texts when the model declined it: the main reasons in plain words and
 * the day the borrower may apply again, and the human review (offered, or when it was asked); null
 * when a person declined it (the page's usual notice, no review to ask).
 */
export async function declineNotice(db: Kysely<Database>, orderId: number, timeZone: string) {
  const declined = await borrowerDeclineReasons(db, orderId, timeZone);
  if (!declined) return null;
  const reasons = declined.reasons
    .map((code) => messages[`creditReason.${code}` as MessageKey] ?? code)
    .join(' ');
  const asked = declined.reviewRequestedAt;
  return {
    noticeDesText: fillMessage(messages.creditDeclineNotice, { reasons, date: declined.reapplyFrom }),
    creditReview: asked ? ('asked' as const) : ('available' as const),
    creditReviewNotice: asked
      ? fillMessage(messages.creditReviewDone, { date: calendarDateAt(new Date(asked), timeZone) })
      : messages.creditAutomatedNote,
  };
}
