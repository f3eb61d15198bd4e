import { describe, expect, it } from 'vitest';
import { addWorkingDays, isWorkingDay, workingDaysBetween } from '../src/working-days.ts';

const none = new Set<string>();

describe('Philippine working days', () => {
  it('skips weekends', () => {
    expect(isWorkingDay('2026-11-28', none)).toBe(false); // Saturday
    expect(isWorkingDay('2026-11-29', none)).toBe(false); // Sunday
    expect(isWorkingDay('2026-11-27', none)).toBe(true); // Friday
    expect(addWorkingDays('2026-11-27', 1, none)).toBe('2026-11-30');
  });

  it('skips the holidays given', () => {
    const holidays = new Set(['2026-11-30', '2026-12-25']);
    expect(addWorkingDays('2026-11-27', 1, holidays)).toBe('2026-12-01');
    // 30 working days from a Friday: six weeks, less the two holidays' days found on the way.
    expect(addWorkingDays('2026-11-27', 30, none)).toBe('2027-01-08');
    expect(addWorkingDays('2026-11-27', 30, holidays)).toBe('2027-01-12');
  });

  it('counts what is left before a deadline', () => {
    expect(workingDaysBetween('2026-11-27', '2027-01-08', none)).toBe(30);
    expect(workingDaysBetween('2027-01-08', '2026-11-27', none)).toBe(0);
  });

  it('refuses a negative count', () => {
    expect(() => addWorkingDays('2026-11-27', -1, none)).toThrow();
  });
});
