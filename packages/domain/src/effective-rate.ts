import { daysBetween } from './calendar-date.ts';
import type { CalendarDate } from './calendar-date.ts';
import { DomainError } from './errors.ts';
import type { MinorUnits } from './money.ts';

/**
 * The effective interest rate (EIR) of a loan: the rate that discounts every scheduled payment
 * to the net proceeds the borrower received on the disbursement date (BSP Circular No. 730's
 * definition, which SEC Memorandum Circular No. 3, s. 2022 caps). Time is counted in months of
 * 365/12 days, so a payment d days after disbursement is discounted by (1 + i)^(12d/365), and the
 * annual rate is the monthly one compounded twelve times: both are the same rate, two ways.
 */
export interface DatedPayment {
  dueDate: CalendarDate;
  amount: MinorUnits;
}

export interface EffectiveRate {
  /** Per month, as a fraction (0.0123 = 1.23%). */
  monthly: number;
  /** Per year, compounded monthly: (1 + monthly)^12 − 1. */
  annual: number;
}

const DAYS_PER_MONTH = 365 / 12;
/** The solver stops when two successive rates differ by less than this (the 1e-9). */
const TOLERANCE = 1e-9;

export function effectiveRate(input: {
  netProceeds: MinorUnits;
  disbursedOn: CalendarDate;
  payments: readonly DatedPayment[];
}): EffectiveRate {
  const { netProceeds, disbursedOn, payments } = input;
  if (!Number.isSafeInteger(netProceeds) || netProceeds <= 0) {
    throw new DomainError(
      'invalid_amount',
      `netProceeds must be a positive integer, got ${String(netProceeds)}`,
    );
  }
  const flows = payments
    .filter((payment) => payment.amount > 0)
    .map((payment) => {
      const days = daysBetween(disbursedOn, payment.dueDate);
      if (days <= 0) {
        throw new DomainError(
          'invalid_argument',
          `payment due ${payment.dueDate} is not after ${disbursedOn}`,
        );
      }
      return { months: days / DAYS_PER_MONTH, amount: payment.amount };
    });
  const total = flows.reduce((sum, flow) => sum + flow.amount, 0);
  if (total < netProceeds) {
    throw new DomainError('invalid_argument', 'the payments repay less than the net proceeds');
  }
  return rateOfFlows(netProceeds, flows);
}

/**
 * The same rate from payments already placed in time (`months` after disbursement): what a
 * worked example in whole months (Regulation Z's "all months are equal") is checked with.
 */
export function rateOfFlows(
  netProceeds: number,
  flows: readonly { months: number; amount: number }[],
): EffectiveRate {
  const monthly = solveRate(netProceeds, flows);
  return { monthly, annual: (1 + monthly) ** 12 - 1 };
}

/**
 * The root of f(i) = Σ amount·(1+i)^−t − net, which falls strictly as i grows (every payment is
 * positive and after day 0), so it has one root ≥ 0 once the payments cover the net proceeds.
 * Newton's method from a bracketing start, falling back to bisection whenever a step would leave
 * the bracket: fast for the usual rates, sure for the odd ones.
 */
function solveRate(net: number, flows: readonly { months: number; amount: number }[]): number {
  const value = (rate: number) =>
    flows.reduce((sum, flow) => sum + flow.amount * (1 + rate) ** -flow.months, 0) - net;
  const slope = (rate: number) =>
    flows.reduce((sum, flow) => sum - flow.months * flow.amount * (1 + rate) ** (-flow.months - 1), 0);

  let low = 0;
  let high = 1;
  while (value(high) > 0) {
    low = high;
    high *= 2;
    if (high > 1e6) throw new DomainError('invalid_argument', 'the effective rate is beyond any loan');
  }
  let rate = (low + high) / 2;
  for (let step = 0; step < 200; step += 1) {
    const current = value(rate);
    if (current > 0) low = rate;
    else high = rate;
    const derivative = slope(rate);
    let next = derivative === 0 ? Number.NaN : rate - current / derivative;
    if (!(next > low && next < high)) next = (low + high) / 2;
    if (Math.abs(next - rate) < TOLERANCE) return next;
    rate = next;
  }
  return rate;
}

/** A rate as a percentage with two decimals, the way a disclosure states it: 0.012345 → "1.23%". */
export function formatRatePercent(rate: number): string {
  return `${(rate * 100).toFixed(2)}%`;
}
