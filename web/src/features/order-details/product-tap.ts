import type { ApiResult } from '../../lib/api-client.ts';
import { goPage } from '../../lib/bridge.ts';

/**
 * Where a recommended-product tap leads (spec §7): a web link (absolute, or a path on this
 * origin such as the demo partner's page) opens in this page, anything else (our own products'
 * native screen) goes through the bridge. A refused call has already toasted the server's message.
 */
export function followProductLink(result: ApiResult<string>, productId: number): void {
  if (!result.success || !result.data) return;
  if (/^https?:\/\//i.test(result.data) || /^\/(?!\/)/.test(result.data)) {
    window.location.assign(result.data);
    return;
  }
  goPage('productDetail', { productId: String(productId), link: result.data });
}
