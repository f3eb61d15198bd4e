import { z } from '@kwarta/domain/zod';
import { DomainError } from './errors.ts';

/**
 * A product's loan rules, stored as JSON with the product and also rendered into the static
 * Loan Terms page, so every figure is a plain descriptive value (days, centavos, basis points)
 * rather than something only code can interpret. Parse stored rules with loanRulesSchema once,
 * at the boundary; the functions of this package trust a LoanRules value they are given.
 */

const dayCount = z.int().min(0);
const minorAmount = z.int().min(0);

/** One band of the daily late penalty; `toDay: null` is the open-ended last band. Days are 1-based. */
export const penaltyTierSchema = z.strictObject({
  fromDay: z.int().min(1),
  toDay: z.int().min(1).nullable(),
  // 10,000 bps = 100% a day; anything above is a typo, not a product.
  dailyRateBps: z.int().min(0).max(10_000),
});

export type PenaltyTier = z.infer<typeof penaltyTierSchema>;

const dayRange = z.strictObject({ minDays: dayCount, maxDays: dayCount });

/**
 * A one-time fee of the loan (processing, service, notarial, …): a share of the principal plus a
 * fixed amount, added to the charges the instalments repay. The disclosure statement itemises each
 * by its name, and the effective interest rate counts it.
 */
export const loanFeeSchema = z.strictObject({
  name: z.string().min(1).max(60),
  principalBps: z.int().min(0).max(10_000),
  fixedMinor: minorAmount,
});

export type LoanFee = z.infer<typeof loanFeeSchema>;

// Strict objects: a misspelt key in stored JSON must fail loudly instead of silently
// falling back to nothing.
export const loanRulesSchema = z
  .strictObject({
    /** Allowed loan term in calendar days, both ends inclusive. */
    term: z.strictObject({ minDays: z.int().min(1), maxDays: z.int().min(1) }),
    /** The lender decides on an application within this many days. */
    decisionWithinDays: dayCount,
    /**
     * Days relative to an instalment's due date on which the borrower is reminded by SMS
     * (-3: three days before, 0: on the day, 7: a week after); empty sends none.
     */
    reminderDays: z.array(z.int().min(-30).max(180)).max(12).default([-3, -1, 0, 1, 3, 7]),
    /** Fees on top of the product's interest; none in the spec's figures. */
    fees: z.array(loanFeeSchema).max(10).default([]),
    /** Money is credited this many calendar days after the borrower accepts. */
    creditAfterAcceptanceDays: dayRange,
    latePenalty: z.strictObject({
      /** Charged once, on the first day overdue. */
      oneTimeMinor: z.strictObject({ newClient: minorAmount, repeatClient: minorAmount }),
      /** Contiguous bands starting at day 1; the last one is open-ended. */
      dailyTiers: z.array(penaltyTierSchema).min(1),
    }),
    prepayment: z.strictObject({
      /** Share of the term (in whole percent) that must have elapsed: 50 = "after half the term". */
      minElapsedTermPercent: z.int().min(0).max(100),
      minDaysAfterDisbursement: dayCount,
    }),
    notices: z.strictObject({
      /** A change of name, birth date or address is reported within this many days. */
      personalDataChangeReportDays: dayCount,
      courtJudgmentPaymentDays: dayCount,
      assignmentNoticeBusinessDays: dayCount,
    }),
    eligibility: z.strictObject({
      /** Minors are under this age; borrowers must be at least this old. */
      minAgeYears: z.int().min(0),
    }),
  })
  .superRefine((rules, ctx) => {
    if (rules.term.minDays > rules.term.maxDays) {
      ctx.addIssue({ code: 'custom', path: ['term'], message: 'term.minDays must not exceed term.maxDays' });
    }
    const credit = rules.creditAfterAcceptanceDays;
    if (credit.minDays > credit.maxDays) {
      ctx.addIssue({
        code: 'custom',
        path: ['creditAfterAcceptanceDays'],
        message: 'creditAfterAcceptanceDays.minDays must not exceed maxDays',
      });
    }
    const tiers = rules.latePenalty.dailyTiers;
    tiers.forEach((tier, index) => {
      const path = ['latePenalty', 'dailyTiers', index];
      const isLast = index === tiers.length - 1;
      if (index === 0 && tier.fromDay !== 1) {
        ctx.addIssue({ code: 'custom', path, message: 'the first penalty tier must start at day 1' });
      }
      if (tier.toDay !== null && tier.toDay < tier.fromDay) {
        ctx.addIssue({ code: 'custom', path, message: 'toDay must not be before fromDay' });
      }
      if (isLast) {
        if (tier.toDay !== null) {
          ctx.addIssue({
            code: 'custom',
            path,
            message: 'the last penalty tier must be open-ended (toDay: null)',
          });
        }
        return;
      }
      const next = tiers[index + 1];
      if (tier.toDay === null) {
        ctx.addIssue({ code: 'custom', path, message: 'only the last penalty tier may be open-ended' });
      } else if (next && next.fromDay !== tier.toDay + 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['latePenalty', 'dailyTiers', index + 1],
          message: `penalty tiers must be contiguous: expected fromDay ${tier.toDay + 1}, got ${next.fromDay}`,
        });
      }
    });
  });

export type LoanRules = z.infer<typeof loanRulesSchema>;

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/**
 * The spec's figures (§9, loan terms). Frozen because every product without its own rules
 * shares this one object, and a caller mutating it would change every other product's terms.
 */
export const defaultLoanRules: LoanRules = deepFreeze({
  term: { minDays: 91, maxDays: 365 },
  decisionWithinDays: 1,
  reminderDays: [-3, -1, 0, 1, 3, 7],
  fees: [],
  creditAfterAcceptanceDays: { minDays: 1, maxDays: 3 },
  latePenalty: {
    oneTimeMinor: { newClient: 100_000, repeatClient: 80_000 },
    dailyTiers: [
      { fromDay: 1, toDay: 30, dailyRateBps: 500 },
      { fromDay: 31, toDay: 90, dailyRateBps: 400 },
      { fromDay: 91, toDay: null, dailyRateBps: 200 },
    ],
  },
  prepayment: { minElapsedTermPercent: 50, minDaysAfterDisbursement: 7 },
  notices: {
    personalDataChangeReportDays: 3,
    courtJudgmentPaymentDays: 10,
    assignmentNoticeBusinessDays: 7,
  },
  eligibility: { minAgeYears: 18 },
});

export function isTermAllowed(termDays: number, rules: LoanRules): boolean {
  return Number.isSafeInteger(termDays) && termDays >= rules.term.minDays && termDays <= rules.term.maxDays;
}

/** Throws DomainError('term_out_of_range') naming the allowed range, for callers that build on a term. */
export function assertTermAllowed(termDays: number, rules: LoanRules): void {
  if (!isTermAllowed(termDays, rules)) {
    throw new DomainError(
      'term_out_of_range',
      `term must be ${rules.term.minDays}–${rules.term.maxDays} calendar days, got ${String(termDays)}`,
    );
  }
}
