import { addDays, toEpochDay } from './calendar-date.ts';
import type { CalendarDate } from './calendar-date.ts';
import { DomainError } from './errors.ts';
import { assertTermAllowed } from './loan-rules.ts';
import type { LoanRules } from './loan-rules.ts';
import { mulDivHalfUp, splitHalfUp } from './money.ts';
import type { MinorUnits } from './money.ts';

export interface RepaymentScheduleInput {
  /** Amount disbursed, minor units, > 0. */
  principalMinor: MinorUnits;
  /**
   * Everything charged on top of the principal over the whole term (interest and fees), minor
   * units, ≥ 0. Pricing is the product's business; simpleInterest computes it from a daily rate.
   */
  interestMinor: MinorUnits;
  /** Number of instalments, 1 to termDays (so no two fall on the same date). */
  periods: number;
  /** Day 0 of the term. */
  disbursedOn: CalendarDate;
  /** Calendar days from disbursement to the last due date; must be within rules.term. */
  termDays: number;
  rules: LoanRules;
}

export interface ScheduleLine {
  /** 1-based instalment number. */
  period: number;
  dueDate: CalendarDate;
  principal: MinorUnits;
  interest: MinorUnits;
  /** principal + interest. */
  amount: MinorUnits;
}

export interface RepaymentSchedule {
  lines: ScheduleLine[];
  principal: MinorUnits;
  interest: MinorUnits;
  total: MinorUnits;
  /** Due date of the last instalment: disbursedOn + termDays. */
  maturityDate: CalendarDate;
}

function assertAmount(value: number, name: string, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new DomainError('invalid_amount', `${name} must be an integer ≥ ${min}, got ${String(value)}`);
  }
}

/**
 * Equal instalments over the term. Principal and interest are split separately (half-up per
 * line, the last line absorbing the remainder), so the lines sum exactly to the principal, to the
 * interest and to the total. Instalment k of n falls due floor(k × termDays / n) days after
 * disbursement: the last exactly at maturity, the others as evenly spaced as whole days allow.
 */
export function buildRepaymentSchedule(input: RepaymentScheduleInput): RepaymentSchedule {
  const { principalMinor, interestMinor, periods, disbursedOn, termDays, rules } = input;
  assertAmount(principalMinor, 'principalMinor', 1);
  assertAmount(interestMinor, 'interestMinor', 0);
  toEpochDay(disbursedOn);
  assertTermAllowed(termDays, rules);
  if (!Number.isSafeInteger(periods) || periods < 1 || periods > termDays) {
    throw new DomainError('invalid_argument', `periods must be 1–${termDays}, got ${String(periods)}`);
  }
  if (principalMinor + interestMinor > Number.MAX_SAFE_INTEGER) {
    throw new DomainError('invalid_amount', 'principal + interest exceeds the safe integer range');
  }

  const principalLines = splitHalfUp(principalMinor, periods);
  const interestLines = splitHalfUp(interestMinor, periods);
  const dueDates = instalmentDueDates(disbursedOn, termDays, periods);
  const lines = principalLines.map((principal, index): ScheduleLine => {
    const period = index + 1;
    const interest = interestLines[index] ?? 0;
    return {
      period,
      dueDate: dueDates[index]!,
      principal,
      interest,
      amount: principal + interest,
    };
  });

  return {
    lines,
    principal: principalMinor,
    interest: interestMinor,
    total: principalMinor + interestMinor,
    maturityDate: addDays(disbursedOn, termDays),
  };
}

/**
 * The due dates of `periods` instalments over `termDays` from `disbursedOn`: instalment k falls
 * floor(k × termDays / periods) days after disbursement. Disbursement re-fixes an order's plan
 * dates with this, keeping the amounts the borrower confirmed.
 */
export function instalmentDueDates(
  disbursedOn: CalendarDate,
  termDays: number,
  periods: number,
): CalendarDate[] {
  return Array.from({ length: periods }, (_, index) =>
    addDays(disbursedOn, Math.floor(((index + 1) * termDays) / periods)),
  );
}

/**
 * A product's charges (interest and fees) for a chosen term: its rate for its own term, pro rata
 * by day, rounded half-up once — so the product's own term costs exactly its rate.
 */
export function termCharges(input: {
  principalMinor: MinorUnits;
  termRateBps: number;
  productTermDays: number;
  termDays: number;
}): MinorUnits {
  const { principalMinor, termRateBps, productTermDays, termDays } = input;
  assertAmount(principalMinor, 'principalMinor', 0);
  for (const [name, value] of [
    ['termRateBps', termRateBps],
    ['productTermDays', productTermDays],
    ['termDays', termDays],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < (name === 'termRateBps' ? 0 : 1)) {
      throw new DomainError('invalid_argument', `${name} must be a positive integer, got ${String(value)}`);
    }
  }
  return mulDivHalfUp(principalMinor, termRateBps * termDays, 10_000 * productTermDays);
}

/**
 * Simple (non-compounding) interest: principal × daily rate × days, rounded half-up once.
 * The rate is in parts per million a day because basis points are too coarse for daily
 * consumer rates (0.033%/day = 330 ppm has no whole-bps form).
 */
export function simpleInterest(input: {
  principalMinor: MinorUnits;
  dailyRatePpm: number;
  days: number;
}): MinorUnits {
  const { principalMinor, dailyRatePpm, days } = input;
  assertAmount(principalMinor, 'principalMinor', 0);
  if (!Number.isSafeInteger(dailyRatePpm) || dailyRatePpm < 0) {
    throw new DomainError(
      'invalid_argument',
      `dailyRatePpm must be a non-negative integer, got ${String(dailyRatePpm)}`,
    );
  }
  if (!Number.isSafeInteger(days) || days < 0) {
    throw new DomainError('invalid_argument', `days must be a non-negative integer, got ${String(days)}`);
  }
  const rateTimesDays = dailyRatePpm * days;
  if (!Number.isSafeInteger(rateTimesDays)) {
    throw new DomainError('invalid_argument', 'dailyRatePpm × days exceeds the safe integer range');
  }
  return mulDivHalfUp(principalMinor, rateTimesDays, 1_000_000);
}
