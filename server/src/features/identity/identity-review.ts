import { messages } from '@kwarta/contract';
import type { Operator } from '../../db/schema.ts';
import type { Deps } from '../../lib/deps.ts';
import { Refusal } from '../../lib/refusal.ts';
import { audited } from '../operators/index.ts';
import { decideHits, hitsOf, screeningOf } from '../sanctions/index.ts';
import { riskRating } from './risk-rating.ts';

export type ReviewDecision = 'approve' | 'reject';

/**
 * A compliance officer's decision on an identity waiting for review, audited in the same
 * transaction (decision 0108). Approving verifies the identity and clears its possible sanctions
 * hits (the officer found another person); rejecting with `confirmMatch` confirms them, which
 * blocks lending for good. A reason is always required: it is what an examiner reads.
 */
export async function decideIdentity(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: Pick<Operator, 'id' | 'name'>,
  input: { borrowerId: number; decision: ReviewDecision; reason: string; confirmMatch?: boolean },
): Promise<{ status: 'verified' | 'rejected'; screening: 'clear' | 'possible' | 'confirmed' }> {
  const reason = input.reason.trim();
  if (reason === '') throw Refusal.invalid(messages.identityReasonRequired);
  return audited(deps, actor, async (trx) => {
    const before = await trx
      .selectFrom('identities')
      .select(['status', 'screening', 'qr_outcome', 'source_of_funds'])
      .where('borrower_id', '=', input.borrowerId)
      .executeTakeFirst();
    if (!before) throw Refusal.notFound();
    if (before.status !== 'pending') throw new Refusal('conflict', messages.identityReviewNotPending);
    const hits = await hitsOf(trx, input.borrowerId);
    const decided = input.decision === 'approve' ? 'cleared' : input.confirmMatch ? 'confirmed' : null;
    // The screening after the officer's word follows from the hits just read: nothing to write
    // when none is open, and nothing to read back (decision 0099: a round trip each on PostgreSQL).
    const open = hits.some((hit) => hit.status === 'possible');
    if (decided && open) await decideHits(trx, input.borrowerId, decided);
    const screening = screeningOf(
      hits.map((hit) => (decided && hit.status === 'possible' ? decided : hit.status)),
    );
    const status = input.decision === 'approve' ? 'verified' : 'rejected';
    const now = deps.clock.now().toISOString();
    // Only a pending row moves: two officers deciding at once cannot both win.
    const updated = await trx
      .updateTable('identities')
      .set({
        status,
        screening,
        risk_rating: riskRating({
          qrOutcome: before.qr_outcome,
          screening,
          sourceOfFunds: before.source_of_funds,
        }),
        decided_by: `operator:${actor.name}`,
        decided_at: now,
        decision_reason: reason,
      })
      .where('borrower_id', '=', input.borrowerId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1)
      throw new Refusal('conflict', messages.identityReviewNotPending);
    return {
      result: { status, screening },
      audit: {
        action: `identity.${input.decision}`,
        subject: `borrower:${input.borrowerId}`,
        before: { status: before.status, screening: before.screening, qrOutcome: before.qr_outcome },
        after: {
          status,
          screening,
          reason,
          hits: hits
            .filter((hit) => hit.status === 'possible')
            .map((hit) => `${hit.list_name}:${hit.reference}`),
        },
      },
    };
  });
}
