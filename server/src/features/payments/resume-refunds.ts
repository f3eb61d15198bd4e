import type { Deps } from '../../lib/deps.ts';
import { resumeEach, stalledBefore } from '../../lib/resume-stalled.ts';
import { openPaymentAccount } from '../bank-binding/index.ts';
import { PaymentReturnPending, sendRefund } from './review-held-payment.ts';

/**
 * How long a refund may stay `returning` before the resume job asks the payout port again; a
 * return records its outcome within the port's timeout, which must be shorter.
 */
export const STALLED_RETURNING_MS = 5 * 60_000;

export interface ResumeRefundsRun {
  resumed: number;
  returned: number;
  /** The payout was refused: the payment is held again, for another return or an accept. */
  refused: number;
  /** Still unknown (the port threw again), or the provider is still paying it: tried next run. */
  unresolved: number;
}

/**
 * The resume job's work for refunds (decision 0080): a held payment whose return a payout call
 * that threw, or a crash, left `returning` blocks both accept and return, and nobody knows whether
 * the money went back. Each is sent again under its attempt's reference, which the port answers
 * idempotently, and recorded as the return records it. Safe to run again: recording is
 * conditional on `returning`.
 */
export async function resumeStalledRefunds(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'accountKeys' | 'payouts' | 'log' | 'metrics'>,
  options: { batch?: number } = {},
): Promise<ResumeRefundsRun> {
  const stalled = await deps.db
    .selectFrom('payments')
    .selectAll()
    .where('status', '=', 'returning')
    .where('updated_at', '<', stalledBefore(deps.clock, STALLED_RETURNING_MS))
    .orderBy('updated_at')
    .limit(options.batch ?? 100)
    .execute();
  return resumeEach(stalled, ['returned', 'refused', 'unresolved'], async (payment) => {
    const account =
      payment.refund_account_id === null
        ? null
        : await openPaymentAccount(deps, payment.borrower_id, payment.refund_account_id);
    if (!account) {
      deps.log.error({ payment: payment.id }, 'a returning payment names no account of its borrower');
      return 'unresolved';
    }
    try {
      const outcome = await sendRefund(deps, payment, account);
      return outcome.returned ? 'returned' : 'refused';
    } catch (error) {
      // The provider is still paying it: expected of a real payout, not worth a warning.
      if (error instanceof PaymentReturnPending) return 'unresolved';
      deps.log.warn({ err: error, payment: payment.id }, 'refund still unresolved');
      return 'unresolved';
    }
  });
}
