import {
  accrualEntry,
  cashAccount,
  disbursementEntry,
  extensionFeeEntry,
  feesPaidBy,
  heldPaymentEntry,
  heldPaymentReturnedEntry,
  LedgerAccount,
  payoutFailedEntry,
  payoutSendingEntry,
  repaymentEntry,
  type Allocation,
  type JournalEntryDraft,
  type Receivables,
} from '@kwarta/domain';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import {
  accountBalancesNow,
  postJournalEntry,
  receivablesByOrder,
  type JournalPosting,
} from '../ledger/index.ts';
import {
  chargesOf,
  orderLedgerHistory,
  ordersWithMoney,
  payoutsByProvider,
  receivablesOwedBy,
  type OrderAccount,
} from '../orders/index.ts';
import { orderPaymentHistory, receivedByProvider, returnedTotal } from '../payments/index.ts';

/**
 * Money our records show moved, but with no record of where: a seeded or imported order paid out
 * with no disbursement attempt, instalments paid with no payment. Its own cash account keeps it
 * apart from the providers' (whose balances are checked against their payments) and visible.
 */
export const PRE_LEDGER_PROVIDER = 'pre-ledger';

export interface RebuildDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'lenderTimeZone'>;
  /** The payout provider's name: returns of held payments went out through it. */
  payoutProvider: string;
}

export interface LedgerDifference {
  what: string;
  /** What the ledger says. */
  ledger: number;
  /** What the order and payment records say. */
  records: number;
}

export interface RebuildReport {
  /** Orders the rebuild booked anything for (none on a second run). */
  rebuilt: number;
  entries: number;
  /** Centavos booked through the pre-ledger cash account (paid out or in with no record of how). */
  preLedgerOut: number;
  preLedgerIn: number;
  checkedOrders: number;
  differences: LedgerDifference[];
}

const RECEIVABLES: (keyof Receivables)[] = ['principal', 'interest', 'fees', 'penalty'];
const at = (text: string) => new Date(text);
const NOTHING: Receivables = { principal: 0, interest: 0, fees: 0, penalty: 0 };

/**
 * What an order's receivables should hold: what its plan lines and penalty say it owes once it
 * was paid out; nothing before (an approved order's plan is an offer, not a loan) or once written off.
 */
function receivablesOnBooks(account: OrderAccount): Receivables {
  const { order } = account;
  return order.disbursed_on === null || order.written_off_at !== null ? NOTHING : receivablesOwedBy(account);
}
const componentSum = (allocations: readonly { component: string; amount: number }[], component: string) =>
  allocations.filter((row) => row.component === component).reduce((sum, row) => sum + row.amount, 0);

/**
 * Books, for every order that moved money before the ledger existed (it has no journal entry), the
 * entries its history calls for, under the same event keys the live posting uses — so a second
 * run, or a live event racing it, books nothing twice: each disbursement attempt, each day's
 * penalty accrual, each payment held, applied or returned, in the order they happened, dated on
 * their own days. What the plan lines say was paid beyond the payments on record (seeded or
 * imported orders) is booked as received through the pre-ledger cash account. Each order in its
 * own transaction: a failure leaves the others booked and the run can be repeated.
 */
/** A report with nothing booked or checked yet: what a check alone (no rebuild) fills in. */
export function emptyRebuildReport(): RebuildReport {
  return { rebuilt: 0, entries: 0, preLedgerOut: 0, preLedgerIn: 0, checkedOrders: 0, differences: [] };
}

export async function rebuildLedger(deps: RebuildDeps): Promise<RebuildReport> {
  const report = emptyRebuildReport();
  for (const orderId of await ordersWithMoney(deps.db)) await rebuildOrderLedger(deps, orderId, report);
  return report;
}

/** The rebuild of one order (the demo seed books its written-off loan with it before writing it off). */
export async function rebuildOrderLedger(
  deps: RebuildDeps,
  orderId: number,
  report: RebuildReport = emptyRebuildReport(),
): Promise<RebuildReport> {
  await inTransaction(deps.db, async (trx) => {
    const posted = await rebuildOrder({ ...deps, db: trx }, orderId, report);
    if (posted > 0) report.rebuilt += 1;
    report.entries += posted;
  });
  return report;
}

async function rebuildOrder(deps: RebuildDeps, orderId: number, report: RebuildReport): Promise<number> {
  const history = await orderLedgerHistory(deps.db, orderId);
  if (!history) return 0;
  const { account } = history;
  const { order } = account;
  const timeZone = deps.config.lenderTimeZone;
  let posted = 0;
  const post = async (
    draft: JournalEntryDraft | null,
    posting: Omit<JournalPosting, 'timeZone' | 'orderId'>,
  ) => {
    const id = await postJournalEntry(deps.db, draft, {
      ...posting,
      timeZone,
      orderId,
      memo: posting.memo ?? 'rebuilt from history',
    });
    if (id !== null) posted += 1;
    return id !== null;
  };
  const charges = chargesOf(account);

  let disbursed = false;
  for (const attempt of history.disbursements) {
    const key = `disbursement:${attempt.id}`;
    const provider = attempt.provider;
    await post(payoutSendingEntry({ provider, amount: attempt.amount }), {
      eventKey: `${key}:sending`,
      at: at(attempt.created_at),
      provider,
    });
    if (attempt.status === 'failed') {
      await post(payoutFailedEntry({ provider, amount: attempt.amount }), {
        eventKey: `${key}:failed`,
        at: at(attempt.updated_at),
        provider,
      });
    } else if (attempt.status === 'sent') {
      disbursed = true;
      await post(disbursementEntry({ principal: attempt.amount, ...charges }), {
        eventKey: `${key}:sent`,
        at: at(attempt.updated_at),
        provider,
        providerRef: attempt.reference,
      });
    }
  }
  if (!disbursed && order.disbursed_on !== null) {
    const when = at(`${order.disbursed_on}T04:00:00.000Z`);
    const provider = PRE_LEDGER_PROVIDER;
    await post(payoutSendingEntry({ provider, amount: order.principal }), {
      eventKey: `order:${orderId}:pre-ledger-payout`,
      at: when,
      provider,
    });
    const booked = await post(disbursementEntry({ principal: order.principal, ...charges }), {
      eventKey: `order:${orderId}:pre-ledger-disbursement`,
      at: when,
      provider,
      memo: 'disbursed before the ledger, no payout attempt on record',
    });
    if (booked) report.preLedgerOut += order.principal;
  }

  let accrued = 0;
  for (const accrual of history.penaltyAccruals) {
    accrued += accrual.amount;
    await post(accrualEntry({ penalty: accrual.amount }), {
      eventKey: `penalty:${orderId}:${accrual.accrued_on}`,
      at: at(accrual.created_at),
    });
  }
  if (order.penalty_amount > accrued) {
    await post(accrualEntry({ penalty: order.penalty_amount - accrued }), {
      eventKey: `order:${orderId}:pre-ledger-penalty`,
      at: at(order.updated_at),
      memo: 'penalty accrued before the ledger, no daily accrual on record',
    });
  }

  // Payments in the order they were applied, so the fees a payment cleared are read off the
  // charges the earlier ones had paid, as the live posting reads them.
  let chargesPaidBefore = 0;
  for (const { payment, allocations } of await orderPaymentHistory(deps.db, orderId)) {
    const received = payment.received_amount ?? 0;
    const base = {
      paymentId: payment.id,
      provider: payment.provider,
      providerRef: payment.ref_no || payment.txnid,
    };
    const wasHeld = payment.status !== 'paid' || payment.status_reason === 'accepted_by_operator';
    if (wasHeld && received > 0) {
      await post(heldPaymentEntry({ provider: payment.provider, amount: received }), {
        ...base,
        eventKey: `payment:${payment.id}:held`,
        at: at(payment.received_at ?? payment.created_at),
      });
    }
    if (payment.status === 'returned') {
      await post(heldPaymentReturnedEntry({ provider: deps.payoutProvider, amount: received }), {
        ...base,
        provider: deps.payoutProvider,
        providerRef: payment.refund_reference,
        eventKey: `payment:${payment.id}:returned`,
        at: at(payment.updated_at),
      });
    }
    if (payment.status !== 'paid') continue;
    const source = wasHeld ? LedgerAccount.HeldPaymentsSuspense : cashAccount(payment.provider);
    const credit = componentSum(allocations, 'credit');
    const extensionFee = componentSum(allocations, 'extension_fee');
    let draft: JournalEntryDraft | null;
    if (extensionFee > 0) {
      draft = extensionFeeEntry({ source, fee: extensionFee });
    } else {
      const applied = allocations.filter(
        (row): row is typeof row & { component: Allocation['component'] } =>
          row.component === 'penalty' || row.component === 'interest' || row.component === 'principal',
      );
      const chargesPaid = componentSum(applied, 'interest');
      draft = repaymentEntry({
        source,
        allocations: applied,
        credit,
        feesPaid: feesPaidBy({ order: charges, chargesPaidBefore, chargesPaid }),
      });
      chargesPaidBefore += chargesPaid;
    }
    await post(draft, {
      ...base,
      eventKey: `payment:${payment.id}:applied`,
      at: at(payment.paid_at ?? payment.updated_at),
    });
  }

  // What the plan lines and penalty say was paid beyond what the journal now has: paid before
  // the ledger with no payment on record. Read off the journal itself, so the entry takes each
  // receivable exactly to what is owed whatever the live posting booked meanwhile.
  const onBooks = (await receivablesByOrder(deps.db, [orderId])).get(orderId) ?? NOTHING;
  const owed = receivablesOnBooks(account);
  const excess: Receivables = {
    principal: onBooks.principal - owed.principal,
    interest: onBooks.interest - owed.interest,
    fees: onBooks.fees - owed.fees,
    penalty: onBooks.penalty - owed.penalty,
  };
  if (
    order.written_off_at === null &&
    RECEIVABLES.every((part) => excess[part] >= 0) &&
    RECEIVABLES.some((part) => excess[part] > 0)
  ) {
    const draft = repaymentEntry({
      source: cashAccount(PRE_LEDGER_PROVIDER),
      allocations: [
        { component: 'penalty', amount: excess.penalty },
        { component: 'interest', amount: excess.interest + excess.fees },
        { component: 'principal', amount: excess.principal },
      ],
      credit: 0,
      feesPaid: excess.fees,
    });
    const booked = await post(draft, {
      eventKey: `order:${orderId}:pre-ledger-repayments`,
      at: at(order.settled_at ?? order.updated_at),
      provider: PRE_LEDGER_PROVIDER,
      memo: 'repaid before the ledger, no payment on record',
    });
    if (booked) report.preLedgerIn += RECEIVABLES.reduce((sum, part) => sum + excess[part], 0);
  }
  return posted;
}

/**
 * Proves the journal equals today's balances: each order's receivables against what its plan
 * lines and penalty say it owes (nothing, once written off), and each provider's cash against
 * its payments received, its payouts and the returns. Every difference is listed.
 */
export async function checkLedger(deps: RebuildDeps, report: RebuildReport): Promise<void> {
  const orderIds = await ordersWithMoney(deps.db);
  const journal = await receivablesByOrder(deps.db, orderIds);
  for (const orderId of orderIds) {
    const history = await orderLedgerHistory(deps.db, orderId);
    if (!history) continue;
    report.checkedOrders += 1;
    const owed = receivablesOnBooks(history.account);
    const booked = journal.get(orderId) ?? NOTHING;
    for (const part of RECEIVABLES) {
      if (booked[part] !== owed[part]) {
        report.differences.push({
          what: `order ${orderId} ${part} receivable`,
          ledger: booked[part],
          records: owed[part],
        });
      }
    }
  }
  const balances = await accountBalancesNow(deps.db);
  const expected = new Map<string, number>();
  const add = (provider: string, amount: number) =>
    expected.set(cashAccount(provider), (expected.get(cashAccount(provider)) ?? 0) + amount);
  for (const [provider, amount] of await receivedByProvider(deps.db)) add(provider, amount);
  for (const [provider, amount] of await payoutsByProvider(deps.db)) add(provider, -amount);
  add(deps.payoutProvider, -(await returnedTotal(deps.db)));
  const preLedger = cashAccount(PRE_LEDGER_PROVIDER);
  const cashAccounts = new Set([
    ...expected.keys(),
    ...[...balances.keys()].filter((key) => key.startsWith('cash:')),
  ]);
  for (const key of cashAccounts) {
    if (key === preLedger) continue;
    const ledger = balances.get(key) ?? 0;
    const records = expected.get(key) ?? 0;
    if (ledger !== records) report.differences.push({ what: `${key} balance`, ledger, records });
  }
}
