import { LoanConfirmRules, fillMessage, messages } from '@kwarta/contract';
import {
  buildRepaymentSchedule,
  formatMoney,
  isTermAllowed,
  termCharges,
  type CalendarDate,
  type MoneyStyle,
  type RepaymentSchedule,
} from '@kwarta/domain';
import { Refusal } from '../../lib/refusal.ts';
import type { LoanProduct } from './loan-products.ts';

/** What the borrower asks for; absent values take the product's offer (its maximum, its term). */
export interface LoanAsk {
  amount?: number | undefined;
  term?: number | undefined;
  periods?: number | undefined;
  termUnit?: number | undefined;
}

export interface LoanQuote {
  principal: number;
  charges: number;
  termDays: number;
  periods: number;
  /** As if disbursed on `startsOn`; disbursement fixes the real dates (D2). */
  schedule: RepaymentSchedule;
}

/**
 * The one place an offer is priced and planned: confirmation shows this quote and the push stores
 * it, so the plan an order keeps is the plan its borrower saw, to the centavo. Refuses (with the
 * catalogue's text) an amount, term, instalment count or unit the product does not offer.
 */
export function quoteLoan(
  { product, rules }: LoanProduct,
  ask: LoanAsk,
  startsOn: CalendarDate,
  money: MoneyStyle,
): LoanQuote {
  const principal = ask.amount ?? product.max_amount;
  const termDays = ask.term ?? product.term_days;
  if (ask.termUnit !== undefined && ask.termUnit !== LoanConfirmRules.termUnitDays) {
    throw Refusal.invalid(messages.loanTermUnitUnsupported);
  }
  if (principal < product.min_amount || principal > product.max_amount) {
    throw Refusal.invalid(
      fillMessage(messages.loanAmountOutOfRange, {
        min: formatMoney(product.min_amount, money),
        max: formatMoney(product.max_amount, money),
      }),
    );
  }
  if (!isTermAllowed(termDays, rules)) {
    throw Refusal.invalid(
      fillMessage(messages.loanTermOutOfRange, { min: rules.term.minDays, max: rules.term.maxDays }),
    );
  }
  if (ask.periods !== undefined && ask.periods !== product.periods) {
    throw Refusal.invalid(fillMessage(messages.loanPeriodsMismatch, { periods: product.periods }));
  }
  const charges = termCharges({
    principalMinor: principal,
    termRateBps: product.term_rate_bps,
    productTermDays: product.term_days,
    termDays,
  });
  const schedule = buildRepaymentSchedule({
    principalMinor: principal,
    interestMinor: charges,
    periods: product.periods,
    disbursedOn: startsOn,
    termDays,
    rules,
  });
  return { principal, charges, termDays, periods: product.periods, schedule };
}
