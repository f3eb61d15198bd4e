import type { ReactNode } from 'react';
import {
  messages,
  recommendedProductFromWire,
  type RecommendedProduct,
  type RecommendedProductWire,
} from '@kwarta/contract';

/**
 * Spec §3 "Recommended product": logo, name, amount range and its description, rate,
 * description and a button; a product whose clickable flag is not '1' is grey, and a tap on one
 * flagged '0' is ignored (spec §5). `position` counts from 1 in the order shown.
 */
export function RecommendedProducts({
  products,
  onTap,
  footer,
}: {
  products: readonly RecommendedProductWire[];
  onTap: (product: RecommendedProduct, position: number) => void;
  footer?: ReactNode;
}) {
  const list = products.map(recommendedProductFromWire);
  return (
    <section className="rec-products" aria-labelledby="rec-products-title">
      <h2 id="rec-products-title" className="rec-products__title">
        {messages.orderRecommended}
      </h2>
      <ul className="rec-products__list">
        {list.map((product, index) => {
          const enabled = product.clickable === '1';
          return (
            <li
              key={product.id}
              className={enabled ? 'card rec-product' : 'card rec-product rec-product--grey'}
            >
              <div className="rec-product__head">
                <img src={product.logo} alt="" width="40" height="40" className="rec-product__logo" />
                <div className="rec-product__name">
                  <strong>{product.name}</strong>
                  <span className="muted">{product.description}</span>
                </div>
              </div>
              <div className="rec-product__figures">
                <div>
                  <strong className="rec-product__range">{product.amountRange}</strong>
                  <span className="muted">{product.rangeDescription}</span>
                </div>
                <span className="rec-product__rate">{product.rate}</span>
              </div>
              <button
                type="button"
                className="button button-block rec-product__button"
                aria-disabled={!enabled}
                onClick={() => {
                  if (product.clickable === '0') return;
                  onTap(product, index + 1);
                }}
              >
                {product.buttonText}
                <span className="kw-visually-hidden"> {product.name}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {footer}
    </section>
  );
}
