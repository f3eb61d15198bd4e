import { daysBetween } from './calendar-date.ts';
import type { CalendarDate } from './calendar-date.ts';
import { DomainError } from './errors.ts';

/** Order status codes as the spec's order page reads them (DESIGN D2). */
export const OrderStatus = {
  UnderReview: 21,
  Rejected: 110,
  /** Approved, awaiting withdrawal confirmation / disbursement. */
  Approved: 151,
  /** Disbursed, repaying, due date not yet inside the due window. */
  Repaying: 170,
  /** Inside the due window; a rollover is offered when the product allows it. */
  Due: 174,
  Overdue: 180,
  /**
   * Written off (ours, decision 0103): the books cleared what it owed; it accrues nothing, takes no
   * extension and is nobody's to collect, but the borrower may still pay it (a recovery).
   */
  WrittenOff: 190,
  Settled: 200,
} as const;

export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

export const orderStatuses: readonly OrderStatus[] = Object.freeze(Object.values(OrderStatus));

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'number' && (orderStatuses as readonly number[]).includes(value);
}

/** Who or what may cause a transition; the server records it with each change. */
export type TransitionTrigger =
  | 'operator'
  | 'schedule'
  | 'repayment'
  | 'extension'
  | 'write-off'
  /** A payment taken back (decision 0110): what it paid is owed again, so the order may fall back. */
  | 'reversal'
  /** A waiver or a new plan (decision 0110): what is owed changed by the lender's decision. */
  | 'restructure';

export interface OrderTransition {
  from: OrderStatus;
  to: OrderStatus;
  by: TransitionTrigger;
}

const S = OrderStatus;

/**
 * Every allowed move; anything else is refused. 110 and 200 are final. The scheduled job may
 * jump 170 → 180 directly because a job that did not run through the due window must still
 * land on the status the date calls for. The way back is paid for: an extension moves the due
 * date, and a repayment of every instalment due moves the order to the status its next
 * instalment's date calls for (statusAfterRepayment). A write-off leaves repayment for 190,
 * which only a recovery of everything left ends (200).
 */
export const orderTransitions: readonly OrderTransition[] = Object.freeze([
  { from: S.UnderReview, to: S.Approved, by: 'operator' },
  { from: S.UnderReview, to: S.Rejected, by: 'operator' },
  { from: S.Approved, to: S.Repaying, by: 'operator' },
  { from: S.Repaying, to: S.Due, by: 'schedule' },
  { from: S.Repaying, to: S.Overdue, by: 'schedule' },
  { from: S.Due, to: S.Overdue, by: 'schedule' },
  { from: S.Repaying, to: S.Settled, by: 'repayment' },
  { from: S.Due, to: S.Settled, by: 'repayment' },
  { from: S.Overdue, to: S.Settled, by: 'repayment' },
  { from: S.Due, to: S.Repaying, by: 'extension' },
  { from: S.Overdue, to: S.Repaying, by: 'extension' },
  { from: S.Due, to: S.Repaying, by: 'repayment' },
  { from: S.Overdue, to: S.Repaying, by: 'repayment' },
  { from: S.Overdue, to: S.Due, by: 'repayment' },
  { from: S.Repaying, to: S.WrittenOff, by: 'write-off' },
  { from: S.Due, to: S.WrittenOff, by: 'write-off' },
  { from: S.Overdue, to: S.WrittenOff, by: 'write-off' },
  { from: S.WrittenOff, to: S.Settled, by: 'repayment' },
  { from: S.Settled, to: S.Repaying, by: 'reversal' },
  { from: S.Settled, to: S.Due, by: 'reversal' },
  { from: S.Settled, to: S.Overdue, by: 'reversal' },
  { from: S.Settled, to: S.WrittenOff, by: 'reversal' },
  { from: S.Repaying, to: S.Due, by: 'reversal' },
  { from: S.Repaying, to: S.Overdue, by: 'reversal' },
  { from: S.Due, to: S.Overdue, by: 'reversal' },
  { from: S.Due, to: S.Repaying, by: 'restructure' },
  { from: S.Overdue, to: S.Repaying, by: 'restructure' },
  { from: S.Overdue, to: S.Due, by: 'restructure' },
  { from: S.Repaying, to: S.Settled, by: 'restructure' },
  { from: S.Due, to: S.Settled, by: 'restructure' },
  { from: S.Overdue, to: S.Settled, by: 'restructure' },
]);

/** Disbursed and still repaying by the plan: what the daily job, reminders and collections work on. */
export const repayingStatuses: readonly OrderStatus[] = Object.freeze([S.Repaying, S.Due, S.Overdue]);

/** An order a payment may still be applied to: repaying, or written off (then a recovery). */
export const owingStatuses: readonly OrderStatus[] = Object.freeze([...repayingStatuses, S.WrittenOff]);

/** Whether from → to is allowed at all, or, given `by`, allowed for that trigger. */
export function canTransition(from: OrderStatus, to: OrderStatus, by?: TransitionTrigger): boolean {
  return orderTransitions.some((t) => t.from === from && t.to === to && (by === undefined || t.by === by));
}

export function isFinalStatus(status: OrderStatus): boolean {
  // A reversal corrects a mistake; it does not make a settled loan an open one in the meantime.
  return !orderTransitions.some((t) => t.from === status && t.by !== 'reversal');
}

/** An order that still holds its borrower's one open-order place: anything not final. */
export function isOpenStatus(status: number): boolean {
  return isOrderStatus(status) && !isFinalStatus(status);
}

const repaymentRank: Partial<Record<OrderStatus, number>> = { [S.Repaying]: 0, [S.Due]: 1, [S.Overdue]: 2 };

export interface StatusByDateInput {
  status: OrderStatus;
  /** The due date of the earliest unpaid instalment. */
  dueDate: CalendarDate;
  today: CalendarDate;
  /** 174 starts this many days before the due date; 0 means on the due date only. */
  dueWindowDays: number;
}

/**
 * What the scheduled job should set: 174 from dueDate − dueWindowDays through the due date,
 * 180 from the day after it. It only moves forward (170 → 174 → 180): going back is an
 * extension's or a repayment's business, never the clock's. Statuses outside repayment
 * (21, 110, 151, 200) are returned unchanged.
 */
export function nextStatusByDate(input: StatusByDateInput): OrderStatus {
  const { status, dueDate, today, dueWindowDays } = input;
  if (!Number.isSafeInteger(dueWindowDays) || dueWindowDays < 0) {
    throw new DomainError(
      'invalid_argument',
      `dueWindowDays must be a non-negative integer, got ${String(dueWindowDays)}`,
    );
  }
  const daysToDue = daysBetween(today, dueDate);
  const current = repaymentRank[status];
  if (current === undefined) return status;
  const byDate: OrderStatus = daysToDue < 0 ? S.Overdue : daysToDue <= dueWindowDays ? S.Due : S.Repaying;
  const target = repaymentRank[byDate] ?? 0;
  return target > current ? byDate : status;
}

/**
 * The status an open order takes once a repayment left `dueDate` as its earliest unpaid
 * instalment: the one that date calls for (as nextStatusByDate reads it), when that is behind the
 * current one, so an order whose due instalment is paid stops being due or overdue. It only moves
 * back: moving forward stays the scheduled job's. A penalty still owed keeps the order where it is.
 */
export function statusAfterRepayment(input: StatusByDateInput & { penaltyOwed: number }): OrderStatus {
  const current = repaymentRank[input.status];
  if (current === undefined || input.penaltyOwed > 0) return input.status;
  const daysToDue = daysBetween(input.today, input.dueDate);
  const byDate: OrderStatus =
    daysToDue < 0 ? S.Overdue : daysToDue <= input.dueWindowDays ? S.Due : S.Repaying;
  return (repaymentRank[byDate] ?? 0) < current ? byDate : input.status;
}
