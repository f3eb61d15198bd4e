import { messages, type RecommendedProduct } from '@kwarta/contract';
import { Page } from '../../components/page.tsx';
import { queryParam } from '../../lib/session-query.ts';
import { trackUnionProduct, unionProductLink, useUnionErrorInfo } from './api/order-calls.ts';
import { followProductLink } from './product-tap.ts';
import { RecommendedProducts } from './recommended-products.tsx';
import { StatusIcon } from './status-icon.tsx';
import './order-details.css';

/** Spec §2 "Joint-login failure page": title Order Details, 'Failed', the error, recommended products. */
export function JointLoginErrorPage() {
  const productId = queryParam('productId') || queryParam('product_id');
  const info = useUnionErrorInfo(productId);
  const data = info.data;

  async function tapProduct(product: RecommendedProduct, position: number) {
    void trackUnionProduct(product.id, position);
    followProductLink(await unionProductLink(product.id, position), product.id);
  }

  return (
    <Page title={messages.orderDetailsTitle}>
      {info.status === 'loading' && <div className="card skeleton order-skeleton" aria-busy="true" />}
      {data && (
        <>
          <section className="order-status" aria-labelledby="order-status-title">
            {/* The refused order's picture: a failure reads as 110. */}
            <StatusIcon status={110} />
            <h2 id="order-status-title" className="order-status__title">
              {data.noticeMessage}
            </h2>
            <p className="order-status__text">{data.errMessage}</p>
          </section>
          <RecommendedProducts products={data.recProducts} onTap={tapProduct} />
        </>
      )}
    </Page>
  );
}
