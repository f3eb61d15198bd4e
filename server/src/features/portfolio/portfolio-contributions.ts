import { calendarDateAt, repayingStatuses, type CalendarDate } from '@kwarta/domain';

/**
 * What one order adds to the portfolio's summaries (decision 0111), from its own rows: the same
 * definitions as the portfolio computed from the raw rows (features/orders/portfolio-report.ts),
 * cut by the lender's day, so a report sums a few hundred rows instead of the whole book.
 */

/** The figures kept in portfolio_sums; `day` is a lender's date unless said otherwise. */
export const PortfolioFigure = {
  /** Principal disbursed, by disbursed_on. */
  Disbursed: 'disbursed',
  /** Payments received (status paid), by the lender's day of paid_at. */
  Collected: 'collected',
  /** A live loan's unpaid principal; day ''. */
  Outstanding: 'outstanding',
  /** A live loan's unpaid principal, by its oldest unpaid due date (PAR). */
  AtRisk: 'at_risk',
  /** Instalments of disbursed loans, by due date: what they ask… */
  Due: 'due',
  /** …and what has been paid of it. */
  DuePaid: 'due_paid',
  /** Disbursed loans, by their first instalment's due date… */
  FirstDue: 'first_due',
  /** …and those whose first instalment is still unpaid. */
  FirstDueUnpaid: 'first_due_unpaid',
  /** What a disbursement-month cohort owes; day is the cohort (YYYY-MM). */
  CohortDue: 'cohort_due',
  /** A cohort's payments; day is the cohort, month the lender's month paid. */
  CohortPaid: 'cohort_paid',
  /**
   * The standard reports' aging (decision 0118): live loans by their aging day, the due date of
   * their oldest instalment with principal or interest unpaid; with that principal and interest
   * (charges) still owed…
   */
  AgingLoans: 'aging_loans',
  AgingPrincipal: 'aging_principal',
  AgingCharges: 'aging_charges',
  /**
   * …and the penalty still owed. Kept apart from the order's other parts (the standing's
   * `penalty_owed` at its `aging_day`), because the daily job adds each day's accrual to it.
   */
  AgingPenalty: 'aging_penalty',
  /** Expected repayments (decision 0118): live loans' principal and interest unpaid, by due date… */
  Expected: 'expected',
  /** …and how many instalments still ask for it. */
  ExpectedInstalments: 'expected_instalments',
} as const;
export type PortfolioFigure = (typeof PortfolioFigure)[keyof typeof PortfolioFigure];

/** An order's rows as the portfolio reads them. */
export interface OrderMoneyRows {
  orderId: number;
  productId: number;
  /** The campaign the borrower registered through; '' for none. */
  utmTag: string;
  status: number;
  principal: number;
  totalDue: number;
  /** penalty_amount − penalty_paid. */
  penaltyOwed: number;
  disbursedOn: CalendarDate | null;
  lines: {
    seq: number;
    dueDate: CalendarDate;
    principal: number;
    principalPaid: number;
    interest: number;
    interestPaid: number;
    amount: number;
    paidAmount: number;
  }[];
  /** Its payments with status paid. */
  paidPayments: { paidAt: string | null; receivedAmount: number | null }[];
}

/** One row of an order's part: [figure, day, month, amount]. */
export type SumPart = [figure: PortfolioFigure, day: string, month: string, amount: number];

export interface OrderContribution {
  outstandingPrincipal: number;
  oldestUnpaidDue: CalendarDate | null;
  /** A live loan's oldest due date with principal or interest unpaid: where its aging figures are. */
  agingDay: CalendarDate | null;
  /** The penalty counted at `agingDay` (0 without one). */
  penaltyOwed: number;
  /** Keyed by `figure|day|month`; no zero amounts. */
  sums: Map<string, SumPart>;
}

export const sumKey = (figure: string, day: string, month: string) => `${figure}|${day}|${month}`;

/** The lender's date of an instant, cut to its UTC hour as the raw report does (`2026-11-30T17`). */
function lenderDayOf(instant: string, timeZone: string): CalendarDate {
  return calendarDateAt(new Date(`${instant.slice(0, 13)}:00:00Z`), timeZone);
}

const LIVE = new Set<number>(repayingStatuses);

export function orderContribution(order: OrderMoneyRows, timeZone: string): OrderContribution {
  const sums = new Map<string, SumPart>();
  const add = (figure: PortfolioFigure, day: string, month: string, amount: number) => {
    if (amount === 0) return;
    const key = sumKey(figure, day, month);
    const part = sums.get(key);
    if (part) {
      part[3] += amount;
      if (part[3] === 0) sums.delete(key);
    } else sums.set(key, [figure, day, month, amount]);
  };
  const paid = order.paidPayments.filter((payment) => payment.paidAt !== null);
  for (const payment of paid) {
    add(PortfolioFigure.Collected, lenderDayOf(payment.paidAt!, timeZone), '', payment.receivedAmount ?? 0);
  }
  if (order.disbursedOn !== null) {
    const cohort = order.disbursedOn.slice(0, 7);
    add(PortfolioFigure.Disbursed, order.disbursedOn, '', order.principal);
    add(PortfolioFigure.CohortDue, cohort, '', order.totalDue);
    for (const payment of paid) {
      const month = lenderDayOf(payment.paidAt!, timeZone).slice(0, 7);
      add(PortfolioFigure.CohortPaid, cohort, month, payment.receivedAmount ?? 0);
    }
    for (const line of order.lines) {
      add(PortfolioFigure.Due, line.dueDate, '', line.amount);
      add(PortfolioFigure.DuePaid, line.dueDate, '', line.paidAmount);
      if (line.seq === 1) {
        add(PortfolioFigure.FirstDue, line.dueDate, '', 1);
        add(PortfolioFigure.FirstDueUnpaid, line.dueDate, '', line.paidAmount < line.amount ? 1 : 0);
      }
    }
  }
  let outstandingPrincipal = 0;
  let oldestUnpaidDue: CalendarDate | null = null;
  let agingDay: CalendarDate | null = null;
  let penaltyOwed = 0;
  if (LIVE.has(order.status)) {
    const aging = { principal: 0, charges: 0 };
    for (const line of order.lines) {
      outstandingPrincipal += line.principal - line.principalPaid;
      if (line.paidAmount < line.amount && (oldestUnpaidDue === null || line.dueDate < oldestUnpaidDue)) {
        oldestUnpaidDue = line.dueDate;
      }
      // The standard reports' "unpaid": principal and interest, as their raw queries say.
      const unpaid = line.principal + line.interest - line.principalPaid - line.interestPaid;
      if (unpaid > 0) {
        if (agingDay === null || line.dueDate < agingDay) agingDay = line.dueDate;
        aging.principal += line.principal - line.principalPaid;
        aging.charges += line.interest - line.interestPaid;
        add(PortfolioFigure.Expected, line.dueDate, '', unpaid);
        add(PortfolioFigure.ExpectedInstalments, line.dueDate, '', 1);
      }
    }
    add(PortfolioFigure.Outstanding, '', '', outstandingPrincipal);
    if (oldestUnpaidDue !== null) add(PortfolioFigure.AtRisk, oldestUnpaidDue, '', outstandingPrincipal);
    if (agingDay !== null) {
      penaltyOwed = order.penaltyOwed;
      add(PortfolioFigure.AgingLoans, agingDay, '', 1);
      add(PortfolioFigure.AgingPrincipal, agingDay, '', aging.principal);
      add(PortfolioFigure.AgingCharges, agingDay, '', aging.charges);
      add(PortfolioFigure.AgingPenalty, agingDay, '', penaltyOwed);
    }
  }
  return { outstandingPrincipal, oldestUnpaidDue, agingDay, penaltyOwed, sums };
}

/**
 * An order's part as its standing keeps it: the JSON parts, and the penalty counted at its aging
 * day in columns of their own, which the daily job's accruals add to (decision 0118).
 */
export function keptParts(standing: {
  sums: string;
  aging_day: CalendarDate | null;
  penalty_owed: number | string;
}): SumPart[] {
  const parts = JSON.parse(standing.sums) as SumPart[];
  const penalty = Number(standing.penalty_owed);
  if (standing.aging_day !== null && penalty !== 0) {
    parts.push([PortfolioFigure.AgingPenalty, standing.aging_day, '', penalty]);
  }
  return parts;
}

/** What changes in the sums when an order's part moves from `before` to `after`; no zero rows. */
export function sumChanges(before: Iterable<SumPart>, after: Iterable<SumPart>): SumPart[] {
  const changes = new Map<string, SumPart>();
  for (const [figure, day, month, amount] of before) {
    changes.set(sumKey(figure, day, month), [figure, day, month, -amount]);
  }
  for (const [figure, day, month, amount] of after) {
    const key = sumKey(figure, day, month);
    const change = changes.get(key);
    if (change) change[3] += amount;
    else changes.set(key, [figure, day, month, amount]);
  }
  return [...changes.values()].filter((change) => change[3] !== 0);
}
