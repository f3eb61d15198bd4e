import { daysBetween } from './calendar-date.ts';
import type { CalendarDate } from './calendar-date.ts';
import { DomainError } from './errors.ts';
import type { LoanRules } from './loan-rules.ts';
import { mulDivHalfUp } from './money.ts';
import type { MinorUnits } from './money.ts';

export interface LatePenaltyInput {
  /** What is still owed on the overdue instalment(s), minor units, ≥ 0. */
  unpaidMinor: MinorUnits;
  /** 0 on or before the due date, 1 on the day after it (see countDaysOverdue). */
  daysOverdue: number;
  isRepeatClient: boolean;
  rules: LoanRules;
}

export interface PenaltyTierUsage {
  fromDay: number;
  toDay: number | null;
  dailyRateBps: number;
  /** Overdue days that fell in this tier. */
  days: number;
}

export interface LatePenalty {
  oneTime: MinorUnits;
  daily: MinorUnits;
  total: MinorUnits;
  /** Tiers reached so far, for showing how the daily part was built. */
  tiers: PenaltyTierUsage[];
}

/** Day 1 overdue is the day after the due date; on or before the due date it is 0. */
export function countDaysOverdue(dueDate: CalendarDate, today: CalendarDate): number {
  return Math.max(0, daysBetween(dueDate, today));
}

/**
 * The one-time fee (from day 1) plus each overdue day charged at its tier's rate on the same
 * unpaid amount — simple, not compounding, so days 31+ do not charge penalty on penalty.
 * The rate-days of all tiers are summed first and rounded half-up once, so the result does not
 * depend on how the days are split across tiers. Nothing unpaid means no penalty at all.
 */
export function latePenalty(input: LatePenaltyInput): LatePenalty {
  const { unpaidMinor, daysOverdue, isRepeatClient, rules } = input;
  if (!Number.isSafeInteger(unpaidMinor) || unpaidMinor < 0) {
    throw new DomainError(
      'invalid_amount',
      `unpaidMinor must be a non-negative integer, got ${String(unpaidMinor)}`,
    );
  }
  if (!Number.isSafeInteger(daysOverdue) || daysOverdue < 0) {
    throw new DomainError(
      'invalid_argument',
      `daysOverdue must be a non-negative integer, got ${String(daysOverdue)}`,
    );
  }
  if (daysOverdue === 0 || unpaidMinor === 0) return { oneTime: 0, daily: 0, total: 0, tiers: [] };

  const tiers: PenaltyTierUsage[] = [];
  let rateDaysBps = 0;
  for (const tier of rules.latePenalty.dailyTiers) {
    if (tier.fromDay > daysOverdue) break;
    const lastDay = tier.toDay === null ? daysOverdue : Math.min(tier.toDay, daysOverdue);
    const days = lastDay - tier.fromDay + 1;
    rateDaysBps += tier.dailyRateBps * days;
    tiers.push({ fromDay: tier.fromDay, toDay: tier.toDay, dailyRateBps: tier.dailyRateBps, days });
  }

  const fees = rules.latePenalty.oneTimeMinor;
  const oneTime = isRepeatClient ? fees.repeatClient : fees.newClient;
  const daily = mulDivHalfUp(unpaidMinor, rateDaysBps, 10_000);
  return { oneTime, daily, total: oneTime + daily, tiers };
}
