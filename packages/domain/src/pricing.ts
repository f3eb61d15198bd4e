import type { CalendarDate } from './calendar-date.ts';
import type { LoanRules } from './loan-rules.ts';
import { mulDivHalfUp } from './money.ts';
import type { MinorUnits } from './money.ts';
import { buildRepaymentSchedule, termCharges } from './schedule.ts';
import type { RepaymentSchedule } from './schedule.ts';

/** What prices a product's offers: its rate for its own term, its instalments and its loan rules. */
export interface ProductPricing {
  /** Interest for the product's own term, basis points of the principal (pro rata for others). */
  termRateBps: number;
  productTermDays: number;
  periods: number;
  rules: LoanRules;
}

export interface PricedOffer {
  principal: MinorUnits;
  termDays: number;
  disbursedOn: CalendarDate;
  interest: MinorUnits;
  /** Each fee of the loan rules, by name, for this principal. */
  fees: { name: string; amount: MinorUnits }[];
  /** interest + every fee: what the instalments repay on top of the principal. */
  charges: MinorUnits;
  /** What the borrower receives: the fees are repaid with the instalments, not deducted. */
  netProceeds: MinorUnits;
  schedule: RepaymentSchedule;
}

/**
 * The one pricing of an offer: confirmation's quote, the product checks of the compliance profile
 * and the disclosure statement all use it, so the figures a borrower reads are the ones checked.
 */
export function priceOffer(
  pricing: ProductPricing,
  offer: { principal: MinorUnits; termDays: number; disbursedOn: CalendarDate },
): PricedOffer {
  const { principal, termDays } = offer;
  const interest = termCharges({
    principalMinor: principal,
    termRateBps: pricing.termRateBps,
    productTermDays: pricing.productTermDays,
    termDays,
  });
  const fees = pricing.rules.fees.map((fee) => ({
    name: fee.name,
    amount: mulDivHalfUp(principal, fee.principalBps, 10_000) + fee.fixedMinor,
  }));
  const charges = fees.reduce((sum, fee) => sum + fee.amount, interest);
  const schedule = buildRepaymentSchedule({
    principalMinor: principal,
    interestMinor: charges,
    periods: pricing.periods,
    disbursedOn: offer.disbursedOn,
    termDays,
    rules: pricing.rules,
  });
  return {
    principal,
    termDays,
    disbursedOn: offer.disbursedOn,
    interest,
    fees,
    charges,
    netProceeds: principal,
    schedule,
  };
}

/** How the console states a product's interest: percent a day, a month (30 days) or the term. */
export const ratePeriods = ['day', 'month', 'term'] as const;
export type RatePeriod = (typeof ratePeriods)[number];

/**
 * A product's interest for its own term (what ProductPricing keeps) from a rate a day, a month of
 * 30 days (the compliance caps' month) or the term, in basis points, rounded half-up.
 */
export function termRateBpsOf(rateBps: number, per: RatePeriod, termDays: number): number {
  if (per === 'term') return rateBps;
  return mulDivHalfUp(rateBps, termDays, per === 'day' ? 1 : 30);
}
