import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toEpochDay } from '../src/calendar-date.ts';
import {
  capPenaltyAccrual,
  complianceProfiles,
  compliantLoanRules,
  isCovered,
  offerBreaches,
  productBreaches,
  rulesBreaches,
} from '../src/compliance.ts';
import { defaultLoanRules, loanRulesSchema, type LoanRules } from '../src/loan-rules.ts';
import { applyBps } from '../src/money.ts';
import { latePenalty } from '../src/penalty.ts';
import { priceOffer } from '../src/pricing.ts';
import { allocatePayment, extendPlan, lineOutstanding, type PlanLineBalance } from '../src/repayment.ts';

const RUNS = 10_000;
const profile = complianceProfiles['ph-sec-mc3-2022'];

function check(condition: boolean, what: string): asserts condition {
  if (!condition) throw new Error(what);
}

describe('compliance profile ph-sec-mc3-2022', () => {
  it('covers unsecured loans up to ₱10,000 and four months (121 days)', () => {
    expect(isCovered(profile, { principal: 1_000_000, termDays: 121 })).toBe(true);
    expect(isCovered(profile, { principal: 1_000_001, termDays: 91 })).toBe(false);
    expect(isCovered(profile, { principal: 500_000, termDays: 122 })).toBe(false);
    expect(isCovered(null, { principal: 500_000, termDays: 91 })).toBe(false);
  });

  it("refuses the spec's loan rules (5% a day, a ₱1.000,00 late fee) and passes the rules written from its caps", () => {
    expect(rulesBreaches(profile, defaultLoanRules).map((breach) => breach.cap)).toEqual(['latePenalty']);
    expect(rulesBreaches(profile, compliantLoanRules(profile, defaultLoanRules))).toEqual([]);
  });

  it('names each cap a product breaks, with the offer that breaks it', () => {
    const rules = compliantLoanRules(profile, defaultLoanRules);
    const product = (termRateBps: number, fees: LoanRules['fees'], over: Partial<LoanRules> = {}) =>
      productBreaches(profile, {
        minAmount: 100_000,
        maxAmount: 1_000_000,
        pricing: { termRateBps, productTermDays: 91, periods: 3, rules: { ...rules, fees, ...over } },
      });
    // 7% a month of interest.
    expect(product(2_123, []).map((b) => b.cap)).toEqual(['nominalRate']);
    // 6% a month and a 40% fee: within the nominal cap, far above the effective one.
    const effective = product(1_820, [{ name: 'Service fee', principalBps: 4_000, fixedMinor: 0 }]);
    expect(effective.map((b) => b.cap)).toEqual(['effectiveRate']);
    expect(effective[0]!.offer).toEqual({ principal: 100_000, termDays: 91 });
    expect(effective[0]!.figureBps).toBeGreaterThan(1_500);
    // 0.2% a day of late penalty is 6% a month.
    const penalty = product(1_500, [], {
      latePenalty: {
        oneTimeMinor: { newClient: 0, repeatClient: 0 },
        dailyTiers: [{ fromDay: 1, toDay: null, dailyRateBps: 20 }],
      },
    });
    expect(penalty.map((b) => b.cap)).toEqual(['latePenalty']);
    expect(penalty[0]!.figureBps).toBe(600);
    // A fee of the whole principal: the total cost cap (and the effective rate with it).
    expect(
      product(0, [{ name: 'Service fee', principalBps: 10_000, fixedMinor: 1 }]).map((b) => b.cap),
    ).toContain('totalCost');
  });
});

/** A covered loan priced from random (possibly unlawful) rules; only offers a quote would make. */
const coveredLoan = fc
  .record({
    principal: fc.integer({ min: 10_000, max: 1_000_000 }),
    termDays: fc.integer({ min: 30, max: 121 }),
    periods: fc.integer({ min: 1, max: 4 }),
    termRateBps: fc.integer({ min: 0, max: 2_400 }),
    feeBps: fc.integer({ min: 0, max: 1_000 }),
    oneTime: fc.integer({ min: 0, max: 150_000 }),
    dailyRateBps: fc.integer({ min: 0, max: 600 }),
    extensionFeeBps: fc.integer({ min: 0, max: 3_000 }),
  })
  .map((loan) => {
    const rules = loanRulesSchema.parse({
      ...defaultLoanRules,
      term: { minDays: 30, maxDays: 121 },
      fees: loan.feeBps ? [{ name: 'Processing fee', principalBps: loan.feeBps, fixedMinor: 0 }] : [],
      latePenalty: {
        oneTimeMinor: { newClient: loan.oneTime, repeatClient: loan.oneTime },
        dailyTiers: [
          { fromDay: 1, toDay: 30, dailyRateBps: loan.dailyRateBps },
          { fromDay: 31, toDay: null, dailyRateBps: Math.floor(loan.dailyRateBps / 2) },
        ],
      },
    });
    const offer = priceOffer(
      { termRateBps: loan.termRateBps, productTermDays: loan.termDays, periods: loan.periods, rules },
      { principal: loan.principal, termDays: loan.termDays, disbursedOn: '2026-01-10' },
    );
    return { ...loan, rules, offer };
  })
  // The quote refuses the rest; penalty rules that break the cap stay in, as a product set up
  // before the profile would have them, and the accrual must hold them back.
  .filter(({ offer, rules }) =>
    offerBreaches(profile, offer, rules).every((breach) => breach.cap === 'latePenalty'),
  );

const history = fc.array(
  fc.record({
    day: fc.integer({ min: 1, max: 365 }),
    kind: fc.constantFrom('pay', 'pay', 'extend'),
    share: fc.integer({ min: 1, max: 100 }),
  }),
  { maxLength: 6 },
);

describe('accrual under the caps (10,000 runs)', () => {
  it('random covered loans, late, partial and extended payment, 0–365 days: penalties per 30 days and total cost stay within the caps, and the plan sums exactly', () => {
    fc.assert(
      fc.property(coveredLoan, history, fc.integer({ min: 0, max: 365 }), (loan, events, days) => {
        const { offer } = loan;
        let lines: PlanLineBalance[] = offer.schedule.lines.map((line) => ({
          seq: line.period,
          dueDate: line.dueDate,
          interest: line.interest,
          interestPaid: 0,
          principal: line.principal,
          principalPaid: 0,
        }));
        let penalty = 0;
        let penaltyPaid = 0;
        let charges = offer.charges;
        const accrued: number[] = [];
        let window = 0;
        // Due dates as day numbers, refreshed when a payment or extension changes the lines: the
        // daily loop compares integers, which keeps 10,000 runs of up to a year quick.
        let open: { due: number; owed: number }[] = [];
        const refresh = () => {
          open = lines
            .filter((line) => lineOutstanding(line) > 0)
            .map((line) => ({ due: toEpochDay(line.dueDate), owed: lineOutstanding(line) }))
            .sort((a, b) => a.due - b.due);
        };
        refresh();
        const start = toEpochDay(offer.disbursedOn);
        for (let day = 1; day <= days; day += 1) {
          const today = start + day;
          for (const event of events) {
            if (event.day !== day) continue;
            const owed = lines.reduce((sum, line) => sum + lineOutstanding(line), penalty - penaltyPaid);
            if (owed === 0) continue;
            if (event.kind === 'pay') {
              const paid = allocatePayment(
                { penalty, penaltyPaid, lines },
                Math.max(1, Math.floor((owed * event.share) / 100)),
              );
              lines = [...paid.balance.lines];
              penaltyPaid = paid.balance.penaltyPaid;
            } else {
              // An extension's fee is a charge too: the lender offers it only within the total cap.
              const fee = applyBps(offer.principal, loan.extensionFeeBps);
              if (charges + fee + penalty <= offer.principal) {
                charges += fee;
                lines = extendPlan(lines, 7).lines;
              }
            }
            refresh();
          }
          let amountDue = 0;
          for (const line of open) if (line.due < today) amountDue += line.owed;
          const daysOverdue = open[0] ? Math.max(0, today - open[0].due) : 0;
          const wanted = Math.max(
            0,
            latePenalty({ unpaidMinor: amountDue, daysOverdue, isRepeatClient: false, rules: loan.rules })
              .total - penalty,
          );
          const windowBefore = window;
          const accrual = capPenaltyAccrual({
            profile,
            covered: true,
            wanted,
            amountDue,
            penaltyInWindow: windowBefore,
            principal: offer.principal,
            charges,
            penaltySoFar: penalty,
          });
          check(
            accrual.amount >= 0 && accrual.amount <= wanted,
            `day ${day}: accrual ${accrual.amount} of ${wanted}`,
          );
          penalty += accrual.amount;
          accrued.push(accrual.amount);
          window += accrual.amount - (accrued.length > 29 ? accrued[accrued.length - 30]! : 0);
          if (accrual.amount > 0) {
            check(
              (windowBefore + accrual.amount) * 10_000 <= amountDue * profile.caps.penaltyMonthlyBps,
              `day ${day}: ${windowBefore + accrual.amount} of penalties in 30 days on ${amountDue} due`,
            );
          }
          check(
            charges + penalty <= offer.principal,
            `day ${day}: charges ${charges} + penalties ${penalty} exceed ${offer.principal}`,
          );
        }
        const principal = lines.reduce((sum, line) => sum + line.principal, 0);
        const interest = lines.reduce((sum, line) => sum + line.interest, 0);
        check(
          principal === offer.principal && interest === offer.charges,
          'the plan no longer sums to the offer',
        );
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it('uncovered loans accrue what their rules ask', () => {
    expect(
      capPenaltyAccrual({
        profile,
        covered: false,
        wanted: 5_000,
        amountDue: 1,
        penaltyInWindow: 0,
        principal: 1,
        charges: 1,
        penaltySoFar: 0,
      }),
    ).toEqual({ amount: 5_000, cappedBy: null });
  });
});
