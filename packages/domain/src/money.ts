import { DomainError } from './errors.ts';

/**
 * Money is an integer count of minor units (centavos, or paise when the market is rupee) in a
 * JavaScript number, limited to Number.MAX_SAFE_INTEGER so every value is exact. Anything that
 * is not a safe integer is refused rather than rounded: a float here means a bug upstream.
 */
export type MinorUnits = number;

export const PESO_SIGN = '₱';
export const RUPEE_SIGN = '₹';

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const DECIMAL_PATTERN = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

function assertSafeInteger(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) {
    throw new DomainError('invalid_amount', `${what} must be a safe integer, got ${String(value)}`);
  }
}

function toSafeNumber(value: bigint, what: string): number {
  if (value > MAX_SAFE || value < -MAX_SAFE) {
    throw new DomainError('invalid_amount', `${what} exceeds the safe integer range`);
  }
  return Number(value);
}

/**
 * Minor units / 100 as a plain decimal with exactly two decimals, no grouping (123456 →
 * "1234.56", -5 → "-0.05"): the machine form, which toMinorUnits reads back. Pages show
 * formatMoney instead. Done on the digit string so large values never meet float division or
 * toFixed's binary rounding.
 */
export function formatAmount(minor: MinorUnits): string {
  const { sign, whole, cents } = decimalParts(minor);
  return `${sign}${whole}.${cents}`;
}

/** The sign, whole part and two decimals of minor units / 100, from the digit string. */
function decimalParts(minor: MinorUnits): { sign: '' | '-'; whole: string; cents: string } {
  assertSafeInteger(minor, 'amount');
  const digits = String(Math.abs(minor)).padStart(3, '0');
  return { sign: minor < 0 ? '-' : '', whole: digits.slice(0, -2), cents: digits.slice(-2) };
}

/**
 * How a market prints numbers (D5). Plain data so the contract's market definitions can carry it
 * and the web can import it.
 */
export interface MoneyStyle {
  /** Between digit groups of the whole part, e.g. '.' in the spec's market, ',' in PH. */
  groupSeparator: string;
  /** Before the two decimals; must differ from groupSeparator or 8.000.00 would be ambiguous. */
  decimalMark: string;
  /** `thousands`: 1.234.567; `indian`: the last three digits, then pairs (12,34,567). */
  grouping: 'thousands' | 'indian';
  /** The market's currency, used unless the `system` parameter asks for the rupee. */
  currency: 'peso' | 'rupee';
}

/**
 * The whole part's digits in the market's groups, cut from the right: threes, or (Indian) the
 * last three and then pairs. A plain loop: every amount on every page passes here, and the
 * lookahead regex it replaces was the slowest step of the order page's answer.
 */
function groupDigits(digits: string, grouping: MoneyStyle['grouping'], separator: string): string {
  let end = digits.length - 3;
  if (end <= 0) return digits;
  const size = grouping === 'indian' ? 2 : 3;
  let grouped = digits.slice(end);
  while (end > 0) {
    const start = Math.max(0, end - size);
    grouped = `${digits.slice(start, end)}${separator}${grouped}`;
    end = start;
  }
  return grouped;
}

/** Integers grouped by dots in threes, as the spec's number helper does: 1234567 → "1.234.567". */
export function formatCount(n: number): string {
  assertSafeInteger(n, 'count');
  const grouped = groupDigits(String(Math.abs(n)), 'thousands', '.');
  return n < 0 ? `-${grouped}` : grouped;
}

/**
 * The currency a page's amounts are in: the rupee when its `system` parameter is exactly 1 or
 * '1' (spec §1; a number from JSON or a string from a query), else the market's own. The one
 * place this rule lives (moneyStyleFor and formatMoney read it).
 */
function currencyFor(system: unknown, marketCurrency: MoneyStyle['currency']): MoneyStyle['currency'] {
  return system === 1 || system === '1' ? 'rupee' : marketCurrency;
}

/**
 * The style a page prints its amounts in, from the market's style and the page's `system`
 * parameter. The server formats its detail lines and notices with it and the web its own
 * amounts, so one page never shows two currencies.
 */
export function moneyStyleFor(market: MoneyStyle, system: unknown): MoneyStyle {
  const currency = currencyFor(system, market.currency);
  return currency === market.currency ? market : { ...market, currency };
}

/** The sign of the currency currencyFor picks (peso unless the market says otherwise). */
export function currencySymbol(system: unknown, marketCurrency: MoneyStyle['currency'] = 'peso'): string {
  return currencyFor(system, marketCurrency) === 'rupee' ? RUPEE_SIGN : PESO_SIGN;
}

/**
 * Every amount a page shows: minor units / 100 with two decimals, grouped and marked as the
 * market prints numbers, symbol first and a negative sign before the symbol ("-₱1.234,56").
 * `system` is the page's parameter (moneyStyleFor); callers that already hold the page's style
 * leave it out. Built on the same digit string as formatAmount, so no value ever meets float
 * rounding.
 */
export function formatMoney(minor: MinorUnits, style: MoneyStyle, system?: unknown): string {
  const { sign, whole, cents } = decimalParts(minor);
  const grouped = groupDigits(whole, style.grouping, style.groupSeparator);
  return `${sign}${currencySymbol(system, style.currency)}${grouped}${style.decimalMark}${cents}`;
}

/**
 * Parses a plain decimal ("1234.5", "-0.05", " 7 ") into minor units exactly, or null when the
 * text is not one: more than two decimals, grouping separators, exponents, a bare "." or
 * "5.", or a value beyond the safe range. Null rather than throwing because this sits behind
 * user input, where "not an amount" is an expected answer; callers check the sign themselves.
 */
export function toMinorUnits(text: string): MinorUnits | null {
  if (typeof text !== 'string') return null;
  const match = DECIMAL_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, sign = '', whole = '', fraction = ''] = match;
  const magnitude = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  if (magnitude > MAX_SAFE) return null;
  const value = Number(magnitude);
  // "-0" and "-0.00" parse to 0, never -0, so equality checks downstream behave.
  return sign === '-' && value !== 0 ? -value : value;
}

/**
 * An amount as a person types it in the market's style ("1,500.50" or "₱1,500" in PH,
 * "1.500,50" in the spec's market, "1500" anywhere) in minor units, or null when it is not one.
 * Grouping separators are accepted only where formatMoney puts them, so "1500.50" typed in a
 * market whose decimal mark is a comma is refused rather than read as 150,050.
 */
export function parseMoney(text: string, style: MoneyStyle): MinorUnits | null {
  if (typeof text !== 'string') return null;
  const bare = text.replace(/\s/g, '').replace(PESO_SIGN, '').replace(RUPEE_SIGN, '');
  const negative = bare.startsWith('-');
  const unsigned = negative ? bare.slice(1) : bare;
  const [whole = '', fraction, extra] = unsigned.split(style.decimalMark);
  if (extra !== undefined) return null;
  const digits = whole.split(style.groupSeparator).join('');
  if (!/^\d+$/.test(digits)) return null;
  if (
    digits !== whole &&
    groupDigits(digits.replace(/^0+(?=\d)/, ''), style.grouping, style.groupSeparator) !== whole
  )
    return null;
  return toMinorUnits(`${negative ? '-' : ''}${digits}${fraction === undefined ? '' : `.${fraction}`}`);
}

/**
 * round(a × num / den) with halves rounded away from zero (commercial half-up: 0.5 → 1,
 * -0.5 → -1), computed in bigint so the product cannot lose precision before dividing.
 */
export function mulDivHalfUp(a: number, num: number, den: number): number {
  assertSafeInteger(a, 'a');
  assertSafeInteger(num, 'num');
  assertSafeInteger(den, 'den');
  if (den === 0) throw new DomainError('invalid_argument', 'den must not be 0');
  let product = BigInt(a) * BigInt(num);
  let divisor = BigInt(den);
  if (divisor < 0n) {
    divisor = -divisor;
    product = -product;
  }
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  let quotient = magnitude / divisor;
  if ((magnitude % divisor) * 2n >= divisor) quotient += 1n;
  return toSafeNumber(negative ? -quotient : quotient, 'result');
}

/** amount × bps / 10,000 rounded half-up: the one way a basis-point rate is applied to money. */
export function applyBps(amountMinor: MinorUnits, bps: number): MinorUnits {
  return mulDivHalfUp(amountMinor, bps, 10_000);
}

/**
 * Splits a total into `parts` lines that sum to it exactly: every line but the last is
 * total/parts rounded half-up, and the last absorbs the remainder (so it may be a little larger
 * or smaller than the others). If rounding up would overdraw the total and leave the last line
 * negative — possible only when the total is below about parts²/2 minor units — the shared
 * line is rounded down instead, so no line is ever negative.
 */
export function splitHalfUp(totalMinor: MinorUnits, parts: number): MinorUnits[] {
  assertSafeInteger(totalMinor, 'total');
  if (totalMinor < 0) throw new DomainError('invalid_amount', 'total must not be negative');
  if (!Number.isSafeInteger(parts) || parts < 1) {
    throw new DomainError('invalid_argument', `parts must be a positive integer, got ${String(parts)}`);
  }
  let share = mulDivHalfUp(totalMinor, 1, parts);
  if (share * (parts - 1) > totalMinor) share = Math.floor(totalMinor / parts);
  const lines: MinorUnits[] = new Array<MinorUnits>(parts - 1).fill(share);
  lines.push(totalMinor - share * (parts - 1));
  return lines;
}

/**
 * A percentage as the market writes its decimals ("0.5" or "0,5"; a trailing % allowed) in basis
 * points, or null: at most two decimals, as a basis point is the hundredth of a percent.
 */
export function parsePercentBps(text: string, style: MoneyStyle): number | null {
  if (typeof text !== 'string') return null;
  return parseMoney(text.replace(/%\s*$/, ''), style);
}

/** Basis points as a percentage in the market's decimals, without trailing zeros (50 → "0.5"). */
export function formatPercentBps(bps: number, style: MoneyStyle): string {
  const { sign, whole, cents } = decimalParts(bps);
  const decimals = cents.replace(/0+$/, '');
  return `${sign}${whole}${decimals ? `${style.decimalMark}${decimals}` : ''}`;
}
