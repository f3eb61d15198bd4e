import { randomBytes } from 'node:crypto';
import { addDays, calendarDateAt, daysBetween, zonedInstant, type CalendarDate } from '@kwarta/domain';
import type { Kysely } from 'kysely';
import { findDemoBorrowerRow, findDemoOrders, type DemoOrder } from '../../db/seed.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Deps } from '../../lib/deps.ts';
import type { PayoutGateway } from '../../lib/ports/payout-gateway.ts';
import { bindAccount, listPaymentAccounts } from '../bank-binding/index.ts';
import { advanceOrdersByDate, findOrderAccount, writeOffOrder } from '../orders/index.ts';
import { disburseOrder, PayoutFailed, sandboxPayouts } from '../disbursement/index.ts';
import { openCardPayment, postPayment } from '../payments/index.ts';
import { offerRestructuring, type RestructureDeps } from '../money-actions/index.ts';

/** The demo borrower's payout account: a sandbox number the sandbox pays (it does not end in 0000). */
export const DEMO_ACCOUNT = {
  institutionCode: 'BDO',
  institutionName: 'BDO Unibank',
  accountNumber: '6222021234567890',
} as const;

/** Who the demo's payouts and status history name. */
const DEMO_ACTOR = 'system:demo-seed';

// The bank's refusal the demo's failed disbursement records (a closed account at the time).
const refusingBank: PayoutGateway = {
  name: 'sandbox',
  send: () => Promise.resolve({ ok: false, reason: 'demo: the receiving account was closed at the time' }),
};

type DemoMoneyDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'accountKeys' | 'metrics'>;

/** The lender's hours at which the demo's simulated day acts: the daily job, payouts, repayments. */
const DAILY_JOB_MINUTE = 30;
const PAYOUT_MINUTE = 10 * 60;
const REPAYMENT_MINUTE = 11 * 60;

/**
 * The demo's money, seeded after seedDemoData through the features that own it, so it is stored
 * and booked exactly as real use stores and books it (D14: development and sandbox only). Day by
 * day under a clock set to the simulated instant (never past now), from the first demo payout to
 * today: the daily status and penalty job at 00:30, each disbursed order's payout through the
 * sandbox gateway on its day, and each instalment its story repays, paid the day before it falls
 * due through a card payment. Then, today: the demo borrower's payout account (bound first, on the
 * first day), a disbursement of order 1 the bank refused (the order stays in 151 and its page
 * shows the rebind dialog; `npm run order -- disburse --order 1` then pays the account), and a
 * payment reported with half the amount asked, held for review, a new plan offered for the overdue
 * loan (waiting for the borrower, decision 0110), and the loan months overdue
 * written off by the write-off use case (190, decision 0103). So `npm run ledger -- rebuild
 * --check` finds the journal equal to the balances from the first start. All in one transaction;
 * once: nothing when the demo borrower has an account already.
 */
export async function seedDemoMoney(deps: DemoMoneyDeps): Promise<void> {
  const borrower = await findDemoBorrowerRow(deps.db);
  if (!borrower || (await listPaymentAccounts(deps, borrower.id)).length > 0) return;
  const orders = await findDemoOrders(deps.db, borrower.id);
  const timeZone = deps.config.lenderTimeZone;
  const end = deps.clock.now();
  const today = calendarDateAt(end, timeZone);
  const disbursedOn = (demo: DemoOrder) =>
    demo.disbursedDaysAgo === null ? null : addDays(today, -demo.disbursedDaysAgo);
  const first = orders.reduce<CalendarDate>((earliest, { demo }) => {
    const date = disbursedOn(demo);
    return date !== null && date < earliest ? date : earliest;
  }, today);

  let current = end;
  // The simulated clock stops at now: what the story puts later today has not happened yet.
  const at = (date: CalendarDate, minute: number) => {
    const instant = zonedInstant(date, minute, timeZone);
    return instant < end ? instant : end;
  };
  const clock: Clock = { now: () => current };

  await inTransaction(deps.db, async (trx) => {
    const use = { ...deps, db: trx, clock, payouts: sandboxPayouts };
    current = at(first, 9 * 60);
    await bindAccount(use, borrower.id, {
      productId: (await findDemoProductId(trx, orders[0]?.orderId)) ?? 0,
      // The spec's defaults (§9): card type 1, channel 90006.
      cardType: 1,
      channel: '90006',
      institutionCode: DEMO_ACCOUNT.institutionCode,
      institutionName: DEMO_ACCOUNT.institutionName,
      holderName: borrower.full_name ?? '',
      accountNumber: DEMO_ACCOUNT.accountNumber,
    });

    // An order's plan lines change only when it is paid out or paid here, so its next open line
    // is read again only then, not on each of the story's hundreds of days (every test app seeds it).
    const openLines = new Map<number, OpenLine | null>();
    const openLineOf = async (orderId: number) => {
      if (!openLines.has(orderId)) openLines.set(orderId, await nextOpenLine(trx, orderId));
      return openLines.get(orderId) ?? null;
    };
    for (let day = 0; day <= daysBetween(first, today); day += 1) {
      const date = addDays(first, day);
      current = at(date, DAILY_JOB_MINUTE);
      await advanceOrdersByDate(use, current);
      current = at(date, PAYOUT_MINUTE);
      for (const { orderId, demo } of orders) {
        if (disbursedOn(demo) !== date) continue;
        await disburseOrder(use, orderId, DEMO_ACTOR, 'demo data');
        openLines.delete(orderId);
      }
      current = at(date, REPAYMENT_MINUTE);
      for (const { orderId, demo } of orders) {
        if (disbursedOn(demo) === null) continue;
        const line = await openLineOf(orderId);
        if (!line || line.dueDate !== addDays(date, 1)) continue;
        if (demo.paidLines !== 'all' && line.seq > demo.paidLines) continue;
        await payByCard(use, borrower.id, orderId, line.owed, line.owed);
        openLines.delete(orderId);
      }
    }

    current = end;
    for (const { orderId, demo } of orders) {
      if (demo.payoutFailed) {
        await disburseOrder({ ...use, payouts: refusingBank }, orderId, DEMO_ACTOR, 'demo data').catch(
          (error: unknown) => {
            if (!(error instanceof PayoutFailed)) throw error;
          },
        );
      }
      if (demo.heldPayment) {
        const line = await nextOpenLine(trx, orderId);
        if (line) await payByCard(use, borrower.id, orderId, line.owed, Math.floor(line.owed / 2));
      }
      if (demo.newPlanOffered) await offerDemoNewPlan(use, orderId);
      if (demo.writtenOff) {
        await writeOffOrder(use, {
          orderId,
          reason: 'demo: no answer to calls or messages for months',
          actor: DEMO_ACTOR,
        });
      }
    }
  });
}

/**
 * The demo's new plan for its overdue loan, offered as finance offers one: four monthly
 * instalments at 1% a month, the first in a fortnight, so /newPlan has an offer to show. The seed
 * offers it, and the new-plan demo session offers it again once the borrower has accepted it.
 */
export async function offerDemoNewPlan(deps: RestructureDeps, orderId: number) {
  const today = calendarDateAt(deps.clock.now(), deps.config.lenderTimeZone);
  return offerRestructuring(deps, DEMO_ACTOR, {
    orderId,
    terms: { instalments: 4, everyDays: 30, firstDue: addDays(today, 15), monthlyBps: 100 },
  });
}

/** A card payment asking `asked` that the provider reports paid with `paid`, posted as real ones are. */
async function payByCard(
  deps: Parameters<typeof postPayment>[0],
  borrowerId: number,
  orderId: number,
  asked: number,
  paid: number,
): Promise<void> {
  const txnid = `KWDEMO${randomBytes(5).toString('hex').toUpperCase()}`;
  const now = deps.clock.now();
  await openCardPayment(deps.db, { provider: 'card', txnid, borrowerId, orderId, amount: asked, now });
  await postPayment(deps, {
    provider: 'card',
    txnid,
    state: { status: 'paid', amount: paid, refNo: `${txnid}-REF` },
  });
}

interface OpenLine {
  seq: number;
  dueDate: CalendarDate;
  owed: number;
}

/** The order's first plan line not fully paid, with what it still owes. */
async function nextOpenLine(db: Kysely<Database>, orderId: number): Promise<OpenLine | null> {
  const account = await findOrderAccount(db, { orderId });
  const line = account?.balance.lines.find(
    (one) => one.interestPaid + one.principalPaid < one.interest + one.principal,
  );
  if (!line) return null;
  const owed = line.interest - line.interestPaid + line.principal - line.principalPaid;
  return { seq: line.seq, dueDate: line.dueDate, owed };
}

async function findDemoProductId(db: Kysely<Database>, orderId: number | undefined): Promise<number | null> {
  if (orderId === undefined) return null;
  return (await findOrderAccount(db, { orderId }))?.order.product_id ?? null;
}
