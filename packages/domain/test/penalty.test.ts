import { describe, it, expect } from 'vitest';
import { countDaysOverdue, latePenalty } from '../src/penalty.ts';
import { defaultLoanRules, loanRulesSchema } from '../src/loan-rules.ts';
import { DomainError } from '../src/errors.ts';
import { randomInt, referenceHalfUp, seededRandom } from './support/prng.ts';

const rules = defaultLoanRules;
const penalty = (unpaidMinor: number, daysOverdue: number, isRepeatClient = false) =>
  latePenalty({ unpaidMinor, daysOverdue, isRepeatClient, rules });

// 10,000.00 owed: 5% a day is 500.00, 4% is 400.00, 2% is 200.00.
const unpaid = 1_000_000;

describe('latePenalty', () => {
  it('charges nothing on or before the due date', () => {
    expect(penalty(unpaid, 0)).toEqual({ oneTime: 0, daily: 0, total: 0, tiers: [] });
    expect(penalty(unpaid, 0, true).total).toBe(0);
  });

  it('charges the one-time fee from day 1: 1,000 for a new client, 800 for a repeat client', () => {
    expect(penalty(unpaid, 1)).toMatchObject({ oneTime: 100_000, daily: 50_000, total: 150_000 });
    expect(penalty(unpaid, 1, true)).toMatchObject({ oneTime: 80_000, daily: 50_000, total: 130_000 });
  });

  it('charges the one-time fee once, however long the delay', () => {
    expect(penalty(unpaid, 200).oneTime).toBe(100_000);
    expect(penalty(unpaid, 200, true).oneTime).toBe(80_000);
  });

  it.each([
    // days, daily part in centavos
    [1, 50_000],
    [2, 100_000],
    [29, 1_450_000],
    [30, 1_500_000], // last day at 5%
    [31, 1_540_000], // first day at 4%
    [32, 1_580_000],
    [89, 3_860_000],
    [90, 3_900_000], // last day at 4%
    [91, 3_920_000], // first day at 2%
    [92, 3_940_000],
    [365, 9_400_000],
  ])('day %d: daily part %d (cumulative across tiers)', (days, daily) => {
    const result = penalty(unpaid, days);
    expect(result.daily).toBe(daily);
    expect(result.total).toBe(100_000 + daily);
  });

  it('reports how many days fell in each tier', () => {
    expect(penalty(unpaid, 30).tiers).toEqual([{ fromDay: 1, toDay: 30, dailyRateBps: 500, days: 30 }]);
    expect(penalty(unpaid, 31).tiers.map((t) => t.days)).toEqual([30, 1]);
    expect(penalty(unpaid, 90).tiers.map((t) => t.days)).toEqual([30, 60]);
    expect(penalty(unpaid, 91).tiers).toEqual([
      { fromDay: 1, toDay: 30, dailyRateBps: 500, days: 30 },
      { fromDay: 31, toDay: 90, dailyRateBps: 400, days: 60 },
      { fromDay: 91, toDay: null, dailyRateBps: 200, days: 1 },
    ]);
  });

  it('charges each day on the unpaid amount, not on earlier penalty', () => {
    // Compounding would give far more than 2 × 5% over two days.
    expect(penalty(unpaid, 2).daily).toBe(2 * penalty(unpaid, 1).daily);
  });

  it('rounds the daily part half-up to the centavo', () => {
    expect(penalty(9, 1).daily).toBe(0); // 0.45
    expect(penalty(10, 1).daily).toBe(1); // 0.5
    expect(penalty(30, 1).daily).toBe(2); // 1.5
    expect(penalty(12_345, 1).daily).toBe(617); // 617.25
    expect(penalty(12_347, 1).daily).toBe(617); // 617.35
    expect(penalty(12_350, 1).daily).toBe(618); // 617.5
    // Rounded once over all days: 31 days on 1 centavo is 1.54 → 2; rounding each day's 0.05 or 0.04 would give 0.
    expect(penalty(1, 31).daily).toBe(2);
  });

  it('charges nothing when nothing is unpaid', () => {
    expect(penalty(0, 45)).toEqual({ oneTime: 0, daily: 0, total: 0, tiers: [] });
  });

  it('agrees with a day-by-day reference for many deterministic cases', () => {
    const random = seededRandom(2025);
    const rateOn = (day: number): number => (day <= 30 ? 500 : day <= 90 ? 400 : 200);
    for (let i = 0; i < 1500; i++) {
      const amount = randomInt(random, 1, 100_000_000);
      const days = randomInt(random, 1, 400);
      const repeat = i % 2 === 0;
      let rateDays = 0;
      for (let day = 1; day <= days; day++) rateDays += rateOn(day);
      const daily = Number(referenceHalfUp(BigInt(amount) * BigInt(rateDays), 10_000n));
      const oneTime = repeat ? 80_000 : 100_000;
      const result = penalty(amount, days, repeat);
      expect({ oneTime: result.oneTime, daily: result.daily, total: result.total }).toEqual({
        oneTime,
        daily,
        total: oneTime + daily,
      });
      expect(result.tiers.reduce((n, t) => n + t.days, 0)).toBe(days);
    }
  });

  it('uses the product tiers and fees, not fixed numbers', () => {
    const custom = loanRulesSchema.parse({
      ...structuredClone(defaultLoanRules),
      latePenalty: {
        oneTimeMinor: { newClient: 5_000, repeatClient: 0 },
        dailyTiers: [
          { fromDay: 1, toDay: 2, dailyRateBps: 1_000 },
          { fromDay: 3, toDay: null, dailyRateBps: 0 },
        ],
      },
    });
    expect(
      latePenalty({ unpaidMinor: 10_000, daysOverdue: 10, isRepeatClient: false, rules: custom }),
    ).toMatchObject({
      oneTime: 5_000,
      daily: 2_000,
      total: 7_000,
    });
    expect(
      latePenalty({ unpaidMinor: 10_000, daysOverdue: 1, isRepeatClient: true, rules: custom }).total,
    ).toBe(1_000);
  });

  it.each([
    [-1, 1],
    [1.5, 1],
    [100, -1],
    [100, 1.5],
    [100, Number.NaN],
  ])('refuses unpaid %d, days %d', (unpaidMinor, daysOverdue) => {
    expect(() => penalty(unpaidMinor, daysOverdue)).toThrow(DomainError);
  });
});

describe('countDaysOverdue', () => {
  it.each([
    ['2025-03-01', '2025-02-27', 0],
    ['2025-03-01', '2025-03-01', 0], // the due date itself is not late
    ['2025-03-01', '2025-03-02', 1],
    ['2025-03-01', '2025-03-31', 30],
    ['2025-03-01', '2025-04-01', 31],
    ['2024-02-28', '2024-03-01', 2], // leap day counts
  ])('due %s, today %s → %d', (dueDate, today, days) => {
    expect(countDaysOverdue(dueDate, today)).toBe(days);
  });
});
