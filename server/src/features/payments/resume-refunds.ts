import type { Deps } from '../../lib/deps.ts';
import { openPaymentAccount } from '../bank-binding/index.ts';
import { sendRefund } from './review-held-payment.ts';

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
  /** Still unknown (the port threw again): tried next run. */
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
  deps: Pick<Deps, 'db' | 'clock' | 'accountKeys' | 'payouts' | 'log'>,
  options: { batch?: number } = {},
): Promise<ResumeRefundsRun> {
  const run: ResumeRefundsRun = { resumed: 0, returned: 0, refused: 0, unresolved: 0 };
  const cutoff = new Date(deps.clock.now().getTime() - STALLED_RETURNING_MS).toISOString();
  const stalled = await deps.db
    .selectFrom('payments')
    .selectAll()
    .where('status', '=', 'returning')
    .where('updated_at', '<', cutoff)
    .orderBy('updated_at')
    .limit(options.batch ?? 100)
    .execute();
  for (const payment of stalled) {
    run.resumed += 1;
    const account =
      payment.refund_account_id === null
        ? null
        : await openPaymentAccount(deps, payment.borrower_id, payment.refund_account_id);
    if (!account) {
      deps.log.error({ payment: payment.id }, 'a returning payment names no account of its borrower');
      run.unresolved += 1;
      continue;
    }
    try {
      const outcome = await sendRefund(deps, payment, account);
      run[outcome.returned ? 'returned' : 'refused'] += 1;
    } catch (error) {
      deps.log.warn({ err: error, payment: payment.id }, 'refund still unresolved');
      run.unresolved += 1;
    }
  }
  return run;
}
