import { addDays, toEpochDay, type CalendarDate } from './calendar-date.ts';
import { DomainError } from './errors.ts';

/**
 * Philippine working days (decision 0107): data-subject requests are answered within 30 working
 * days (NPC Advisory 2021-01). Saturdays, Sundays and the holidays given are not working days.
 * Holidays are data (the President proclaims them each year), passed in, never a literal here.
 */
export function isWorkingDay(date: CalendarDate, holidays: ReadonlySet<CalendarDate>): boolean {
  // Epoch day 0 (1970-01-01) was a Thursday: 0 Thu … 2 Sat, 3 Sun.
  const weekday = ((((toEpochDay(date) % 7) + 7) % 7) + 4) % 7; // 0 Sun … 6 Sat
  return weekday !== 0 && weekday !== 6 && !holidays.has(date);
}

/** The date `days` working days after `from` (`from` itself does not count). */
export function addWorkingDays(
  from: CalendarDate,
  days: number,
  holidays: ReadonlySet<CalendarDate>,
): CalendarDate {
  if (!Number.isSafeInteger(days) || days < 0)
    throw new DomainError('invalid_argument', `days must be a whole number ≥ 0: ${days}`);
  let date = from;
  for (let counted = 0; counted < days;) {
    date = addDays(date, 1);
    if (isWorkingDay(date, holidays)) counted += 1;
  }
  return date;
}

/** Working days from `from` to `to` (0 when `to` is not later): what is left before a deadline. */
export function workingDaysBetween(
  from: CalendarDate,
  to: CalendarDate,
  holidays: ReadonlySet<CalendarDate>,
): number {
  let count = 0;
  for (let date = from; date < to;) {
    date = addDays(date, 1);
    if (isWorkingDay(date, holidays)) count += 1;
  }
  return count;
}
