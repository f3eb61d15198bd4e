import { describe, it, expect } from 'vitest';
import { buildRepaymentSchedule, simpleInterest } from '../src/schedule.ts';
import type { RepaymentScheduleInput } from '../src/schedule.ts';
import { defaultLoanRules, loanRulesSchema } from '../src/loan-rules.ts';
import { addDays, daysBetween } from '../src/calendar-date.ts';
import { DomainError } from '../src/errors.ts';
import { randomInt, referenceHalfUp, seededRandom } from './support/prng.ts';

const base: RepaymentScheduleInput = {
  principalMinor: 500_000,
  interestMinor: 60_000,
  periods: 1,
  disbursedOn: '2025-01-31',
  termDays: 91,
  rules: defaultLoanRules,
};

const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);

describe('buildRepaymentSchedule', () => {
  it('a single instalment is the whole loan, due at maturity', () => {
    const schedule = buildRepaymentSchedule(base);
    expect(schedule).toEqual({
      lines: [{ period: 1, dueDate: '2025-05-02', principal: 500_000, interest: 60_000, amount: 560_000 }],
      principal: 500_000,
      interest: 60_000,
      total: 560_000,
      maturityDate: '2025-05-02',
    });
  });

  it('splits evenly, the last line absorbing the remainder', () => {
    const schedule = buildRepaymentSchedule({
      ...base,
      principalMinor: 100_000,
      interestMinor: 10_000,
      periods: 3,
    });
    expect(schedule.lines.map((l) => [l.principal, l.interest, l.amount])).toEqual([
      [33_333, 3_333, 36_666],
      [33_333, 3_333, 36_666],
      [33_334, 3_334, 36_668],
    ]);
  });

  it('rounds each line half-up, so the last line can also be the smaller one', () => {
    // 200 / 3 = 66.67 → 67; 100,001 / 2 = 50,000.5 → 50,001.
    expect(
      buildRepaymentSchedule({ ...base, principalMinor: 200, interestMinor: 0, periods: 3 }).lines.map(
        (l) => l.principal,
      ),
    ).toEqual([67, 67, 66]);
    expect(
      buildRepaymentSchedule({ ...base, principalMinor: 100_001, interestMinor: 1, periods: 2 }).lines.map(
        (l) => [l.principal, l.interest],
      ),
    ).toEqual([
      [50_001, 1],
      [50_000, 0],
    ]);
  });

  it('spaces due dates over the term in whole days, the last at maturity', () => {
    const schedule = buildRepaymentSchedule({ ...base, disbursedOn: '2025-01-01', termDays: 91, periods: 4 });
    // floor(91k/4): 22, 45, 68, 91.
    expect(schedule.lines.map((l) => l.dueDate)).toEqual([
      '2025-01-23',
      '2025-02-15',
      '2025-03-10',
      '2025-04-02',
    ]);
    expect(schedule.maturityDate).toBe('2025-04-02');
  });

  it('counts the leap day', () => {
    const schedule = buildRepaymentSchedule({ ...base, disbursedOn: '2024-01-01', termDays: 365 });
    expect(schedule.maturityDate).toBe('2024-12-31');
  });

  it('allows one instalment a day at most', () => {
    const schedule = buildRepaymentSchedule({ ...base, termDays: 91, periods: 91 });
    expect(new Set(schedule.lines.map((l) => l.dueDate)).size).toBe(91);
    expect(schedule.lines[0]?.dueDate).toBe(addDays(base.disbursedOn, 1));
    expect(() => buildRepaymentSchedule({ ...base, termDays: 91, periods: 92 })).toThrow(DomainError);
  });

  it.each([
    [90, false],
    [91, true],
    [365, true],
    [366, false],
  ])('term %d days allowed: %s', (termDays, allowed) => {
    const build = (): unknown => buildRepaymentSchedule({ ...base, termDays });
    if (allowed) expect(build).not.toThrow();
    else expect(build).toThrow(expect.objectContaining({ name: 'DomainError', code: 'term_out_of_range' }));
  });

  it('takes the term range from the product rules', () => {
    const shortTerm = loanRulesSchema.parse({
      ...structuredClone(defaultLoanRules),
      term: { minDays: 7, maxDays: 30 },
    });
    expect(buildRepaymentSchedule({ ...base, termDays: 14, rules: shortTerm }).maturityDate).toBe(
      '2025-02-14',
    );
    expect(() => buildRepaymentSchedule({ ...base, termDays: 91, rules: shortTerm })).toThrow(DomainError);
  });

  it.each([
    ['zero principal', { principalMinor: 0 }, 'invalid_amount'],
    ['negative principal', { principalMinor: -1 }, 'invalid_amount'],
    ['fractional principal', { principalMinor: 1000.5 }, 'invalid_amount'],
    ['negative interest', { interestMinor: -1 }, 'invalid_amount'],
    ['zero periods', { periods: 0 }, 'invalid_argument'],
    ['fractional periods', { periods: 1.5 }, 'invalid_argument'],
    ['bad date', { disbursedOn: '2025-02-30' }, 'invalid_date'],
    ['overflowing total', { principalMinor: Number.MAX_SAFE_INTEGER, interestMinor: 1 }, 'invalid_amount'],
  ])('refuses %s', (_name, change, code) => {
    expect(() => buildRepaymentSchedule({ ...base, ...change })).toThrow(expect.objectContaining({ code }));
  });

  it('accepts zero interest', () => {
    const schedule = buildRepaymentSchedule({ ...base, interestMinor: 0, periods: 4 });
    expect(schedule.lines.every((l) => l.interest === 0 && l.amount === l.principal)).toBe(true);
  });

  it('sums exactly for many deterministic pseudo-random loans', () => {
    const random = seededRandom(20250131);
    for (let i = 0; i < 2000; i++) {
      const termDays = randomInt(random, 91, 365);
      const periods = randomInt(random, 1, i % 10 === 0 ? termDays : 24);
      const principalMinor = randomInt(random, 1, i % 7 === 0 ? 500 : 100_000_000);
      const interestMinor = randomInt(random, 0, i % 5 === 0 ? 300 : 50_000_000);
      const disbursedOn = addDays('2024-01-01', randomInt(random, 0, 800));
      const schedule = buildRepaymentSchedule({
        principalMinor,
        interestMinor,
        periods,
        disbursedOn,
        termDays,
        rules: defaultLoanRules,
      });
      const { lines } = schedule;
      const context = JSON.stringify({ principalMinor, interestMinor, periods, disbursedOn, termDays });

      expect(lines, context).toHaveLength(periods);
      expect(sum(lines.map((l) => l.principal)), context).toBe(principalMinor);
      expect(sum(lines.map((l) => l.interest)), context).toBe(interestMinor);
      expect(sum(lines.map((l) => l.amount)), context).toBe(principalMinor + interestMinor);
      expect(schedule.total).toBe(principalMinor + interestMinor);
      expect(
        lines.every((l) => l.principal >= 0 && l.interest >= 0 && l.amount === l.principal + l.interest),
        context,
      ).toBe(true);
      expect(lines.map((l) => l.period)).toEqual(Array.from({ length: periods }, (_, k) => k + 1));

      // Every line but the last is the half-up share, unless that share would overdraw.
      const halfUpShare = Number(referenceHalfUp(BigInt(principalMinor), BigInt(periods)));
      const expectedShare =
        halfUpShare * (periods - 1) > principalMinor ? Math.floor(principalMinor / periods) : halfUpShare;
      expect(
        lines.slice(0, -1).every((l) => l.principal === expectedShare),
        context,
      ).toBe(true);

      const offsets = lines.map((l) => daysBetween(disbursedOn, l.dueDate));
      expect(
        offsets.every((offset, k) => offset > (k === 0 ? 0 : (offsets[k - 1] ?? 0))),
        context,
      ).toBe(true);
      expect(offsets.at(-1)).toBe(termDays);
      expect(schedule.maturityDate).toBe(addDays(disbursedOn, termDays));
    }
  });
});

describe('simpleInterest', () => {
  it('is principal × daily rate × days, rounded half-up once', () => {
    // 5,000.00 at 0.05%/day (500 ppm) for 91 days = 227.50.
    expect(simpleInterest({ principalMinor: 500_000, dailyRatePpm: 500, days: 91 })).toBe(22_750);
    // 0.033%/day on 1,234.56 for 120 days = 48.8886… → 48.89.
    expect(simpleInterest({ principalMinor: 123_456, dailyRatePpm: 330, days: 120 })).toBe(4_889);
    // Exactly half a centavo rounds up.
    expect(simpleInterest({ principalMinor: 1, dailyRatePpm: 500_000, days: 1 })).toBe(1);
    expect(simpleInterest({ principalMinor: 500_000, dailyRatePpm: 0, days: 91 })).toBe(0);
    expect(simpleInterest({ principalMinor: 500_000, dailyRatePpm: 500, days: 0 })).toBe(0);
  });

  it.each([
    [{ principalMinor: -1, dailyRatePpm: 1, days: 1 }],
    [{ principalMinor: 1, dailyRatePpm: -1, days: 1 }],
    [{ principalMinor: 1, dailyRatePpm: 1.5, days: 1 }],
    [{ principalMinor: 1, dailyRatePpm: 1, days: -1 }],
  ])('refuses %j', (input) => {
    expect(() => simpleInterest(input)).toThrow(DomainError);
  });
});
