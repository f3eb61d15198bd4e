import { formatMoney } from '@kwarta/domain/money';
import { readRuntimeMarket } from '../lib/runtime-env.ts';

const market = readRuntimeMarket();
export const money = (minor: number) => formatMoney(minor, market.money);
/** Whole currency units, for a chart's axis: the market's style without its (zero) decimals. */
export const moneyWhole = (minor: number) => money(Math.round(minor / 100) * 100).slice(0, -3);
export const when = (iso: string) => iso.replace('T', ' ').slice(0, 16);
