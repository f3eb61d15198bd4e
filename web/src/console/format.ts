import { formatLenderTime, timeZoneLabel } from '@kwarta/domain/lender-time';
import { formatMoney } from '@kwarta/domain/money';
import { readRuntimeMarket, readRuntimeTimeZone } from '../lib/runtime-env.ts';

const market = readRuntimeMarket();
const timeZone = readRuntimeTimeZone();
export const money = (minor: number) => formatMoney(minor, market.money);
/** Whole currency units, for a chart's axis: the market's style without its (zero) decimals. */
export const moneyWhole = (minor: number) => money(Math.round(minor / 100) * 100).slice(0, -3);
/** Every time the console shows: in the lender's zone, with its offset ('2026-11-27 18:24 +08:00'). */
export const when = (iso: string) => formatLenderTime(iso, timeZone);
/** The lender's zone as a heading names it ('Manila time'). */
export const lenderZone = timeZoneLabel(timeZone);
