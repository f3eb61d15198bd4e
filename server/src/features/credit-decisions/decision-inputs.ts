import {
  calendarDateAt,
  daysBetween,
  OrderStatus,
  type DecisionInputs,
  type IdentityStatus,
  type MinorUnits,
} from '@kwarta/domain';
import { sql, type Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { Database } from '../../db/schema.ts';
import { defaultPayoutAccountId, lookalikePayoutAccountBorrowers } from '../bank-binding/index.ts';
import { borrowerComplaintCount } from '../complaints/index.ts';
import { decisionIdentityStatus, identityStateOf } from '../identity/index.ts';
import { creditHistoryRows, historyOrder, type CreditHistoryOrder } from '../orders/index.ts';
import { otherBorrowersOnDevices } from '../sessions/index.ts';

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
 * The parts are their owners' queries, each binding the borrower's id itself: the statement's
 * parameters are the id this many times, then the order left out (preparedQuery checks it).
 */
const BORROWER_PLACES = 7;

/**
 * Every input a decision reads from the database, in one statement compiled once (preparedQuery):
 * the borrower's complaints, other borrowers on their devices, their default payout account and
 * its look-alikes, their identity's state — uncorrelated scalar subqueries, each computed once — beside each of their other
 * orders (none: one row of NULLs, the left join keeps the scalars). Each part is its owner's
 * (complaints, sessions, bank-binding, identity, orders) and each is an index lookup by the borrower, or by
 * the devices and account found by it (decision 0109). One round trip on one connection, where four
 * reads side by side took four of the pool's connections per decision.
 */
const inputsQuery = preparedQuery((db: Kysely<Database>, ...args: number[]) => {
  const borrowerId = args[0]!;
  return db
    .selectFrom(db.selectNoFrom(sql<number>`1`.as('one')).as('anchor'))
    .leftJoin(creditHistoryRows(db, borrowerId, args[BORROWER_PLACES]!).as('h'), (join) => join.onTrue())
    .select([
      borrowerComplaintCount(db, borrowerId).as('complaints'),
      otherBorrowersOnDevices(db, borrowerId).as('same_device_borrowers'),
      defaultPayoutAccountId(db, borrowerId).as('payout_account_id'),
      lookalikePayoutAccountBorrowers(db, borrowerId).as('same_payout_account_borrowers'),
      identityStateOf(db, borrowerId).as('identity_state'),
      'h.id',
      'h.status',
      'h.principal',
      'h.due_date',
      'h.settled_at',
      'h.updated_at',
      'h.applied_at',
      'h.paid_account_id',
    ]);
});

/**
 * The one function a decision's inputs come from (D21, decision 0109), over what we hold: the
 * borrower's orders, sessions, payout account, complaints and identity, as of `now` in the
 * lender's days.
 */
export async function gatherDecisionInputs(
  db: Kysely<Database>,
  application: Application,
  at: { now: Date; timeZone: string },
): Promise<DecisionInputs> {
  const borrower = application.borrowerId;
  const rows = await inputsQuery(
    db,
    ...Array<number>(BORROWER_PLACES).fill(borrower),
    application.orderId ?? -1,
  );
  const facts = rows[0]!;
  const orders = rows.flatMap((row) =>
    row.id === null ? [] : [historyOrder(row as Parameters<typeof historyOrder>[0])],
  );
  const paidAccountIds = new Set(rows.map((row) => row.paid_account_id).filter((id) => id !== null));
  return inputsFromHistory(orders, application, {
    now: at.now,
    timeZone: at.timeZone,
    payoutAccountPaidBefore: facts.payout_account_id !== null && paidAccountIds.has(facts.payout_account_id),
    complaints: Number(facts.complaints ?? 0),
    sameDeviceBorrowers: Number(facts.same_device_borrowers ?? 0),
    samePayoutAccountBorrowers: Number(facts.same_payout_account_borrowers ?? 0),
    identityStatus: decisionIdentityStatus(facts.identity_state),
  });
}

export interface OtherFacts {
  now: Date;
  timeZone: string;
  payoutAccountPaidBefore: boolean;
  complaints: number;
  sameDeviceBorrowers: number;
  samePayoutAccountBorrowers: number;
  identityStatus: IdentityStatus;
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
    identityStatus: facts.identityStatus,
  };
}
