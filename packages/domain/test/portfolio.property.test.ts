import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, toEpochDay } from '../src/calendar-date.ts';
import {
  cohortCurves,
  parDueOnOrBefore,
  parThresholds,
  periodStart,
  portfolioAtRisk,
  sumByPeriod,
} from '../src/portfolio.ts';

const date = fc.integer({ min: 18_000, max: 22_000 }).map((day) => addDays('1970-01-01', day));
const loan = fc.record({
  outstandingPrincipal: fc.integer({ min: 0, max: 10_000_000 }),
  daysPastDue: fc.integer({ min: 0, max: 400 }),
});

describe('portfolio at risk', () => {
  it('counts a whole loan from its threshold on; shares fall as the threshold rises and stay within 0..1', () => {
    fc.assert(
      fc.property(fc.array(loan, { maxLength: 60 }), (loans) => {
        const { outstandingPrincipal, par } = portfolioAtRisk(loans);
        expect(outstandingPrincipal).toBe(loans.reduce((sum, l) => sum + l.outstandingPrincipal, 0));
        let previous = Infinity;
        for (const days of parThresholds) {
          const expected = loans
            .filter((l) => l.daysPastDue >= days)
            .reduce((sum, l) => sum + l.outstandingPrincipal, 0);
          expect(par[days].amount).toBe(expected);
          expect(par[days].ratio).toBeGreaterThanOrEqual(0);
          expect(par[days].ratio).toBeLessThanOrEqual(1);
          expect(par[days].amount).toBeLessThanOrEqual(previous);
          previous = par[days].amount;
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('a worked example: ₱100 at 0 days, ₱50 at 10, ₱25 at 45', () => {
    const { par } = portfolioAtRisk([
      { outstandingPrincipal: 10_000, daysPastDue: 0 },
      { outstandingPrincipal: 5_000, daysPastDue: 10 },
      { outstandingPrincipal: 2_500, daysPastDue: 45 },
    ]);
    expect(par[1]).toEqual({ amount: 7_500, ratio: 7_500 / 17_500 });
    expect(par[7].amount).toBe(7_500);
    expect(par[30].amount).toBe(2_500);
    expect(par[90]).toEqual({ amount: 0, ratio: 0 });
    expect(parDueOnOrBefore('2026-11-25', 30)).toBe('2026-10-26');
  });
});

describe('periods', () => {
  it('names each period by its first day: Mondays for weeks, the 1st for months', () => {
    fc.assert(
      fc.property(date, (day) => {
        const week = periodStart(day, 'week');
        expect(new Date(`${week}T00:00:00Z`).getUTCDay()).toBe(1);
        expect(toEpochDay(day) - toEpochDay(week)).toBeGreaterThanOrEqual(0);
        expect(toEpochDay(day) - toEpochDay(week)).toBeLessThan(7);
        expect(periodStart(day, 'month')).toBe(`${day.slice(0, 7)}-01`);
        expect(periodStart(day, 'day')).toBe(day);
      }),
      { numRuns: 5_000 },
    );
    expect(periodStart('2026-11-25', 'week')).toBe('2026-11-23');
    expect(periodStart('2027-01-01', 'week')).toBe('2026-12-28');
  });

  it('sums by period without losing a centavo, periods in order and each once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ date, amount: fc.integer({ min: 0, max: 1_000_000 }) }), { maxLength: 80 }),
        fc.constantFrom('day' as const, 'week' as const, 'month' as const),
        (amounts, period) => {
          const sums = sumByPeriod(amounts, period);
          expect(sums.reduce((sum, s) => sum + s.amount, 0)).toBe(
            amounts.reduce((sum, a) => sum + a.amount, 0),
          );
          const starts = sums.map((s) => s.start);
          expect(starts).toEqual([...new Set(starts)].sort());
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('cohort curves', () => {
  it('are cumulative (never falling), one point per month to as-of, ending at collected ÷ due', () => {
    const month = fc
      .integer({ min: 0, max: 23 })
      .map((m) => `${2025 + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ cohort: month, due: fc.integer({ min: 1, max: 10_000_000 }) }), {
          selector: (c) => c.cohort,
          maxLength: 8,
        }),
        fc.array(fc.record({ cohort: month, month, amount: fc.integer({ min: 0, max: 1_000_000 }) }), {
          maxLength: 40,
        }),
        (cohorts, collections) => {
          const asOf = '2026-12-31';
          for (const curve of cohortCurves(cohorts, collections, asOf)) {
            const months =
              (2026 - Number(curve.cohort.slice(0, 4))) * 12 + 12 - Number(curve.cohort.slice(5, 7));
            expect(curve.collected).toHaveLength(months + 1);
            for (let index = 1; index < curve.collected.length; index += 1)
              expect(curve.collected[index]!).toBeGreaterThanOrEqual(curve.collected[index - 1]!);
            const total = collections
              .filter((c) => c.cohort === curve.cohort)
              .reduce((sum, c) => sum + c.amount, 0);
            expect(curve.collected.at(-1)).toBeCloseTo(total / curve.due, 12);
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
