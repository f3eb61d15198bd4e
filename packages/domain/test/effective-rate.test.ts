import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../src/calendar-date.ts';
import { effectiveRate, formatRatePercent, rateOfFlows } from '../src/effective-rate.ts';

const RUNS = 10_000;

function check(condition: boolean, what: string): asserts condition {
  if (!condition) throw new Error(what);
}

/** Equal instalments (an annuity) of `principal` at `rate` per month, one a month for `months`. */
function annuity(principal: number, rate: number, months: number): number {
  return rate === 0 ? principal / months : (principal * rate) / (1 - (1 + rate) ** -months);
}

const monthsOf = (count: number, payment: number) =>
  Array.from({ length: count }, (_, index) => ({ months: index + 1, amount: payment }));

describe('effective interest rate: published worked examples', () => {
  it('Regulation Z, 12 CFR 1026 Appendix J (c)(5)(i): $5,000 advanced, 36 monthly payments of $166.07 → APR 12.00%', () => {
    const rate = rateOfFlows(500_000, monthsOf(36, 16_607));
    expect(formatRatePercent(rate.monthly * 12)).toBe('12.00%');
    expect(formatRatePercent(rate.monthly)).toBe('1.00%');
  });

  it('BSP Circular No. 730 (2011), simple annual rate: one payment a year later of principal plus a 12% finance charge, nothing deducted → EIR 12% a year', () => {
    const rate = effectiveRate({
      netProceeds: 1_000_000,
      disbursedOn: '2026-01-01',
      payments: [{ dueDate: '2027-01-01', amount: 1_120_000 }],
    });
    expect(formatRatePercent(rate.annual)).toBe('12.00%');
    // The same rate per month: 1.12^(1/12) − 1.
    expect(rate.monthly).toBeCloseTo(1.12 ** (1 / 12) - 1, 9);
  });

  it('solves to 1e-9: an annuity priced at 3.5% a month gives back 3.5% to nine places', () => {
    const payment = annuity(1_000_000, 0.035, 4);
    expect(rateOfFlows(1_000_000, monthsOf(4, payment)).monthly).toBeCloseTo(0.035, 9);
  });

  it('refuses payments that repay less than the proceeds, or fall on or before the disbursement', () => {
    expect(() =>
      effectiveRate({
        netProceeds: 100,
        disbursedOn: '2026-01-01',
        payments: [{ dueDate: '2026-02-01', amount: 99 }],
      }),
    ).toThrow(/less than the net proceeds/);
    expect(() =>
      effectiveRate({
        netProceeds: 100,
        disbursedOn: '2026-01-01',
        payments: [{ dueDate: '2026-01-01', amount: 120 }],
      }),
    ).toThrow(/not after/);
  });
});

describe('effective interest rate: properties (10,000 runs each)', () => {
  const loan = fc.record({
    principal: fc.integer({ min: 100_000, max: 10_000_000 }),
    // 0.1%–20% a month, in whole hundredths of a percent.
    rateBps: fc.integer({ min: 10, max: 2_000 }),
    months: fc.integer({ min: 1, max: 24 }),
  });

  it('no fees: the EIR of an equal-instalment schedule built from rate r is r', () => {
    fc.assert(
      fc.property(loan, ({ principal, rateBps, months }) => {
        const rate = rateBps / 10_000;
        const found = rateOfFlows(principal, monthsOf(months, annuity(principal, rate, months))).monthly;
        check(Math.abs(found - rate) < 1e-8, `rate ${rate} came back as ${found}`);
      }),
      { numRuns: RUNS },
    );
  });

  it('in centavos and calendar days: recovers r within what rounding to the centavo moves it', () => {
    fc.assert(
      fc.property(loan, ({ principal, rateBps, months }) => {
        const rate = rateBps / 10_000;
        const disbursedOn = '2026-03-01';
        // One payment a month on whole days, each the same: the payment whose present value at r
        // over those days is the principal, rounded to the centavo.
        const days = Array.from({ length: months }, (_, index) => Math.round(((index + 1) * 365) / 12));
        const discount = days.reduce((sum, day) => sum + (1 + rate) ** (-day / (365 / 12)), 0);
        const amount = Math.round(principal / discount);
        const payments = days.map((day) => ({ dueDate: addDays(disbursedOn, day), amount }));
        const found = effectiveRate({ netProceeds: principal, disbursedOn, payments }).monthly;
        check(formatRatePercent(found) === formatRatePercent(rate), `rate ${rate} came back as ${found}`);
      }),
      { numRuns: RUNS },
    );
  });

  it('fees > 0: the EIR is above the nominal rate, and more fees give a higher EIR', () => {
    fc.assert(
      fc.property(
        loan,
        fc.integer({ min: 1, max: 5_000 }),
        fc.integer({ min: 1, max: 5_000 }),
        ({ principal, rateBps, months }, feeBps, moreBps) => {
          const rate = rateBps / 10_000;
          const flows = monthsOf(months, annuity(principal, rate, months));
          // A fee deducted from the proceeds: the borrower repays the same, receives less.
          const fee = Math.max(1, Math.round((principal * feeBps) / 100_000));
          const more = fee + Math.max(1, Math.round((principal * moreBps) / 100_000));
          if (more >= principal) return;
          const withFee = rateOfFlows(principal - fee, flows).monthly;
          const withMore = rateOfFlows(principal - more, flows).monthly;
          check(withFee > rate, `fee ${fee}: EIR ${withFee} is not above ${rate}`);
          check(withMore > withFee, `fee ${more}: EIR ${withMore} is not above ${withFee}`);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
