import { addDays, calendarDateAt, wallClockAt, zonedInstant, type CalendarDate } from './calendar-date.ts';

/**
 * When a lender may contact a borrower about a loan (reminders, collection): hours of the lender's
 * day, and how many days past due lift them. A compliance profile carries the rules of its
 * regulator; without one the same hours apply with no exception, as a courtesy.
 */
export interface ContactRules {
  /** The first hour of the day contact is allowed (6 → from 06:00). */
  startHour: number;
  /** Contact stops at this hour (22 → until 21:59:59). */
  endHour: number;
  /** More than this many days past due, any hour is allowed; null: never. */
  exceptAfterDaysPastDue: number | null;
  /** Where the rules come from, as a collector or an examiner would look them up. */
  source: string;
}

export const defaultContactRules: ContactRules = {
  startHour: 6,
  endHour: 22,
  exceptAfterDaysPastDue: null,
  source: 'the lender’s own hours',
};

export type ContactDecision =
  { allowed: true; by: 'window' | 'past-due-exception' } | { allowed: false; nextAllowedAt: Date };

/**
 * Whether contact at `at` is allowed, and if not, the first instant it is: 05:59 waits for 06:00
 * the same day, 22:00 and later for 06:00 the next. Hours are the lender's (its time zone).
 */
export function contactDecision(input: {
  at: Date;
  timeZone: string;
  rules: ContactRules;
  /** Days the borrower's oldest unpaid instalment is past due (0 when none is). */
  daysPastDue: number;
}): ContactDecision {
  const { at, timeZone, rules } = input;
  const exception = rules.exceptAfterDaysPastDue;
  if (exception !== null && input.daysPastDue > exception) return { allowed: true, by: 'past-due-exception' };
  const { hour } = wallClockAt(at, timeZone);
  if (hour >= rules.startHour && hour < rules.endHour) return { allowed: true, by: 'window' };
  const today = calendarDateAt(at, timeZone);
  const day = hour < rules.startHour ? today : addDays(today, 1);
  return { allowed: false, nextAllowedAt: instantAt(day, rules.startHour, timeZone) };
}

/** The instant a wall-clock hour begins on a date in a time zone (zonedInstant, by the hour). */
export function instantAt(date: CalendarDate, hour: number, timeZone: string): Date {
  return zonedInstant(date, hour * 60, timeZone);
}
