import { TEMPLATE_BRAND_PLACEHOLDERS, type BrandLook, type ChannelTemplateConfig } from '@kwarta/contract';
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

/**
 * The template with `{brand}` in its texts replaced by the brand's name and `{appScheme}` in its
 * links by the brand's URL scheme (decision 0096), so one template serves whichever lender the
 * deployment is: the landing never names a brand other than the one it shows.
 */
export function withTemplateBrand(
  template: ChannelTemplateConfig,
  brand: Pick<BrandLook, 'name' | 'urlScheme'>,
): ChannelTemplateConfig {
  const text = (value: string) => value.replaceAll(TEMPLATE_BRAND_PLACEHOLDERS.name, brand.name);
  const link = (value: string) => value.replaceAll(TEMPLATE_BRAND_PLACEHOLDERS.urlScheme, brand.urlScheme);
  return {
    ...template,
    appName: text(template.appName),
    headline: text(template.headline),
    subline: text(template.subline),
    agreementTitle: text(template.agreementTitle),
    agreementText: text(template.agreementText),
    androidUrl: link(template.androidUrl),
    iosUrl: link(template.iosUrl),
    appScheme: link(template.appScheme),
  };
}
