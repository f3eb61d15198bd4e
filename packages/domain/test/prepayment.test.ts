import { describe, it, expect } from 'vitest';
import { canPrepay, minElapsedDaysForPrepayment } from '../src/prepayment.ts';
import { defaultLoanRules, loanRulesSchema } from '../src/loan-rules.ts';
import type { LoanRules } from '../src/loan-rules.ts';
import { addDays } from '../src/calendar-date.ts';
import { DomainError } from '../src/errors.ts';

const disbursedOn = '2025-01-01';
const check = (termDays: number, elapsed: number, rules: LoanRules = defaultLoanRules) =>
  canPrepay({ disbursedOn, today: addDays(disbursedOn, elapsed), termDays, rules });

const shortTerms = loanRulesSchema.parse({
  ...structuredClone(defaultLoanRules),
  term: { minDays: 1, maxDays: 365 },
});

describe('canPrepay', () => {
  it('even term: allowed from the day half the term has elapsed', () => {
    expect(check(100, 49)).toEqual({
      allowed: false,
      earliestDate: '2025-02-20',
      reason: 'before_half_term',
    });
    expect(check(100, 50)).toEqual({ allowed: true, earliestDate: '2025-02-20', reason: null });
    expect(check(100, 51).allowed).toBe(true);
  });

  it('odd term: half of 91 is 45.5, so day 45 is too early and day 46 is allowed', () => {
    expect(check(91, 45)).toMatchObject({ allowed: false, reason: 'before_half_term' });
    expect(check(91, 46)).toMatchObject({
      allowed: true,
      reason: null,
      earliestDate: addDays(disbursedOn, 46),
    });
  });

  it.each([
    [91, 46],
    [92, 46],
    [365, 183],
    [364, 182],
  ])('term %d: earliest day %d', (termDays, earliest) => {
    expect(minElapsedDaysForPrepayment(termDays, defaultLoanRules)).toBe(earliest);
    expect(check(termDays, earliest - 1).allowed).toBe(false);
    expect(check(termDays, earliest).allowed).toBe(true);
  });

  it('is not allowed on the disbursement day or before it', () => {
    expect(check(91, 0).allowed).toBe(false);
    expect(check(91, -10).allowed).toBe(false);
  });

  it('stays allowed after maturity', () => {
    expect(check(91, 200).allowed).toBe(true);
  });

  it('needs at least 7 days after disbursement even when half the term is shorter', () => {
    // Half of 10 days is 5; the 7-day rule decides.
    expect(check(10, 5, shortTerms)).toEqual({
      allowed: false,
      earliestDate: '2025-01-08',
      reason: 'too_soon_after_disbursement',
    });
    expect(check(10, 6, shortTerms)).toMatchObject({ allowed: false, reason: 'too_soon_after_disbursement' });
    expect(check(10, 7, shortTerms)).toMatchObject({ allowed: true, reason: null });
  });

  it('names the rule that ends later when both still block', () => {
    expect(check(10, 2, shortTerms).reason).toBe('too_soon_after_disbursement');
    expect(check(91, 2).reason).toBe('before_half_term');
  });

  it('on a tie both rules end the same day', () => {
    // Half of 14 is 7.
    expect(check(14, 6, shortTerms)).toMatchObject({ allowed: false, earliestDate: '2025-01-08' });
    expect(check(14, 7, shortTerms).allowed).toBe(true);
    // Half of 13 is 6.5 → 7.
    expect(check(13, 6, shortTerms).allowed).toBe(false);
    expect(check(13, 7, shortTerms).allowed).toBe(true);
  });

  it('follows the product share and day count', () => {
    const rules = loanRulesSchema.parse({
      ...structuredClone(defaultLoanRules),
      prepayment: { minElapsedTermPercent: 0, minDaysAfterDisbursement: 0 },
    });
    expect(check(91, 0, rules)).toMatchObject({ allowed: true, earliestDate: disbursedOn });
    const third = loanRulesSchema.parse({
      ...structuredClone(defaultLoanRules),
      prepayment: { minElapsedTermPercent: 33, minDaysAfterDisbursement: 7 },
    });
    // 33% of 100 = 33 days.
    expect(check(100, 32, third).allowed).toBe(false);
    expect(check(100, 33, third).allowed).toBe(true);
  });

  it('crosses months and leap days in calendar days', () => {
    const result = canPrepay({
      disbursedOn: '2024-02-01',
      today: '2024-03-17',
      termDays: 91,
      rules: defaultLoanRules,
    });
    // 2024-02-01 + 46 = 2024-03-18 (February has 29 days in 2024).
    expect(result).toEqual({ allowed: false, earliestDate: '2024-03-18', reason: 'before_half_term' });
  });

  it('refuses a term outside the product rules and bad dates', () => {
    expect(() => check(90, 60)).toThrow(expect.objectContaining({ code: 'term_out_of_range' }));
    expect(() => check(366, 300)).toThrow(expect.objectContaining({ code: 'term_out_of_range' }));
    expect(() =>
      canPrepay({ disbursedOn: 'x', today: '2025-01-01', termDays: 91, rules: defaultLoanRules }),
    ).toThrow(DomainError);
    expect(() =>
      canPrepay({ disbursedOn, today: '2025-1-1', termDays: 91, rules: defaultLoanRules }),
    ).toThrow(DomainError);
  });
});
