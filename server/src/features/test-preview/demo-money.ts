import { randomBytes } from 'node:crypto';
import { findDemoBorrower, findMarkedDemoOrders } from '../../db/seed.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Deps } from '../../lib/deps.ts';
import type { PayoutGateway } from '../../lib/ports/payout-gateway.ts';
import { bindAccount, listPaymentAccounts } from '../bank-binding/index.ts';
import { rebuildOrderLedger } from '../ledger-rebuild/index.ts';
import { disburseOrder, PayoutFailed, writeOffOrder } from '../orders/index.ts';
import { openCardPayment, postPayment } from '../payments/index.ts';

/** The demo borrower's payout account: a sandbox number the sandbox pays (it does not end in 0000). */
export const DEMO_ACCOUNT = {
  institutionCode: 'BDO',
  institutionName: 'BDO Unibank',
  accountNumber: '6222021234567890',
} as const;

// The bank's refusal the demo's failed disbursement records (a closed account at the time).
const refusingBank: PayoutGateway = {
  name: 'sandbox',
  send: () => Promise.resolve({ ok: false, reason: 'demo: the receiving account was closed at the time' }),
};

type DemoMoneyDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'accountKeys' | 'metrics'>;

/**
 * The demo's money, seeded after seedDemoData through the features that own it, so it is stored
 * exactly as real use stores it (D14: development and sandbox only): the demo borrower's bound
 * payout account; a disbursement of order 1 the bank refused (the order stays in 151 and its
 * page shows the rebind dialog; `npm run order -- disburse --order 1` then pays the account); a
 * payment reported with half the amount asked, held for review; a loan months overdue, its money
 * booked and then written off by the write-off use case (190, decision 0103). Once: nothing when
 * the demo borrower has an account already.
 */
export async function seedDemoMoney(deps: DemoMoneyDeps): Promise<void> {
  const demo = await findDemoBorrower(deps.db);
  if (!demo || (await listPaymentAccounts(deps, demo.borrower.id)).length > 0) return;
  const borrowerId = demo.borrower.id;
  const marked = await findMarkedDemoOrders(deps.db, borrowerId);
  await inTransaction(deps.db, async (trx) => {
    const within = { ...deps, db: trx };
    await bindAccount(within, borrowerId, {
      productId: demo.productId,
      // The spec's defaults (§9): card type 1, channel 90006.
      cardType: 1,
      channel: '90006',
      institutionCode: DEMO_ACCOUNT.institutionCode,
      institutionName: DEMO_ACCOUNT.institutionName,
      holderName: demo.borrower.full_name ?? '',
      accountNumber: DEMO_ACCOUNT.accountNumber,
    });
    for (const orderId of marked.payoutFailed) {
      await disburseOrder(
        { ...within, payouts: refusingBank },
        orderId,
        'system:demo-seed',
        'demo data',
      ).catch((error: unknown) => {
        if (!(error instanceof PayoutFailed)) throw error;
      });
    }
    const now = deps.clock.now();
    for (const { orderId, amount } of marked.heldPayment) {
      const txnid = `KWDEMO${randomBytes(5).toString('hex').toUpperCase()}`;
      await openCardPayment(trx, { provider: 'card', txnid, borrowerId, orderId, amount, now });
      await postPayment(within, {
        provider: 'card',
        txnid,
        state: { status: 'paid', amount: Math.floor(amount / 2), refNo: `${txnid}-REF` },
      });
    }
    for (const orderId of marked.writtenOff) {
      // The write-off clears what the books hold, so the seeded loan's history is booked first.
      await rebuildOrderLedger(
        { db: trx, config: deps.config, payoutProvider: deps.config.payouts.provider },
        orderId,
      );
      await writeOffOrder(within, {
        orderId,
        reason: 'demo: no answer to calls or messages for months',
        actor: 'system:demo-seed',
      });
    }
  });
}
