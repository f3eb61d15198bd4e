import { describe, it, expect } from 'vitest';
import { assertTermAllowed, defaultLoanRules, isTermAllowed, loanRulesSchema } from '../src/loan-rules.ts';
import type { LoanRules } from '../src/loan-rules.ts';
import { DomainError } from '../src/errors.ts';

/** A deep, mutable copy of the defaults to break in one place. */
function rulesWith(change: (rules: LoanRules) => void): unknown {
  const copy = structuredClone(defaultLoanRules);
  change(copy);
  return copy;
}

function issuePaths(value: unknown): string[] {
  const result = loanRulesSchema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => issue.path.join('.'));
}

describe('defaultLoanRules', () => {
  it('passes its own schema unchanged', () => {
    expect(loanRulesSchema.parse(defaultLoanRules)).toEqual(defaultLoanRules);
  });

  it('holds the figures of spec §9', () => {
    expect(defaultLoanRules.term).toEqual({ minDays: 91, maxDays: 365 });
    expect(defaultLoanRules.decisionWithinDays).toBe(1);
    expect(defaultLoanRules.creditAfterAcceptanceDays).toEqual({ minDays: 1, maxDays: 3 });
    expect(defaultLoanRules.latePenalty.oneTimeMinor).toEqual({ newClient: 100_000, repeatClient: 80_000 });
    expect(defaultLoanRules.latePenalty.dailyTiers).toEqual([
      { fromDay: 1, toDay: 30, dailyRateBps: 500 },
      { fromDay: 31, toDay: 90, dailyRateBps: 400 },
      { fromDay: 91, toDay: null, dailyRateBps: 200 },
    ]);
    expect(defaultLoanRules.prepayment).toEqual({ minElapsedTermPercent: 50, minDaysAfterDisbursement: 7 });
    expect(defaultLoanRules.notices).toEqual({
      personalDataChangeReportDays: 3,
      courtJudgmentPaymentDays: 10,
      assignmentNoticeBusinessDays: 7,
    });
    expect(defaultLoanRules.eligibility).toEqual({ minAgeYears: 18 });
  });

  it('survives a JSON round trip, as a stored product configuration does', () => {
    const stored = JSON.parse(JSON.stringify(defaultLoanRules)) as unknown;
    expect(loanRulesSchema.parse(stored)).toEqual(defaultLoanRules);
  });

  it('cannot be changed by a careless caller', () => {
    expect(() => {
      (defaultLoanRules.term as { minDays: number }).minDays = 1;
    }).toThrow(TypeError);
    expect(() => {
      defaultLoanRules.latePenalty.dailyTiers.push({ fromDay: 1, toDay: null, dailyRateBps: 1 });
    }).toThrow(TypeError);
    expect(defaultLoanRules.term.minDays).toBe(91);
  });
});

describe('loanRulesSchema rejects inconsistent rules', () => {
  it('min term above max term', () => {
    expect(issuePaths(rulesWith((r) => (r.term = { minDays: 200, maxDays: 100 })))).toContain('term');
  });

  it('accepts a single-day term range', () => {
    expect(issuePaths(rulesWith((r) => (r.term = { minDays: 120, maxDays: 120 })))).toEqual([]);
  });

  it('a zero-day term', () => {
    expect(issuePaths(rulesWith((r) => (r.term.minDays = 0)))).toContain('term.minDays');
  });

  it('credit window upside down', () => {
    expect(
      issuePaths(rulesWith((r) => (r.creditAfterAcceptanceDays = { minDays: 3, maxDays: 1 }))),
    ).toContain('creditAfterAcceptanceDays');
  });

  it.each([
    [
      'negative fee',
      (r: LoanRules) => (r.latePenalty.oneTimeMinor.newClient = -1),
      'latePenalty.oneTimeMinor.newClient',
    ],
    [
      'fractional fee',
      (r: LoanRules) => (r.latePenalty.oneTimeMinor.repeatClient = 800.5),
      'latePenalty.oneTimeMinor.repeatClient',
    ],
    [
      'negative rate',
      (r: LoanRules) => (r.latePenalty.dailyTiers[0]!.dailyRateBps = -5),
      'latePenalty.dailyTiers.0.dailyRateBps',
    ],
    [
      'rate above 100% a day',
      (r: LoanRules) => (r.latePenalty.dailyTiers[0]!.dailyRateBps = 10_001),
      'latePenalty.dailyTiers.0.dailyRateBps',
    ],
    [
      'negative notice',
      (r: LoanRules) => (r.notices.courtJudgmentPaymentDays = -1),
      'notices.courtJudgmentPaymentDays',
    ],
    ['negative decision days', (r: LoanRules) => (r.decisionWithinDays = -1), 'decisionWithinDays'],
    [
      'percent above 100',
      (r: LoanRules) => (r.prepayment.minElapsedTermPercent = 101),
      'prepayment.minElapsedTermPercent',
    ],
    [
      'fractional days',
      (r: LoanRules) => (r.prepayment.minDaysAfterDisbursement = 6.5),
      'prepayment.minDaysAfterDisbursement',
    ],
    [
      'text instead of a number',
      (r: LoanRules) => ((r.term as unknown as { maxDays: string }).maxDays = '365'),
      'term.maxDays',
    ],
  ])('%s', (_name, change, path) => {
    expect(issuePaths(rulesWith(change))).toContain(path);
  });

  it('unknown keys (a typo in stored JSON)', () => {
    const typo = rulesWith((r) => Object.assign(r.prepayment, { minDaysAfterDisbursment: 7 }));
    expect(loanRulesSchema.safeParse(typo).success).toBe(false);
  });

  it('a missing section', () => {
    const missing = rulesWith((r) => delete (r as Partial<LoanRules>).notices);
    expect(issuePaths(missing)).toContain('notices');
  });

  describe('penalty tiers', () => {
    const withTiers = (tiers: unknown): string[] =>
      issuePaths(
        rulesWith((r) => (r.latePenalty.dailyTiers = tiers as LoanRules['latePenalty']['dailyTiers'])),
      );

    it('accepts a single open-ended tier', () => {
      expect(withTiers([{ fromDay: 1, toDay: null, dailyRateBps: 100 }])).toEqual([]);
    });

    it('accepts a one-day tier', () => {
      expect(
        withTiers([
          { fromDay: 1, toDay: 1, dailyRateBps: 900 },
          { fromDay: 2, toDay: null, dailyRateBps: 100 },
        ]),
      ).toEqual([]);
    });

    it('no tiers', () => {
      expect(withTiers([])).toContain('latePenalty.dailyTiers');
    });

    it('first tier not starting at day 1', () => {
      expect(withTiers([{ fromDay: 2, toDay: null, dailyRateBps: 100 }])).toContain(
        'latePenalty.dailyTiers.0',
      );
    });

    it('a gap between tiers', () => {
      expect(
        withTiers([
          { fromDay: 1, toDay: 30, dailyRateBps: 500 },
          { fromDay: 32, toDay: null, dailyRateBps: 400 },
        ]),
      ).toContain('latePenalty.dailyTiers.1');
    });

    it('overlapping tiers', () => {
      expect(
        withTiers([
          { fromDay: 1, toDay: 30, dailyRateBps: 500 },
          { fromDay: 30, toDay: null, dailyRateBps: 400 },
        ]),
      ).toContain('latePenalty.dailyTiers.1');
    });

    it('tiers out of order', () => {
      expect(
        withTiers([
          { fromDay: 31, toDay: null, dailyRateBps: 400 },
          { fromDay: 1, toDay: 30, dailyRateBps: 500 },
        ]).length,
      ).toBeGreaterThan(0);
    });

    it('a tier ending before it starts', () => {
      expect(
        withTiers([
          { fromDay: 1, toDay: 30, dailyRateBps: 500 },
          { fromDay: 31, toDay: 20, dailyRateBps: 400 },
          { fromDay: 21, toDay: null, dailyRateBps: 200 },
        ]),
      ).toContain('latePenalty.dailyTiers.1');
    });

    it('a closed last tier (days after it would have no rate)', () => {
      expect(
        withTiers([
          { fromDay: 1, toDay: 30, dailyRateBps: 500 },
          { fromDay: 31, toDay: 90, dailyRateBps: 400 },
        ]),
      ).toContain('latePenalty.dailyTiers.1');
    });

    it('an open-ended tier before the last', () => {
      expect(
        withTiers([
          { fromDay: 1, toDay: null, dailyRateBps: 500 },
          { fromDay: 31, toDay: null, dailyRateBps: 400 },
        ]),
      ).toContain('latePenalty.dailyTiers.0');
    });
  });
});

describe('isTermAllowed / assertTermAllowed', () => {
  it.each([
    [90, false],
    [91, true],
    [180, true],
    [365, true],
    [366, false],
    [0, false],
    [-91, false],
    [91.5, false],
    [Number.NaN, false],
  ])('term %d → %s', (termDays, allowed) => {
    expect(isTermAllowed(termDays, defaultLoanRules)).toBe(allowed);
    if (allowed) {
      expect(() => assertTermAllowed(termDays, defaultLoanRules)).not.toThrow();
    } else {
      expect(() => assertTermAllowed(termDays, defaultLoanRules)).toThrow(
        expect.objectContaining({ code: 'term_out_of_range' }),
      );
    }
  });

  it('follows the product rules, not fixed numbers', () => {
    const rules = loanRulesSchema.parse(rulesWith((r) => (r.term = { minDays: 7, maxDays: 30 })));
    expect(isTermAllowed(7, rules)).toBe(true);
    expect(isTermAllowed(91, rules)).toBe(false);
    expect(() => assertTermAllowed(31, rules)).toThrow(DomainError);
  });
});
