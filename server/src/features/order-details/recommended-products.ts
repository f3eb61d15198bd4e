import type { Kysely } from 'kysely';
import { messages, recommendedProductToWire, type RecommendedProductWire } from '@kwarta/contract';
import { formatMoney, type MoneyStyle } from '@kwarta/domain';
import type { Database } from '../../db/schema.ts';
import { Refusal } from '../../lib/refusal.ts';
import { findProductSummary, listProductsExcept } from '../products/index.ts';

/** The lender's products other than `excludeProductId`, as the recommended lists show them (wire names, D6). */
export async function recommendedProducts(
  db: Kysely<Database>,
  money: MoneyStyle,
  excludeProductId?: number,
): Promise<RecommendedProductWire[]> {
  const products = await listProductsExcept(db, excludeProductId ?? 0);
  return products.map((product) =>
    recommendedProductToWire({
      id: product.id,
      logo: product.logo_url,
      name: product.name,
      buttonText: product.button_text,
      amountRange: `${formatMoney(product.min_amount, money)} - ${formatMoney(product.max_amount, money)}`,
      rangeDescription: messages.orderDetailAmount,
      rate: product.rate_description,
      description: product.description,
      clickable: product.clickable === 1 ? '1' : '0',
    }),
  );
}

/**
 * Where a native shell opens one of our own products (its product-detail screen, D15), under the
 * URL scheme the brand's app registers (decision 0096).
 */
export function nativeProductLink(productId: number, urlScheme = 'kwarta'): string {
  return `${urlScheme}://productDetail?productId=${productId}`;
}

/**
 * What a tap on a recommended product opens: a partner's page (http link) or our own product's
 * native screen. A product that is not open for applications is refused with a message to toast.
 */
export async function productLink(
  db: Kysely<Database>,
  productId: number,
  urlScheme?: string,
): Promise<string> {
  const product = await findProductSummary(db, productId);
  if (!product) throw Refusal.notFound();
  if (product.clickable !== 1) throw Refusal.refused(messages.productNotClickable);
  return product.link_url !== '' ? product.link_url : nativeProductLink(product.id, urlScheme);
}
