import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import {
  addDays,
  calendarDateAt,
  compareDates,
  daysBetween,
  fromEpochDay,
  isCalendarDate,
  toEpochDay,
} from '../src/calendar-date.ts';
import { DomainError } from '../src/errors.ts';

describe('calendar dates', () => {
  it.each(['2025-01-31', '2024-02-29', '2000-02-29', '0001-01-01', '0050-06-15', '9999-12-31', '1970-01-01'])(
    'accepts %s and round-trips it',
    (date) => {
      expect(isCalendarDate(date)).toBe(true);
      expect(fromEpochDay(toEpochDay(date))).toBe(date);
    },
  );

  it.each([
    '2025-02-29', // not a leap year
    '1900-02-29', // century, not a leap year
    '2025-13-01',
    '2025-00-10',
    '2025-04-31',
    '2025-1-01',
    '25-01-01',
    '2025-01-01T00:00:00Z',
    ' 2025-01-01',
    '',
    'today',
  ])('rejects %j', (text) => {
    expect(isCalendarDate(text)).toBe(false);
    expect(() => toEpochDay(text)).toThrow(DomainError);
  });

  it('rejects non-strings', () => {
    expect(isCalendarDate(20250101)).toBe(false);
    expect(isCalendarDate(new Date())).toBe(false);
  });

  it('counts from 1970-01-01', () => {
    expect(toEpochDay('1970-01-01')).toBe(0);
    expect(toEpochDay('1969-12-31')).toBe(-1);
    expect(toEpochDay('2000-01-01')).toBe(10_957);
  });

  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-01-31', 91)).toBe('2025-05-02');
    expect(addDays('2025-01-01', 365)).toBe('2026-01-01');
    expect(addDays('2024-01-01', 365)).toBe('2024-12-31');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2025-03-01', 0)).toBe('2025-03-01');
  });

  it('refuses to leave four-digit years or add fractional days', () => {
    expect(() => addDays('9999-12-31', 1)).toThrow(DomainError);
    expect(() => addDays('0000-01-01', -1)).toThrow(DomainError);
    expect(() => addDays('2025-01-01', 0.5)).toThrow(DomainError);
  });

  it('measures and compares', () => {
    expect(daysBetween('2025-01-01', '2025-01-01')).toBe(0);
    expect(daysBetween('2025-01-01', '2025-03-01')).toBe(59);
    expect(daysBetween('2025-03-01', '2025-01-01')).toBe(-59);
    expect(compareDates('2025-01-01', '2025-01-02')).toBe(-1);
    expect(compareDates('2025-01-02', '2025-01-02')).toBe(0);
    expect(compareDates('2026-01-01', '2025-12-31')).toBe(1);
  });

  it('gives the date an instant falls on in the borrower zone, not in UTC', () => {
    // 16:30 UTC is already past midnight in Manila (UTC+8).
    const instant = new Date('2025-03-31T16:30:00Z');
    expect(calendarDateAt(instant, 'UTC')).toBe('2025-03-31');
    expect(calendarDateAt(instant, 'Asia/Manila')).toBe('2025-04-01');
    expect(calendarDateAt(new Date('2025-01-01T05:00:00Z'), 'America/New_York')).toBe('2025-01-01');
    expect(calendarDateAt(new Date('2025-01-01T04:59:59Z'), 'America/New_York')).toBe('2024-12-31');
  });

  it('answers every instant as a fresh formatter would, however calls for zones and seconds interleave', () => {
    const zones = ['UTC', 'Asia/Manila', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe'];
    const formatters = new Map(
      zones.map((zone) => [
        zone,
        new Intl.DateTimeFormat('en-CA', {
          timeZone: zone,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
        }),
      ]),
    );
    // Instants clustered around midnights and DST changes, several calls in one second.
    const base = Date.parse('2025-03-30T00:00:00Z');
    const instant = fc.integer({ min: -2 * 86_400_000, max: 2 * 86_400_000 }).map((ms) => base + ms);
    const call = fc.record({ zone: fc.constantFrom(...zones), at: instant, sameSecond: fc.boolean() });
    fc.assert(
      fc.property(fc.array(call, { minLength: 1, maxLength: 40 }), (calls) => {
        let previous = base;
        for (const { zone, at, sameSecond } of calls) {
          const ms = sameSecond ? Math.floor(previous / 1000) * 1000 + (at % 1000) : at;
          previous = ms;
          expect(calendarDateAt(new Date(ms), zone)).toBe(formatters.get(zone)!.format(new Date(ms)));
        }
      }),
    );
  });

  it('refuses an invalid Date or zone', () => {
    expect(() => calendarDateAt(new Date('nope'), 'UTC')).toThrow(DomainError);
    expect(() => calendarDateAt(new Date(), 'Mars/Base')).toThrow(RangeError);
  });
});
