import { formatMoney } from '@kwarta/domain/money';
import { readRuntimeMarket } from '../lib/runtime-env.ts';

const market = readRuntimeMarket();
export const money = (minor: number) => formatMoney(minor, market.money);
export const when = (iso: string) => iso.replace('T', ' ').slice(0, 16);
