import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultLoanRules, type LoanRules } from '@kwarta/domain';
import { markets } from '@kwarta/contract';
import type { Product } from '../../../src/db/schema.ts';
import { confirmationData } from '../../../src/features/loan-confirm/index.ts';
import { orderPlanLines } from '../../../src/features/orders/index.ts';
import { quoteLoan, type LoanProduct } from '../../../src/features/products/index.ts';

/**
 * Decision 0050 (one quote): for any product rules, amount and term in range, the plan confirmation
 * shows is the plan the order stores, to the centavo, and it sums to the total due. The push is
 * fed what the confirmation answered, as the page does.
 */
const loanProduct = fc
  .record({
    minDays: fc.integer({ min: 1, max: 400 }),
    spanDays: fc.integer({ min: 0, max: 400 }),
    minAmount: fc.integer({ min: 1, max: 50_000_000 }),
    spanAmount: fc.integer({ min: 0, max: 500_000_000 }),
    rateBps: fc.integer({ min: 0, max: 20_000 }),
    periodsWish: fc.integer({ min: 1, max: 24 }),
  })
  .chain((p) =>
    fc.record({
      p: fc.constant(p),
      productTerm: fc.integer({ min: p.minDays, max: p.minDays + p.spanDays }),
      amount: fc.integer({ min: p.minAmount, max: p.minAmount + p.spanAmount }),
      term: fc.integer({ min: p.minDays, max: p.minDays + p.spanDays }),
      startDay: fc.integer({ min: 0, max: 3650 }),
    }),
  );

function product(
  p: {
    minDays: number;
    spanDays: number;
    minAmount: number;
    spanAmount: number;
    rateBps: number;
    periodsWish: number;
  },
  productTerm: number,
): LoanProduct {
  const rules: LoanRules = {
    ...defaultLoanRules,
    term: { minDays: p.minDays, maxDays: p.minDays + p.spanDays },
  };
  const row = {
    id: 1,
    name: 'P',
    logo_url: '/p.svg',
    min_amount: p.minAmount,
    max_amount: p.minAmount + p.spanAmount,
    term_days: productTerm,
    // No two instalments on one date: at most one a day over the shortest term.
    periods: Math.min(p.periodsWish, p.minDays),
    term_rate_bps: p.rateBps,
    rate_description: '',
    description: '',
    button_text: '',
    clickable: 1,
    loan_rules: JSON.stringify(rules),
    sort_order: 1,
    created_at: '2026-11-23T00:00:00.000Z',
    due_window_days: 3,
    retention_popup: 0,
    agreement_popup: 0,
    promo_button_text: '',
    promo_message: '',
    extension_enabled: 0,
    withdraw_confirm_url: '',
    withdraw_confirm_text: '',
    link_url: '',
    external_repay_url: '',
    extension_fee_bps: 1_500,
    extension_days: 7,
    extension_max: 1,
    allocation_order: 'penalty,interest,principal',
    retired_at: null,
  } satisfies Product;
  return { product: row, rules };
}

const money = markets.spec.money;

describe('the confirmation plan is the order plan', () => {
  it('to the centavo, summing to the total due (10,000 runs)', () => {
    fc.assert(
      fc.property(loanProduct, ({ p, productTerm, amount, term, startDay }) => {
        const loan = product(p, productTerm);
        const today = new Date(Date.UTC(2026, 0, 1 + startDay)).toISOString().slice(0, 10);
        const confirmed = confirmationData(
          loan,
          quoteLoan(loan, { amount, term }, today, { money, compliance: null }),
          today,
          money,
        );
        const pushed = quoteLoan(
          loan,
          {
            amount: confirmed.amount,
            term: confirmed.term,
            periods: confirmed.periods,
            termUnit: confirmed.termUnit,
          },
          today,
          { money, compliance: null },
        );
        const lines = orderPlanLines(pushed);
        expect(lines.map((line) => ({ pay_time: line.due_date, amount: line.amount }))).toEqual(
          confirmed.repay_plans,
        );
        const sum = lines.reduce((total, line) => total + line.amount, 0);
        expect(sum).toBe(pushed.schedule.total);
        expect(confirmed.repay_plans.reduce((total, line) => total + line.amount, 0)).toBe(
          pushed.schedule.total,
        );
        expect(lines.every((line) => line.amount >= 0 && Number.isSafeInteger(line.amount))).toBe(true);
      }),
      { numRuns: 10_000 },
    );
  });
});
