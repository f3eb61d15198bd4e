import { formatLenderTime, formatMoney, type MinorUnits } from '@kwarta/domain';
import type { Config } from '../config.ts';

/**
 * How a text a person reads outside the browser (a command line's output, its reports) prints
 * amounts and instants: in the market's one money style, through the formatter every page uses
 * (decision 0104), and in the lender's zone labelled with its offset, through the console's and the
 * exports' formatter (decision 0105). One object, so a report handed it cannot print one the
 * lender's way and the other as stored.
 */
export interface OutputFormat {
  /** '₱20,000.00' in PH, '₱20.000,00' in the spec's market. */
  money(minor: MinorUnits): string;
  /** '2026-11-27 18:24 +08:00' for an ISO instant or a Date. */
  time(instant: string | Date): string;
}

export function outputFormat(config: Pick<Config, 'market' | 'lenderTimeZone'>): OutputFormat {
  return {
    money: (minor) => formatMoney(minor, config.market.money),
    time: (instant) => formatLenderTime(instant, config.lenderTimeZone),
  };
}
