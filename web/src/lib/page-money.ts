import { moneyStyleFor, type MoneyStyle } from '@kwarta/domain/money';
import { readRuntimeMarket } from './runtime-env.ts';
import { queryParam } from './session-query.ts';

/**
 * How this page prints amounts: the server's market, in rupees when the page was opened with
 * `system=1` (spec §1). The same rule the server formats its detail lines with, so the amounts a
 * page prints and the ones it receives agree. Read per render: a server render has its own query.
 */
export function pageMoney(): MoneyStyle {
  return moneyStyleFor(readRuntimeMarket().money, queryParam('system'));
}
