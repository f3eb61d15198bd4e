import type { CalendarDate } from './calendar-date.ts';
import { effectiveRate } from './effective-rate.ts';
import type { LoanRules } from './loan-rules.ts';
import { mulDivHalfUp } from './money.ts';
import type { MinorUnits } from './money.ts';
import { priceOffer } from './pricing.ts';
import type { PricedOffer, ProductPricing } from './pricing.ts';
import type { ContactRules } from './contact-window.ts';

/**
 * Compliance profiles (D16): a regulator's cost caps as data. A profile names its source, the loans
 * it covers and its caps; a revised circular is a new entry here, not a change to the checks below.
 */
export interface ComplianceProfile {
  /** What the configuration (`COMPLIANCE`) and the orders' rows call it. */
  id: string;
  /** What an operator reads in the console: the market and the circular, in words. */
  name: string;
  /** The circulars the caps come from, as a borrower or an examiner would look them up. */
  source: string;
  inForceFrom: CalendarDate;
  covers: {
    /** Whether secured loans are covered; every Kwarta loan is unsecured. */
    secured: boolean;
    /** Covered when the principal is at most this. */
    principalCeilingMinor: MinorUnits;
    /** Covered when the term is at most this many months (of 365/12 days). */
    termCeilingMonths: number;
  };
  /** When borrowers may be contacted about their loans (reminders, collection). */
  contact: ContactRules;
  caps: {
    /** Nominal interest, basis points of the principal per month (30 days). */
    nominalMonthlyBps: number;
    /** Effective interest rate, counting every fee, basis points per month. */
    effectiveMonthlyBps: number;
    /** Late-payment penalties in any 30 days, basis points of the amount then due. */
    penaltyMonthlyBps: number;
    /** Interest, fees, charges and penalties together, percent of the principal, ever. */
    totalCostPercent: number;
  };
}

export const complianceProfiles = {
  'ph-sec-mc3-2022': {
    id: 'ph-sec-mc3-2022',
    name: 'Philippine SEC cost caps for small loans, MC 3-2022',
    source: 'SEC Memorandum Circular No. 3, s. 2022 (BSP Circular No. 1133, s. 2021)',
    inForceFrom: '2022-03-03',
    covers: { secured: false, principalCeilingMinor: 1_000_000, termCeilingMonths: 4 },
    // Unfair debt collection: no contact before 6:00 a.m. or after 10:00 p.m. unless the account
    // is more than 15 days past due (or the borrower agreed to other hours).
    contact: {
      startHour: 6,
      endHour: 22,
      exceptAfterDaysPastDue: 15,
      source: 'SEC Memorandum Circular No. 18, s. 2019',
    },
    caps: {
      nominalMonthlyBps: 600,
      effectiveMonthlyBps: 1_500,
      penaltyMonthlyBps: 500,
      totalCostPercent: 100,
    },
  },
} as const satisfies Record<string, ComplianceProfile>;

export type ComplianceProfileId = keyof typeof complianceProfiles;

export const complianceProfileIds = Object.keys(complianceProfiles) as ComplianceProfileId[];

/** The rate caps speak of months; the issuing circulars count a month as 30 days for daily rates. */
const DAYS_PER_RATE_MONTH = 30;

/** The longest covered term in days: the ceiling's months of 365/12 days, whole days only. */
export function coveredTermDays(profile: ComplianceProfile): number {
  return Math.floor((profile.covers.termCeilingMonths * 365) / 12);
}

/** Whether an (unsecured) loan of this principal and term is one the profile's caps apply to. */
export function isCovered(
  profile: ComplianceProfile | null,
  loan: { principal: MinorUnits; termDays: number },
): profile is ComplianceProfile {
  return (
    profile !== null &&
    loan.principal <= profile.covers.principalCeilingMinor &&
    loan.termDays <= coveredTermDays(profile)
  );
}

export type CapName = 'nominalRate' | 'effectiveRate' | 'latePenalty' | 'totalCost';

/** One cap an offer breaks: the figure against its limit, both in basis points. */
export interface CapBreach {
  cap: CapName;
  figureBps: number;
  limitBps: number;
  offer: { principal: MinorUnits; termDays: number };
}

/** Every cap a priced (covered) offer breaks under its rules; empty when it complies. */
export function offerBreaches(profile: ComplianceProfile, offer: PricedOffer, rules: LoanRules): CapBreach[] {
  const { caps } = profile;
  const at = { principal: offer.principal, termDays: offer.termDays };
  const breaches: CapBreach[] = [];
  const perMonthBps = (amount: number) =>
    (amount * 10_000 * DAYS_PER_RATE_MONTH) / (offer.principal * offer.termDays);

  // Interest is rounded to the centavo once; so is the cap it is held to.
  const interestCap = mulDivHalfUp(
    offer.principal,
    caps.nominalMonthlyBps * offer.termDays,
    10_000 * DAYS_PER_RATE_MONTH,
  );
  if (offer.interest > interestCap) {
    breaches.push({
      cap: 'nominalRate',
      figureBps: perMonthBps(offer.interest),
      limitBps: caps.nominalMonthlyBps,
      offer: at,
    });
  }
  const eir = effectiveRate({
    netProceeds: offer.netProceeds,
    disbursedOn: offer.disbursedOn,
    payments: offer.schedule.lines.map((line) => ({ dueDate: line.dueDate, amount: line.amount })),
  }).monthly;
  if (eir * 10_000 > caps.effectiveMonthlyBps + 1e-6) {
    breaches.push({
      cap: 'effectiveRate',
      figureBps: eir * 10_000,
      limitBps: caps.effectiveMonthlyBps,
      offer: at,
    });
  }
  const smallestInstalment = Math.min(...offer.schedule.lines.map((line) => line.amount));
  const penalty = worstMonthOfPenaltyBps(rules, smallestInstalment);
  if (penalty > caps.penaltyMonthlyBps) {
    breaches.push({ cap: 'latePenalty', figureBps: penalty, limitBps: caps.penaltyMonthlyBps, offer: at });
  }
  const totalCostBps = (offer.charges * 10_000) / offer.principal;
  if (totalCostBps > caps.totalCostPercent * 100) {
    breaches.push({
      cap: 'totalCost',
      figureBps: totalCostBps,
      limitBps: caps.totalCostPercent * 100,
      offer: at,
    });
  }
  return breaches;
}

/**
 * The most the rules' late penalty charges on an instalment in any 30 days, in basis points of it:
 * the one-time fee (the larger of the new and repeat client's) falls in the first 30 days, and the
 * daily bands in every window are summed where they are highest.
 */
export function worstMonthOfPenaltyBps(rules: LoanRules, instalment: MinorUnits): number {
  const tiers = rules.latePenalty.dailyTiers;
  const rateOn = (day: number) =>
    tiers.find((tier) => day >= tier.fromDay && (tier.toDay === null || day <= tier.toDay))?.dailyRateBps ??
    0;
  const lastStart = tiers[tiers.length - 1]!.fromDay;
  const oneTime = Math.max(
    rules.latePenalty.oneTimeMinor.newClient,
    rules.latePenalty.oneTimeMinor.repeatClient,
  );
  let worst = 0;
  for (let start = 1; start <= lastStart; start += 1) {
    let window = 0;
    for (let day = start; day < start + DAYS_PER_RATE_MONTH; day += 1) window += rateOn(day);
    if (start === 1 && oneTime > 0) window += instalment > 0 ? (oneTime * 10_000) / instalment : Infinity;
    worst = Math.max(worst, window);
  }
  return worst;
}

/**
 * Every covered offer of a product checked against the profile: each covered term at the smallest,
 * the largest and the ceiling principal (fixed fees weigh most on the smallest, the rest scale with
 * the principal). One breach per cap, the first found, is enough to name what to change.
 */
export function productBreaches(
  profile: ComplianceProfile,
  product: { minAmount: MinorUnits; maxAmount: MinorUnits; pricing: ProductPricing },
): CapBreach[] {
  const { rules } = product.pricing;
  const ceiling = profile.covers.principalCeilingMinor;
  const amounts = [
    ...new Set([product.minAmount, Math.min(product.maxAmount, ceiling), product.maxAmount]),
  ].filter((amount) => amount > 0 && amount <= ceiling);
  const lastTerm = Math.min(rules.term.maxDays, coveredTermDays(profile));
  const found = new Map<CapName, CapBreach>();
  for (let termDays = rules.term.minDays; termDays <= lastTerm; termDays += 1) {
    if (product.pricing.periods > termDays) continue;
    for (const principal of amounts) {
      const offer = priceOffer(product.pricing, { principal, termDays, disbursedOn: CHECK_DATE });
      for (const breach of offerBreaches(profile, offer, rules)) {
        if (!found.has(breach.cap)) found.set(breach.cap, breach);
      }
    }
  }
  return [...found.values()];
}

/** Offers are checked as if disbursed on a fixed day: their figures depend on days, not dates. */
const CHECK_DATE: CalendarDate = '2026-01-01';

/**
 * The lender-wide loan rules on their own (LOAN_RULES_FILE): checked as a product of no interest,
 * lending the covered ceiling in one instalment, so what is left to break is the fees and penalties.
 */
export function rulesBreaches(profile: ComplianceProfile, rules: LoanRules): CapBreach[] {
  const ceiling = profile.covers.principalCeilingMinor;
  return productBreaches(profile, {
    minAmount: ceiling,
    maxAmount: ceiling,
    pricing: { termRateBps: 0, productTermDays: rules.term.minDays, periods: 1, rules },
  });
}

/**
 * Whether a covered loan may take on a further charge (an extension's fee) within the total cost
 * cap; a loan no profile covers always may.
 */
export function chargeFitsTotalCost(
  profile: ComplianceProfile | null,
  loan: { principal: MinorUnits; charges: MinorUnits; penalty: MinorUnits; extra: MinorUnits },
): boolean {
  if (!profile) return true;
  return (loan.charges + loan.penalty + loan.extra) * 100 <= loan.principal * profile.caps.totalCostPercent;
}

export interface PenaltyAccrual {
  amount: MinorUnits;
  /** The cap that held the accrual below what the loan rules ask, if one did. */
  cappedBy: 'latePenalty' | 'totalCost' | null;
}

/**
 * What a covered loan's daily accrual may add: the loan rules' penalty (`wanted`), held so that
 * the penalties of the last 30 days including today stay within the monthly cap on the amount
 * due today, and interest, fees and penalties together within the total cost cap. Uncovered loans
 * accrue what the rules ask.
 */
export function capPenaltyAccrual(input: {
  profile: ComplianceProfile | null;
  covered: boolean;
  wanted: MinorUnits;
  /** Scheduled amounts due and unpaid today. */
  amountDue: MinorUnits;
  /** Penalties accrued in the 29 days before today. */
  penaltyInWindow: MinorUnits;
  principal: MinorUnits;
  /** Interest and fees of the loan, extension fees included. */
  charges: MinorUnits;
  penaltySoFar: MinorUnits;
}): PenaltyAccrual {
  const { profile } = input;
  if (!profile || !input.covered || input.wanted <= 0)
    return { amount: Math.max(0, input.wanted), cappedBy: null };
  const monthRoom = Math.max(
    0,
    Math.floor((input.amountDue * profile.caps.penaltyMonthlyBps) / 10_000) - input.penaltyInWindow,
  );
  const totalRoom = Math.max(
    0,
    Math.floor((input.principal * profile.caps.totalCostPercent) / 100) - input.charges - input.penaltySoFar,
  );
  const amount = Math.min(input.wanted, monthRoom, totalRoom);
  if (amount === input.wanted) return { amount, cappedBy: null };
  return { amount, cappedBy: totalRoom <= monthRoom ? 'totalCost' : 'latePenalty' };
}

/**
 * Loan rules that keep every covered offer within a profile's caps, written from the caps: no
 * one-time late fee, one daily penalty band at the monthly cap spread over 30 days (rounded down),
 * and a processing fee. The rest are the spec's rules. The market preset of the profile's country
 * ships these (the PH market with COMPLIANCE=ph-sec-mc3-2022).
 */
export function compliantLoanRules(profile: ComplianceProfile, base: LoanRules): LoanRules {
  return {
    ...base,
    fees: [{ name: 'Processing fee', principalBps: 200, fixedMinor: 0 }],
    latePenalty: {
      oneTimeMinor: { newClient: 0, repeatClient: 0 },
      dailyTiers: [
        {
          fromDay: 1,
          toDay: null,
          dailyRateBps: Math.floor(profile.caps.penaltyMonthlyBps / DAYS_PER_RATE_MONTH),
        },
      ],
    },
  };
}
