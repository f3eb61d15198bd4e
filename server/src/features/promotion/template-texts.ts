import type { ChannelTemplateConfig } from '@kwarta/contract';
import { formatMoney, type MoneyStyle } from '@kwarta/domain';

/** Where a channel template's texts name its advertised amount. */
export const MAX_AMOUNT_PLACEHOLDER = '{maxAmount}';

/**
 * The template with `{maxAmount}` in its headline and subline replaced by maxAmountMinor printed
 * as the market prints amounts, so the landing's figure follows the same rule as every other
 * amount (D5) instead of being typed into the text. Without an amount the texts stay as stored.
 */
export function withTemplateAmounts(
  template: ChannelTemplateConfig,
  money: MoneyStyle,
): ChannelTemplateConfig {
  if (template.maxAmountMinor === undefined) return template;
  const amount = formatMoney(template.maxAmountMinor, money);
  const fill = (text: string) => text.replaceAll(MAX_AMOUNT_PLACEHOLDER, amount);
  return { ...template, headline: fill(template.headline), subline: fill(template.subline) };
}
