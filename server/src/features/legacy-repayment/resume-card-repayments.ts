import type { Deps } from '../../lib/deps.ts';
import { resumeEach, stalledBefore } from '../../lib/resume-stalled.ts';
import type { CardDebitProvider } from './card-debit.ts';
import { finishPaying } from './legacy-repayment-repository.ts';
import { debitClaimedRepayment } from './legacy-repayments.ts';

/**
 * How long a repayment may stay `paying` before the resume job takes it over. A confirmation
 * debits and posts within the card provider's timeout, which must be shorter; a row older than
 * this lost its outcome to a crash or a restart between the claim and the posting.
 */
export const STALLED_PAYING_MS = 5 * 60_000;

export interface ResumeRun {
  resumed: number;
  paid: number;
  failed: number;
  pending: number;
}

/**
 * The resume job's work (decision 0075): finishes card repayments a crash left `paying`, which
 * would otherwise keep the order's paying place (no other /carpmm repayment of it could start)
 * and leave the borrower not knowing whether the card was charged. Each one is debited again
 * under its own txnid — the port answers the first debit's outcome and charges nothing more —
 * and posted through the one posting, so a repayment the crash interrupted after the charge is
 * credited, never charged twice. Safe to run again: finishing is conditional on `paying`.
 */
export async function resumeStalledCardRepayments(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'accountKeys' | 'log' | 'metrics'> & {
    cardDebit: CardDebitProvider;
  },
  options: { batch?: number } = {},
): Promise<ResumeRun> {
  const stalled = await deps.db
    .selectFrom('legacy_repayments')
    .leftJoin('payments', (join) =>
      join
        .onRef('payments.provider', '=', 'legacy_repayments.provider')
        .onRef('payments.txnid', '=', 'legacy_repayments.txnid'),
    )
    .select([
      'legacy_repayments.id',
      'legacy_repayments.borrower_id',
      'legacy_repayments.account_id',
      'legacy_repayments.txnid',
      'payments.expected_amount',
    ])
    .where('legacy_repayments.status', '=', 'paying')
    .where('legacy_repayments.provider', '=', deps.cardDebit.name)
    .where('legacy_repayments.updated_at', '<', stalledBefore(deps.clock, STALLED_PAYING_MS))
    .orderBy('legacy_repayments.updated_at')
    .limit(options.batch ?? 100)
    .execute();
  return resumeEach(stalled, ['paid', 'failed', 'pending'], async (row) => {
    // Claimed with nothing owed (no payment was opened): the confirmation would have failed it.
    if (row.txnid === null || row.expected_amount === null) {
      await finishPaying(deps.db, {
        id: row.id,
        status: 'failed',
        failure: 'nothing_owed',
        at: deps.clock.now().toISOString(),
      });
      return 'failed';
    }
    const state = await debitClaimedRepayment(deps, {
      repaymentId: row.id,
      borrowerId: row.borrower_id,
      accountId: row.account_id,
      txnid: row.txnid,
      amount: row.expected_amount,
    });
    return state.status === 'paid' || state.status === 'pending' ? state.status : 'failed';
  });
}
