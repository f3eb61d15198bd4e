import { addDays, daysBetween, toEpochDay } from './calendar-date.ts';
import type { CalendarDate } from './calendar-date.ts';
import { assertTermAllowed } from './loan-rules.ts';
import type { LoanRules } from './loan-rules.ts';

export type PrepaymentBlock = 'before_half_term' | 'too_soon_after_disbursement';

export interface PrepaymentCheck {
  allowed: boolean;
  /** First date on which prepayment is allowed. */
  earliestDate: CalendarDate;
  /** Why not yet: the rule that still blocks on the latest date; null when allowed. */
  reason: PrepaymentBlock | null;
}

export interface PrepaymentInput {
  disbursedOn: CalendarDate;
  today: CalendarDate;
  termDays: number;
  rules: LoanRules;
}

/**
 * Days that must have elapsed since disbursement before the term share is satisfied.
 * "After half the term" is read as "once half the term has fully elapsed": elapsed days × 100 ≥
 * termDays × percent, so a 100-day loan may be prepaid from day 50 and a 91-day loan from day 46
 * (45.5 rounded up — on day 45 less than half has elapsed).
 */
export function minElapsedDaysForPrepayment(termDays: number, rules: LoanRules): number {
  return Math.ceil((termDays * rules.prepayment.minElapsedTermPercent) / 100);
}

/**
 * Both conditions count calendar days since disbursement (the disbursement date is day 0), so
 * "at least 7 days after disbursement" is first met on disbursedOn + 7.
 */
export function canPrepay(input: PrepaymentInput): PrepaymentCheck {
  const { disbursedOn, today, termDays, rules } = input;
  toEpochDay(today);
  assertTermAllowed(termDays, rules);
  const elapsed = daysBetween(disbursedOn, today);
  const halfTermDays = minElapsedDaysForPrepayment(termDays, rules);
  const minDays = rules.prepayment.minDaysAfterDisbursement;
  const earliestElapsed = Math.max(halfTermDays, minDays);
  const earliestDate = addDays(disbursedOn, earliestElapsed);
  if (elapsed >= earliestElapsed) return { allowed: true, earliestDate, reason: null };
  // When both rules still block, name the one that ends later: it is what the borrower waits for.
  const reason: PrepaymentBlock =
    halfTermDays >= minDays ? 'before_half_term' : 'too_soon_after_disbursement';
  return { allowed: false, earliestDate, reason };
}
