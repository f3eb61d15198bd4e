import type { ReactNode } from 'react';
import type { DataOf } from '../../lib/api-client.ts';
import type { routes } from '@kwarta/contract';

export type OrderCardData = NonNullable<DataOf<typeof routes.problemInit>['orderDetail']>;

/** Spec §2 order card: logo, product name, status, then title/value rows. */
export function OrderCard({ order, action }: { order: OrderCardData; action?: ReactNode }) {
  return (
    <div className="order-card">
      <div className="order-card__head">
        <img src={order.productLogo} alt="" width="40" height="40" className="order-card__logo" />
        <div className="order-card__name">
          <strong>{order.productName}</strong>
          <span className={`order-card__status order-card__status--${order.status}`}>{order.statusText}</span>
        </div>
        {action}
      </div>
      <dl className="order-card__rows">
        {order.list.map((row) => (
          <div key={row.title} className="order-card__row">
            <dt>{row.title}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
