import type { Deps } from '../../lib/deps.ts';
import { resumeEach, stalledBefore } from '../../lib/resume-stalled.ts';
import { openPaymentAccount } from '../bank-binding/index.ts';
import { PayoutFailed, PayoutPending, sendDisbursement, type DisburseDeps } from './disburse-order.ts';

/**
 * How long a disbursement may stay `sending` before the resume job asks the payout port again.
 * disburseOrder records the outcome within the port's timeout, which must be shorter; an attempt
 * older than this lost its outcome to a crash, a restart or a provider call that threw.
 */
export const STALLED_SENDING_MS = 5 * 60_000;

export interface ResumeDisbursementsRun {
  resumed: number;
  sent: number;
  failed: number;
  /**
   * Still unknown (the port threw again, or the order can no longer move), or the provider is
   * still paying it (pending): tried next run.
   */
  unresolved: number;
}

/**
 * The resume job's work (decision 0052): an attempt left `sending` blocks every other payout of
 * its order and leaves the operator not knowing whether the money went. Each is sent again under
 * its own reference, which the port answers with the first payout's outcome without paying twice,
 * and recorded exactly as disburseOrder records it (paid: 170 with today's dates; refused: the
 * order stays approved and asks the borrower to rebind). Safe to run again: recording is
 * conditional on the attempt still being `sending`.
 */
export async function resumeStalledDisbursements(
  deps: DisburseDeps & Pick<Deps, 'log'>,
  options: { batch?: number } = {},
): Promise<ResumeDisbursementsRun> {
  const stalled = await deps.db
    .selectFrom('disbursements')
    .innerJoin('orders', 'orders.id', 'disbursements.order_id')
    .select([
      'disbursements.id',
      'disbursements.order_id',
      'disbursements.account_id',
      'disbursements.amount',
      'disbursements.actor',
      'orders.borrower_id',
    ])
    .where('disbursements.status', '=', 'sending')
    .where('disbursements.provider', '=', deps.payouts.name)
    .where('disbursements.updated_at', '<', stalledBefore(deps.clock, STALLED_SENDING_MS))
    .orderBy('disbursements.updated_at')
    .limit(options.batch ?? 100)
    .execute();
  return resumeEach(stalled, ['sent', 'failed', 'unresolved'], async (attempt) => {
    const account = await openPaymentAccount(deps, attempt.borrower_id, attempt.account_id);
    if (!account) {
      deps.log.error({ disbursement: attempt.id }, 'a sending disbursement names no account of its borrower');
      return 'unresolved';
    }
    try {
      await sendDisbursement(deps, {
        id: attempt.id,
        orderId: attempt.order_id,
        account,
        amount: attempt.amount,
        actor: attempt.actor,
        reason: 'payout confirmed after an interruption',
      });
      return 'sent';
    } catch (error) {
      if (error instanceof PayoutFailed) return 'failed';
      // The provider is still paying it: expected of a real payout, not worth a warning.
      if (error instanceof PayoutPending) return 'unresolved';
      deps.log.warn({ err: error, disbursement: attempt.id }, 'disbursement still unresolved');
      return 'unresolved';
    }
  });
}
