import type { Kysely } from 'kysely';
import { messages, recommendedProductToWire, type RecommendedProductWire } from '@kwarta/contract';
import { formatMoney, type MoneyStyle } from '@kwarta/domain';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { Database } from '../../db/schema.ts';
import { Refusal } from '../../lib/refusal.ts';

// Read on every order page (compiled once, see preparedQuery). Ids start at 1, so excluding 0
// excludes nothing and one statement serves both the order page and the joint-login page.
const productsExceptQuery = preparedQuery((db: Kysely<Database>, excludeProductId: number) =>
  db
    .selectFrom('products')
    .select([
      'id',
      'name',
      'logo_url',
      'min_amount',
      'max_amount',
      'rate_description',
      'description',
      'button_text',
      'clickable',
    ])
    .where('id', '!=', excludeProductId)
    .orderBy('sort_order')
    .orderBy('id'),
);

/** The lender's products other than `excludeProductId`, as the recommended lists show them (wire names, D6). */
export async function recommendedProducts(
  db: Kysely<Database>,
  money: MoneyStyle,
  excludeProductId?: number,
): Promise<RecommendedProductWire[]> {
  const products = await productsExceptQuery(db, excludeProductId ?? 0);
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

/** Where a native shell opens one of our own products (its product-detail screen, D15). */
export function nativeProductLink(productId: number): string {
  return `kwarta://productDetail?productId=${productId}`;
}

/**
 * What a tap on a recommended product opens: a partner's page (http link) or our own product's
 * native screen. A product that is not open for applications is refused with a message to toast.
 */
export async function productLink(db: Kysely<Database>, productId: number): Promise<string> {
  const product = await db
    .selectFrom('products')
    .select(['id', 'clickable', 'link_url'])
    .where('id', '=', productId)
    .executeTakeFirst();
  if (!product) throw Refusal.notFound();
  if (product.clickable !== 1) throw Refusal.refused(messages.productNotClickable);
  return product.link_url !== '' ? product.link_url : nativeProductLink(product.id);
}
