import { queryParam } from '../../lib/session-query.ts';

/** Query values the order page passes on to every call as request headers (spec §3). */
export const HEADER_QUERY_FIELDS = ['building', 'gather', 'swift', 'eyes'] as const;

/** The order page's query: the product under either spelling (spec §3), the order, the pass-through headers. */
export function orderPageQuery() {
  const headers: Record<string, string> = {};
  for (const field of HEADER_QUERY_FIELDS) {
    const value = queryParam(field);
    if (value !== null && value !== '') headers[field] = value;
  }
  return {
    productId: queryParam('productId') || queryParam('product_id') || '',
    orderId: queryParam('orderId') ?? '',
    headers,
  };
}

/**
 * Writes both spellings of the product id into the address (spec §3: product_id and productId
 * kept in sync), so a reload, a link or the native shell reading the URL sees the same product.
 * Browser only: called from an effect.
 */
export function syncProductIdInAddress(productId: string): void {
  const url = new URL(window.location.href);
  if (!productId) return;
  if (url.searchParams.get('productId') === productId && url.searchParams.get('product_id') === productId)
    return;
  url.searchParams.set('productId', productId);
  url.searchParams.set('product_id', productId);
  window.history.replaceState(window.history.state, '', url);
}
