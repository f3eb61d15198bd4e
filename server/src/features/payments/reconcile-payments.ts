import type { Deps } from '../../lib/deps.ts';
import { postPayment } from './post-payment.ts';
import type { PaymentProvider } from './payment-provider.ts';

export interface ReconcileRun {
  checked: number;
  posted: number;
  closed: number;
  expired: number;
}

/**
 * The reconciliation job's work: asks the provider about pending payments (a postback may have
 * been lost) and posts what it confirms, through the same posting as a postback, then expires
 * what is still pending past its time. Safe to run again: every move is conditional.
 */
export async function reconcilePayments(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'metrics'> & { provider: PaymentProvider },
  options: { batch?: number } = {},
): Promise<ReconcileRun> {
  const run: ReconcileRun = { checked: 0, posted: 0, closed: 0, expired: 0 };
  const pending = await deps.db
    .selectFrom('payments')
    .select(['txnid', 'expires_at'])
    .where('provider', '=', deps.provider.name)
    .where('status', '=', 'pending')
    .orderBy('created_at')
    .limit(options.batch ?? 200)
    .execute();
  for (const payment of pending) {
    run.checked += 1;
    // Outside any transaction, like a postback's re-query.
    const state = await deps.provider.queryStatus(payment.txnid).catch(() => null);
    if (state && state.status !== 'pending') {
      const { outcome } = await postPayment(deps, {
        provider: deps.provider.name,
        txnid: payment.txnid,
        state,
      });
      if (outcome === 'posted' || outcome === 'held') run.posted += 1;
      if (outcome === 'closed') run.closed += 1;
      continue;
    }
    const at = deps.clock.now().toISOString();
    if (payment.expires_at > at) continue;
    const expired = await deps.db
      .updateTable('payments')
      .set({ status: 'expired', open_key: null, updated_at: at })
      .where('provider', '=', deps.provider.name)
      .where('txnid', '=', payment.txnid)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    run.expired += Number(expired.numUpdatedRows);
  }
  return run;
}
