import { calendarDateAt } from '@kwarta/domain/calendar-date';
import { formatLenderTime, timeZoneLabel } from '@kwarta/domain/lender-time';
import { formatMoney, formatPercentBps, parseMoney, parsePercentBps } from '@kwarta/domain/money';
import { readRuntimeMarket, readRuntimeTimeZone } from '../lib/runtime-env.ts';

const market = readRuntimeMarket();
const timeZone = readRuntimeTimeZone();
export const money = (minor: number) => formatMoney(minor, market.money);
/** Basis points as a percentage in the market's decimals (50 → '0.5', or '0,5' in the spec's market). */
export const percentOfBps = (bps: number) => formatPercentBps(bps, market.money);
/** Whole currency units, for a chart's axis: the market's style without its (zero) decimals. */
export const moneyWhole = (minor: number) => money(Math.round(minor / 100) * 100).slice(0, -3);
/** Every time the console shows: in the lender's zone, with its offset ('2026-11-27 18:24 +08:00'). */
export const when = (iso: string) => formatLenderTime(iso, timeZone);
/** The lender's zone as a heading names it ('Manila time'). */
export const lenderZone = timeZoneLabel(timeZone);
/** The lender's date today ('2026-11-28'): what a date field offers first. */
export const lenderToday = () => calendarDateAt(new Date(), timeZone);
/**
 * Pesos as typed in the market's style ('1500', '1,500.50', '₱1,500'; '1.500,50' in the spec's
 * market) in centavos, or null when it is not a positive amount.
 */
export function typedAmount(text: string): number | null {
  const minor = parseMoney(text, market.money);
  return minor !== null && minor > 0 ? minor : null;
}

/**
 * A rate typed in percent in the market's style ('2', '1.5%'; '1,5' in the spec's market) in
 * basis points, or null when it is not one or is negative.
 */
export function typedPercentBps(text: string): number | null {
  const bps = parsePercentBps(text, market.money);
  return bps !== null && bps >= 0 ? bps : null;
}
