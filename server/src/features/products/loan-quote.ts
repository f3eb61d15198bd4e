import { LoanConfirmRules, fillMessage, messages } from '@kwarta/contract';
import {
  formatMoney,
  isCovered,
  isTermAllowed,
  offerBreaches,
  priceOffer,
  type CalendarDate,
  type ComplianceProfile,
  type MoneyStyle,
  type PricedOffer,
  type ProductPricing,
  type RepaymentSchedule,
} from '@kwarta/domain';
import { Refusal } from '../../lib/refusal.ts';
import type { Config } from '../../config.ts';
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
  /** Interest and every fee of the term. */
  charges: number;
  termDays: number;
  periods: number;
  /** As if disbursed on `startsOn`; disbursement fixes the real dates (D2). */
  schedule: RepaymentSchedule;
  /** The priced offer: interest and fees itemised, net proceeds (the disclosure statement's figures). */
  priced: PricedOffer;
  /** The compliance profile whose caps cover this loan, or null (D16). */
  coveredBy: ComplianceProfile | null;
}

/** How quotes are made in this deployment: the market's money style and its compliance profile. */
export interface QuoteTerms {
  money: MoneyStyle;
  compliance: ComplianceProfile | null;
}

export function quoteTerms(config: Pick<Config, 'market' | 'compliance'>): QuoteTerms {
  return { money: config.market.money, compliance: config.compliance };
}

export function productPricing({ product, rules }: LoanProduct): ProductPricing {
  return {
    termRateBps: product.term_rate_bps,
    productTermDays: product.term_days,
    periods: product.periods,
    rules,
  };
}

/**
 * The one place an offer is priced and planned: confirmation shows this quote and the push stores
 * it, so the plan an order keeps is the plan its borrower saw, to the centavo. Refuses (with the
 * catalogue's text) an amount, term, instalment count or unit the product does not offer, and a
 * covered offer above the compliance profile's caps (D16): it is never shown, so never taken.
 */
export function quoteLoan(
  loan: LoanProduct,
  ask: LoanAsk,
  startsOn: CalendarDate,
  { money, compliance }: QuoteTerms,
): LoanQuote {
  const { product, rules } = loan;
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
  const priced = priceOffer(productPricing(loan), { principal, termDays, disbursedOn: startsOn });
  const coveredBy = isCovered(compliance, { principal, termDays }) ? compliance : null;
  if (coveredBy && offerBreaches(coveredBy, priced, rules).length > 0) {
    throw Refusal.refused(messages.complianceOfferRefused);
  }
  return {
    principal,
    charges: priced.charges,
    termDays,
    periods: product.periods,
    schedule: priced.schedule,
    priced,
    coveredBy,
  };
}
