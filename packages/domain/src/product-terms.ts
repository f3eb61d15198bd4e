import type { LoanFee } from './loan-rules.ts';
import { parseMoney, parsePercentBps, type MinorUnits, type MoneyStyle } from './money.ts';
import { termRateBpsOf, type RatePeriod } from './pricing.ts';

/** A product's terms as the console's editor states them: the market's amounts and percentages. */
export interface ProductTermsText {
  name: string;
  minAmount: string;
  maxAmount: string;
  termDays: number;
  periods: number;
  /** The loan rules' shortest and longest term a borrower may ask for. */
  minTermDays: number;
  maxTermDays: number;
  rate: string;
  ratePer: RatePeriod;
  fees: readonly { name: string; percent: string; fixed: string }[];
}

/** The same terms as the product keeps them: minor units and basis points. */
export interface ProductTerms {
  name: string;
  minAmount: MinorUnits;
  maxAmount: MinorUnits;
  termDays: number;
  periods: number;
  termRateBps: number;
  term: { minDays: number; maxDays: number };
  fees: LoanFee[];
}

/**
 * Reads the editor's text in the market's style into the product's units, or names every field
 * that is not a figure (problems, in field order); whether the figures make a lawful product is
 * the product checks' question, not this one's.
 */
export function parseProductTerms(
  text: ProductTermsText,
  style: MoneyStyle,
): { terms: ProductTerms; problems: [] } | { terms: null; problems: string[] } {
  const problems: string[] = [];
  const amount = (value: string, field: string, allowZero = false) => {
    const parsed = parseMoney(value, style);
    if (parsed === null || parsed < 0 || (!allowZero && parsed === 0)) {
      problems.push(`${field}: "${value}" is not an amount`);
      return 0;
    }
    return parsed;
  };
  const percent = (value: string, field: string) => {
    const parsed = parsePercentBps(value, style);
    if (parsed === null || parsed < 0) {
      problems.push(`${field}: "${value}" is not a percentage (two decimals at most)`);
      return 0;
    }
    return parsed;
  };
  const name = text.name.trim();
  if (!name) problems.push('name: a product needs a name');
  const minAmount = amount(text.minAmount, 'minAmount');
  const maxAmount = amount(text.maxAmount, 'maxAmount');
  const rateBps = percent(text.rate, 'rate');
  const fees = text.fees
    .filter((fee) => fee.name.trim() || fee.percent.trim() || fee.fixed.trim())
    .map((fee, index) => {
      if (!fee.name.trim()) problems.push(`fees.${index}: a fee needs a name`);
      return {
        name: fee.name.trim(),
        principalBps: fee.percent.trim() ? percent(fee.percent, `fees.${index}.percent`) : 0,
        fixedMinor: fee.fixed.trim() ? amount(fee.fixed, `fees.${index}.fixed`, true) : 0,
      };
    });
  if (problems.length) return { terms: null, problems };
  return {
    terms: {
      name,
      minAmount,
      maxAmount,
      termDays: text.termDays,
      periods: text.periods,
      termRateBps: termRateBpsOf(rateBps, text.ratePer, text.termDays),
      term: { minDays: text.minTermDays, maxDays: text.maxTermDays },
      fees,
    },
    problems: [],
  };
}
