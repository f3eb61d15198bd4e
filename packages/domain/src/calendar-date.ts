import { DomainError } from './errors.ts';

/**
 * A civil date 'YYYY-MM-DD' with no time and no zone. Loan rules count calendar days, and a
 * plain date string cannot drift across midnight the way a Date in the server's zone can;
 * the caller decides which zone "today" is in (see calendarDateAt) and passes the result in.
 */
export type CalendarDate = string;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;
// Date's own range is ±100,000,000 days; we keep to four-digit years so every date round-trips.
const MIN_EPOCH_DAY = -719_528; // 0000-01-01
const MAX_EPOCH_DAY = 2_932_896; // 9999-12-31

function epochDayOrNull(value: string): number | null {
  const match = DATE_PATTERN.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0–99 to 1900–1999.
  date.setUTCFullYear(year, month - 1, day);
  // Date silently rolls 2025-02-30 over to March; a mismatch means the day does not exist.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return Math.floor(date.getTime() / MS_PER_DAY);
}

export function isCalendarDate(value: unknown): value is CalendarDate {
  return typeof value === 'string' && epochDayOrNull(value) !== null;
}

/** Days since 1970-01-01; throws DomainError('invalid_date') for anything but a real 'YYYY-MM-DD'. */
export function toEpochDay(date: CalendarDate): number {
  const day = typeof date === 'string' ? epochDayOrNull(date) : null;
  if (day === null)
    throw new DomainError('invalid_date', `not a calendar date 'YYYY-MM-DD': ${String(date)}`);
  return day;
}

export function fromEpochDay(epochDay: number): CalendarDate {
  if (!Number.isSafeInteger(epochDay) || epochDay < MIN_EPOCH_DAY || epochDay > MAX_EPOCH_DAY) {
    throw new DomainError('invalid_date', `day number out of range for a four-digit year: ${epochDay}`);
  }
  const date = new Date(epochDay * MS_PER_DAY);
  const year = String(date.getUTCFullYear()).padStart(4, '0');
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  const day = String(date.getUTCDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  if (!Number.isSafeInteger(days))
    throw new DomainError('invalid_argument', `days must be an integer: ${days}`);
  return fromEpochDay(toEpochDay(date) + days);
}

/** Whole days from `from` to `to`: positive when `to` is later, 0 on the same date. */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return toEpochDay(to) - toEpochDay(from);
}

export function compareDates(a: CalendarDate, b: CalendarDate): -1 | 0 | 1 {
  return Math.sign(toEpochDay(a) - toEpochDay(b)) as -1 | 0 | 1;
}

/** Formatters by time zone: making one costs far more than formatting (the portfolio dates thousands of hours). */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormats.set(timeZone, format);
  }
  return format;
}

/**
 * The calendar date an instant falls on in an IANA time zone (e.g. 'Asia/Manila'). This is the
 * one place a Date enters the domain: the server reads the clock once and converts it here, so
 * "today" is the borrower's date, not the UTC or server-local one.
 */
export function calendarDateAt(instant: Date, timeZone: string): CalendarDate {
  if (!(instant instanceof Date) || Number.isNaN(instant.getTime())) {
    throw new DomainError('invalid_date', 'instant must be a valid Date');
  }
  // Every zone's offset is whole seconds, so one second falls on one date: the last one asked is
  // remembered per zone. The order page asks on every call, and formatting cost it 5% of its time
  // (decision 0117); this is the same answer, not a cached one that could go stale.
  const second = Math.floor(instant.getTime() / 1000);
  const last = lastDates.get(timeZone);
  if (last !== undefined && last.second === second) return last.date;
  const date = formatCalendarDate(instant, timeZone);
  lastDates.set(timeZone, { second, date });
  return date;
}

const lastDates = new Map<string, { second: number; date: CalendarDate }>();

function formatCalendarDate(instant: Date, timeZone: string): CalendarDate {
  const parts = dateFormat(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((p) => p.type === type)?.value ?? '';
  const text = `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
  toEpochDay(text);
  return text;
}

/**
 * The instant of a wall-clock time (`minutes` past midnight) on a date in an IANA time zone: the
 * inverse of calendarDateAt, for simulated clocks that act at a lender's hour. Two passes cover a
 * DST edge.
 */
export function zonedInstant(date: CalendarDate, minutes: number, timeZone: string): Date {
  const wall = toEpochDay(date) * MS_PER_DAY + minutes * 60_000;
  const offsetAt = (instant: number) => {
    const clock = wallClockAt(new Date(instant), timeZone);
    const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
    return asUtc - Math.floor(instant / 1000) * 1000;
  };
  let instant = wall - offsetAt(wall);
  instant = wall - offsetAt(instant);
  return new Date(instant);
}

/** An instant as a clock on the wall in a time zone reads it, to the second. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Wall-clock formatters by time zone: simulated clocks and schedules read thousands of instants. */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();
function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/** What a clock in `timeZone` shows at `at`: the one reading of local time the rules use. */
export function wallClockAt(at: Date, timeZone: string): WallClock {
  const parts = wallClockFormat(timeZone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => {
    const value = parts.find((p) => p.type === type)?.value;
    if (value === undefined) throw new DomainError('invalid_date', `no ${type} in the time zone`);
    return Number(value);
  };
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/** Whether a date is Monday to Friday (1970-01-01, epoch day 0, was a Thursday). */
export function isWeekday(date: CalendarDate): boolean {
  const dayOfWeek = (toEpochDay(date) + 4) % 7; // 0 Sunday … 6 Saturday
  return dayOfWeek !== 0 && dayOfWeek !== 6;
}

/** The date `count` weekdays before `date` (Saturdays and Sundays are skipped, not counted). */
export function weekdaysBefore(date: CalendarDate, count: number): CalendarDate {
  let day = date;
  for (let left = count; left > 0;) {
    day = addDays(day, -1);
    if (isWeekday(day)) left -= 1;
  }
  return day;
}
