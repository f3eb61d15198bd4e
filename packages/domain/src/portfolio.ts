import { addDays, fromEpochDay, toEpochDay, type CalendarDate } from './calendar-date.ts';
import type { MinorUnits } from './money.ts';

/**
 * Portfolio figures a lender reads (decision 0099): portfolio at risk, amounts per period, repayment
 * curves by disbursement cohort. Pure: the server reads sums from the database and these
 * functions shape them, so every rule is one place and property-tested.
 */

/** PAR thresholds: principal of loans with an instalment at least this many days past due. */
export const parThresholds = [1, 7, 30, 90] as const;
export type ParThreshold = (typeof parThresholds)[number];

export interface LoanStanding {
  outstandingPrincipal: MinorUnits;
  /** Days since the oldest unpaid instalment fell due (0 when none is late). */
  daysPastDue: number;
}

export interface PortfolioAtRisk {
  outstandingPrincipal: MinorUnits;
  /** For each threshold, the principal at risk and its share of the outstanding (0 when nothing is). */
  par: Record<ParThreshold, { amount: MinorUnits; ratio: number }>;
}

/**
 * PARn = principal outstanding of loans n or more days past due ÷ all principal outstanding (the
 * whole loan's principal counts, not only the late instalment's: CGAP's definition).
 */
export function portfolioAtRisk(loans: Iterable<LoanStanding>): PortfolioAtRisk {
  let outstanding = 0;
  const atRisk = Object.fromEntries(parThresholds.map((days) => [days, 0])) as Record<ParThreshold, number>;
  for (const loan of loans) {
    outstanding += loan.outstandingPrincipal;
    for (const days of parThresholds) if (loan.daysPastDue >= days) atRisk[days] += loan.outstandingPrincipal;
  }
  return portfolioAtRiskFrom(outstanding, atRisk);
}

/** The shares of PAR from sums already made (the database's): each amount over the outstanding. */
export function portfolioAtRiskFrom(
  outstandingPrincipal: MinorUnits,
  atRisk: Record<ParThreshold, MinorUnits>,
): PortfolioAtRisk {
  return {
    outstandingPrincipal,
    par: Object.fromEntries(
      parThresholds.map((days) => [
        days,
        { amount: atRisk[days], ratio: outstandingPrincipal === 0 ? 0 : atRisk[days] / outstandingPrincipal },
      ]),
    ) as PortfolioAtRisk['par'],
  };
}

/**
 * The oldest due date a loan n days past due (or more) has, seen from `today`: a loan is in PARn
 * when its oldest unpaid instalment fell due on or before it. Lets the database count by date.
 */
export function parDueOnOrBefore(today: CalendarDate, days: ParThreshold): CalendarDate {
  return addDays(today, -days);
}

export type Period = 'day' | 'week' | 'month';
export const periods: readonly Period[] = ['day', 'week', 'month'];

/**
 * The period a date belongs to, named by its first day: the date itself, the Monday of its ISO
 * week, or the first of its month. Sorting names sorts periods.
 */
export function periodStart(date: CalendarDate, period: Period): CalendarDate {
  if (period === 'day') return date;
  if (period === 'month') return `${date.slice(0, 7)}-01`;
  const epochDay = toEpochDay(date);
  // 1970-01-01 was a Thursday: (epochDay + 3) mod 7 is 0 on Mondays.
  return fromEpochDay(epochDay - ((((epochDay + 3) % 7) + 7) % 7));
}

/** Amounts by day summed into periods, in date order. */
export function sumByPeriod(
  amounts: Iterable<{ date: CalendarDate; amount: MinorUnits }>,
  period: Period,
): { start: CalendarDate; amount: MinorUnits }[] {
  const sums = new Map<CalendarDate, number>();
  for (const { date, amount } of amounts) {
    const start = periodStart(date, period);
    sums.set(start, (sums.get(start) ?? 0) + amount);
  }
  return [...sums].sort(([a], [b]) => (a < b ? -1 : 1)).map(([start, amount]) => ({ start, amount }));
}

/** Whole months from the first month to the second (both `YYYY-MM…`): 2026-01 → 2026-03 is 2. */
export function monthsBetween(from: string, to: string): number {
  const month = (value: string) => Number(value.slice(0, 4)) * 12 + Number(value.slice(5, 7)) - 1;
  return month(to) - month(from);
}

export interface CohortCurve {
  /** The disbursement month, `YYYY-MM`. */
  cohort: string;
  /** What the cohort's loans owe in all (principal and charges at disbursement). */
  due: MinorUnits;
  /**
   * Share of `due` collected by the end of each month since disbursement (index 0: the month of
   * disbursement), up to the month of `asOf`: cumulative, so never falling.
   */
  collected: number[];
}

/**
 * Repayment curves by disbursement-month cohort: for each cohort, the cumulative share of what it
 * owes that was collected by month since disbursement. Payments before disbursement (none should
 * exist) count in month 0; months after `asOf` are not drawn.
 */
export function cohortCurves(
  cohorts: Iterable<{ cohort: string; due: MinorUnits }>,
  collections: Iterable<{ cohort: string; month: string; amount: MinorUnits }>,
  asOf: CalendarDate,
): CohortCurve[] {
  const byCohort = new Map<string, { due: number; monthly: number[] }>();
  for (const { cohort, due } of cohorts) {
    const months = Math.max(0, monthsBetween(cohort, asOf)) + 1;
    byCohort.set(cohort, { due, monthly: Array<number>(months).fill(0) });
  }
  for (const { cohort, month, amount } of collections) {
    const entry = byCohort.get(cohort);
    if (!entry) continue;
    const index = Math.min(Math.max(0, monthsBetween(cohort, month)), entry.monthly.length - 1);
    entry.monthly[index]! += amount;
  }
  return [...byCohort]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([cohort, { due, monthly }]) => {
      let running = 0;
      return {
        cohort,
        due,
        collected: monthly.map((amount) => {
          running += amount;
          return due === 0 ? 0 : running / due;
        }),
      };
    });
}
