import type { MoneyStyle } from '@kwarta/domain/money';

/**
 * Markets (D5): the phone rule, its grouping and how amounts print are configuration, not forks. The server picks
 * one with the `MARKET` variable, validates phones with it and stamps its id into the HTML; the
 * web formats and checks input with the same definition. Plain data, no zod: the web imports it.
 */
export interface PhoneRule {
  /** The whole national number, e.g. `^1[3-9]\d{9}$`. */
  pattern: string;
  /** Group sizes for display; their sum is the number's length. */
  groups: readonly number[];
  /** Lets a pasted international number (`+63 917…`) become the national one. */
  countryCode: string;
  /** What replaces the country code, e.g. the Philippines' leading 0. */
  trunkPrefix?: string;
}

export interface Market {
  id: MarketId;
  phone: PhoneRule;
  /** How every amount prints (formatMoney of @kwarta/domain); decision record 0013. */
  money: MoneyStyle;
  /**
   * Whether the loan confirmation's agreement box starts ticked. The spec ticks it; elsewhere
   * consent to a loan is given by the borrower, not presumed (decision 0104).
   */
  agreementPreticked: boolean;
}

export const markets = {
  /**
   * The spec's market (§5), exactly: 11 digits, 1 then 3–9, grouped 3-4-4. Amounts (§9): dot
   * thousands separators, so the decimals take a comma (₱8.000,00). One switch away (`MARKET=spec`).
   */
  spec: {
    id: 'spec',
    phone: { pattern: '^1[3-9]\\d{9}$', groups: [3, 4, 4], countryCode: '86' },
    money: { groupSeparator: '.', decimalMark: ',', grouping: 'thousands', currency: 'peso' },
    agreementPreticked: true,
  },
  /** Philippines, the default market (D5): 09 + 9 digits, grouped 4-3-4; amounts ₱1,234.56. */
  PH: {
    id: 'PH',
    phone: { pattern: '^09\\d{9}$', groups: [4, 3, 4], countryCode: '63', trunkPrefix: '0' },
    money: { groupSeparator: ',', decimalMark: '.', grouping: 'thousands', currency: 'peso' },
    agreementPreticked: false,
  },
  /** India: 10 digits starting 6–9, grouped 5-5; amounts in rupees, grouped the Indian way (₹12,34,567.89). */
  IN: {
    id: 'IN',
    phone: { pattern: '^[6-9]\\d{9}$', groups: [5, 5], countryCode: '91' },
    money: { groupSeparator: ',', decimalMark: '.', grouping: 'indian', currency: 'rupee' },
    agreementPreticked: false,
  },
} as const satisfies Record<
  string,
  { id: string; phone: PhoneRule; money: MoneyStyle; agreementPreticked: boolean }
>;

export type MarketId = keyof typeof markets;

export const marketIds = Object.keys(markets) as MarketId[];

/** What runs when `MARKET` is unset, and what a page without a market tag reads (D5). */
export const defaultMarketId = 'PH' satisfies MarketId;

export function isMarketId(value: unknown): value is MarketId {
  return typeof value === 'string' && Object.hasOwn(markets, value);
}

/** The named market, or the default one for anything unknown (a missing tag must not break a page). */
export function marketFor(id: string | null | undefined): Market {
  return isMarketId(id) ? markets[id] : markets[defaultMarketId];
}

export function phoneLength(rule: PhoneRule): number {
  return rule.groups.reduce((sum, size) => sum + size, 0);
}

/** Whether `phone` (digits only, no separators) is a valid national number of the market. */
export function isValidPhone(phone: string, market: Market): boolean {
  return new RegExp(market.phone.pattern).test(phone);
}
