import { messages } from '@kwarta/contract';
import { OrderStatus } from '@kwarta/domain';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Database, Operator } from '../../db/schema.ts';
import { Refusal } from '../../lib/refusal.ts';
import { audited } from '../operators/index.ts';
import { approveOrder, findOrderStatus, findOrderTerms, rejectOrder } from '../orders/index.ts';
import type { DecideDeps } from './decide-order.ts';

/**
 * A credit officer overrides the model on an order it referred (still in 21): approve or decline,
 * always with a reason, in one transaction with the audit row and the override row (counted per
 * officer on the Decision models screen), or answers a declined borrower's review request. 110 is
 * final (D2), so a reviewed decline is not reopened: the officer's answer is recorded and audited,
 * and the borrower applies again.
 */
export async function overrideDecision(
  deps: DecideDeps,
  officer: Pick<Operator, 'id' | 'name'>,
  input: { orderId: number; outcome: 'approve' | 'decline'; reason: string },
) {
  const reason = input.reason.trim();
  if (!reason) throw Refusal.invalid(messages.creditOverrideNeedsReason);
  return audited(deps, officer, async (trx) => {
    const decided = await trx
      .selectFrom('credit_decisions')
      .select(['outcome', 'model_hash'])
      .where('order_id', '=', input.orderId)
      .executeTakeFirst();
    const status = await findOrderStatus(trx, input.orderId);
    const reviewAsked = await trx
      .selectFrom('credit_decision_overrides')
      .select('id')
      .where('order_id', '=', input.orderId)
      .where('kind', '=', 'review-request')
      .executeTakeFirst();
    const referred = status === OrderStatus.UnderReview;
    const reviewing = status === OrderStatus.Rejected && reviewAsked !== undefined;
    if (!decided || !(referred || reviewing)) throw Refusal.refused(messages.creditOverrideOnlyDecided);
    const actor = `operator:${officer.name}`;
    // Named, not spread: the route hands in the Fastify instance, whose decorations are not own properties.
    const onTrx = { db: trx, clock: deps.clock, config: deps.config };
    // A reviewed decline stays 110 (final): the officer's answer is the override row itself.
    const statusAfter = !referred
      ? status
      : input.outcome === 'approve'
        ? (await approveOrder(onTrx, input.orderId, actor, `override: ${reason}`)).status
        : (await rejectOrder(onTrx, input.orderId, actor, `override: ${reason}`)).status;
    await trx
      .insertInto('credit_decision_overrides')
      .values({
        order_id: input.orderId,
        kind: 'override',
        actor,
        outcome: input.outcome,
        reason,
        created_at: deps.clock.now().toISOString(),
      })
      .execute();
    return {
      result: { orderId: input.orderId, status: statusAfter },
      audit: {
        action: 'credit.override',
        subject: `order:${input.orderId}`,
        before: { status, model: decided.outcome, modelHash: decided.model_hash },
        after: { status: statusAfter, outcome: input.outcome, reason },
      },
    };
  });
}

/** How many overrides each officer made: a model that officers overturn often is a model to fix. */
export function overridesPerOfficer(db: Kysely<Database>) {
  return db
    .selectFrom('credit_decision_overrides')
    .select(['actor', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('kind', '=', 'override')
    .groupBy('actor')
    .orderBy('actor')
    .execute();
}

/**
 * A declined borrower asks a person to review the automatic decision (NPC Circular 2022-04). Only
 * their own declined order (anyone else's answers as missing); a second ask answers the first.
 */
export async function requestHumanReview(
  deps: Pick<DecideDeps, 'db' | 'clock'>,
  borrowerId: number,
  orderId: number,
): Promise<{ requestedAt: string }> {
  const { db } = deps;
  const terms = await findOrderTerms(db, borrowerId, orderId);
  if (!terms) throw Refusal.notFound();
  const decided = await db
    .selectFrom('credit_decisions')
    .select('outcome')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (decided?.outcome !== 'decline') throw Refusal.refused(messages.creditReviewOnlyDeclined);
  const at = deps.clock.now().toISOString();
  try {
    await db
      .insertInto('credit_decision_overrides')
      .values({
        order_id: orderId,
        kind: 'review-request',
        actor: `borrower:${borrowerId}`,
        outcome: null,
        reason: 'review requested',
        created_at: at,
      })
      .execute();
    return { requestedAt: at };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const earlier = await db
      .selectFrom('credit_decision_overrides')
      .select('created_at')
      .where('order_id', '=', orderId)
      .where('kind', '=', 'review-request')
      .executeTakeFirstOrThrow();
    return { requestedAt: earlier.created_at };
  }
}

/** Review requests not yet answered by an officer: the credit queue's part for declined orders. */
export function pendingReviewRequests(db: Kysely<Database>) {
  return db
    .selectFrom('credit_decision_overrides as asked')
    .innerJoin('credit_decisions', 'credit_decisions.order_id', 'asked.order_id')
    .select(['asked.order_id', 'asked.created_at', 'credit_decisions.reasons'])
    .where('asked.kind', '=', 'review-request')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('credit_decision_overrides as answered')
            .select('answered.id')
            .whereRef('answered.order_id', '=', 'asked.order_id')
            .where('answered.kind', '=', 'override'),
        ),
      ),
    )
    .orderBy('asked.created_at')
    .execute();
}
