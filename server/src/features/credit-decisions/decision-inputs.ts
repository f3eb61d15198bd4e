import {
  calendarDateAt,
  daysBetween,
  OrderStatus,
  type DecisionInputs,
  type MinorUnits,
} from '@kwarta/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { payoutAccountSharing } from '../bank-binding/index.ts';
import { countBorrowerComplaints } from '../complaints/index.ts';
import { borrowerCreditHistory, type CreditHistoryOrder } from '../orders/index.ts';
import { otherBorrowersOnDevicesOf } from '../sessions/index.ts';

export interface Application {
  borrowerId: number;
  registeredAt: string;
  /** The order being decided, left out of the history; null for a preview (the confirmation page). */
  orderId: number | null;
  productId: number;
  productMaxAmount: MinorUnits;
  amountAsked: MinorUnits;
  termDaysAsked: number;
}

const RECENT_DAYS = 90;
const DAYS_PER_MONTH = 30.44;

/**
 * The one function a decision's inputs come from (D21, decision 0109), over what we hold: the
 * borrower's orders, sessions, payout account and complaints, as of `now` in the lender's days.
 * Identity status is "unknown" until identity verification lands and hands it in here.
 */
export async function gatherDecisionInputs(
  db: Kysely<Database>,
  application: Application,
  at: { now: Date; timeZone: string },
): Promise<DecisionInputs> {
  // Four independent one-statement reads, side by side: one round trip's wait, not five in a row.
  const [account, sameDeviceBorrowers, complaints, history] = await Promise.all([
    payoutAccountSharing(db, application.borrowerId),
    otherBorrowersOnDevicesOf(db, application.borrowerId),
    countBorrowerComplaints(db, application.borrowerId),
    borrowerCreditHistory(db, { borrowerId: application.borrowerId, exceptOrderId: application.orderId }),
  ]);
  return inputsFromHistory(history.orders, application, {
    now: at.now,
    timeZone: at.timeZone,
    payoutAccountPaidBefore: account.accountId !== null && history.paidAccountIds.includes(account.accountId),
    complaints,
    sameDeviceBorrowers,
    samePayoutAccountBorrowers: account.otherBorrowers,
  });
}

export interface OtherFacts {
  now: Date;
  timeZone: string;
  payoutAccountPaidBefore: boolean;
  complaints: number;
  sameDeviceBorrowers: number;
  samePayoutAccountBorrowers: number;
}

/**
 * The inputs from the borrower's other orders as they stood at `facts.now`: the push reads them
 * as they are, and the back-test replays an old application against the orders before it (an
 * order settled later counts as still open then, one applied later not at all).
 */
export function inputsFromHistory(
  orders: readonly CreditHistoryOrder[],
  application: Omit<Application, 'orderId'>,
  facts: OtherFacts,
): DecisionInputs {
  const today = calendarDateAt(facts.now, facts.timeZone);
  const nowIso = facts.now.toISOString();
  const dayOf = (iso: string) => calendarDateAt(new Date(iso), facts.timeZone);
  // At the same instant counts as before: a push decided in the request that follows another's.
  const known = orders
    .filter((order) => order.appliedAt <= nowIso)
    .map((order) => (order.settledAt && order.settledAt > nowIso ? { ...order, settledAt: null } : order));
  const settled = known.filter((order) => order.settledAt !== null && order.status === OrderStatus.Settled);
  const daysLate = (order: CreditHistoryOrder): number => {
    if (!order.dueDate || order.dueDate > today) return 0;
    const end = order.settledAt ? dayOf(order.settledAt) : today;
    return Math.max(0, daysBetween(order.dueDate, end));
  };
  const recent = known.filter(
    (order) => !order.settledAt || daysBetween(dayOf(order.settledAt), today) <= RECENT_DAYS,
  );
  const onTime = settled.filter((order) => daysLate(order) === 0).length;
  const largestRepaid = settled.length ? Math.max(...settled.map((order) => order.principal)) : null;
  const lastDecline = known
    .filter((order) => order.status === OrderStatus.Rejected && order.updatedAt <= nowIso)
    .map((order) => dayOf(order.updatedAt))
    .sort()
    .at(-1);
  const open = known.filter((order) => !order.settledAt && order.dueDate !== null);
  return {
    monthsSinceRegistration: Math.floor(daysBetween(dayOf(application.registeredAt), today) / DAYS_PER_MONTH),
    loansRepaid: settled.length,
    onTimeShare: settled.length ? onTime / settled.length : null,
    worstDaysPastDueEver: Math.max(0, ...known.map(daysLate)),
    worstDaysPastDueLast90Days: Math.max(0, ...recent.map(daysLate)),
    loansOpen: open.length,
    loansOverdue: open.filter((order) => daysLate(order) > 0).length,
    amountAsked: application.amountAsked,
    termDaysAsked: application.termDaysAsked,
    largestRepaid,
    amountToLargestRepaid: largestRepaid ? application.amountAsked / largestRepaid : null,
    productId: application.productId,
    productMaxAmount: application.productMaxAmount,
    payoutAccountPaidBefore: facts.payoutAccountPaidBefore,
    complaints: facts.complaints,
    sameDeviceBorrowers: facts.sameDeviceBorrowers,
    samePayoutAccountBorrowers: facts.samePayoutAccountBorrowers,
    daysSinceLastDecline: lastDecline ? daysBetween(lastDecline, today) : null,
    identityStatus: 'unknown',
  };
}
