import type { Kysely } from 'kysely';
import { messages, type MessageKey } from '@kwarta/contract';
import { formatMoney, isOrderStatus, OrderStatus, type MoneyStyle } from '@kwarta/domain';
import type { Database } from '../../db/schema.ts';
import { orderListColumns, ordersWithProductAndBorrower } from './order-rows.ts';

/**
 * Order reads every borrower page shares: the order card (complaints now, order details and
 * repayment next) and the status texts. Every read that takes an id also takes the borrower, so
 * a foreign order does not exist here.
 */

const statusTextKeys: Record<OrderStatus, MessageKey> = {
  [OrderStatus.UnderReview]: 'orderStatus21',
  [OrderStatus.Rejected]: 'orderStatus110',
  [OrderStatus.Approved]: 'orderStatus151',
  [OrderStatus.Repaying]: 'orderStatus170',
  [OrderStatus.Due]: 'orderStatus174',
  [OrderStatus.Overdue]: 'orderStatus180',
  [OrderStatus.WrittenOff]: 'orderStatus190',
  [OrderStatus.Settled]: 'orderStatus200',
};

/** Status text from the catalogue; an unknown status reads as settled, as the spec's icons do. */
export function orderStatusText(status: number): string {
  return messages[statusTextKeys[isOrderStatus(status) ? status : OrderStatus.Settled]];
}

export interface OrderCardSource {
  id: number;
  order_no: string;
  status: number;
  principal: number;
  collection_complaints_allowed: number;
  applied_at: string;
  due_date: string | null;
  product_name: string;
  product_logo: string;
}

function orderCards(db: Kysely<Database>, borrowerId: number) {
  return ordersWithProductAndBorrower(db)
    .select([
      ...orderListColumns,
      'orders.collection_complaints_allowed',
      'orders.due_date',
      'products.logo_url as product_logo',
    ])
    .where('orders.borrower_id', '=', borrowerId);
}

/** The borrower's orders, newest first (the complaint page's order picker). */
export async function listOrderCards(
  db: Kysely<Database>,
  borrowerId: number,
  limit = 50,
): Promise<OrderCardSource[]> {
  return orderCards(db, borrowerId)
    .orderBy('orders.applied_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(limit)
    .execute();
}

export async function findOrderCard(
  db: Kysely<Database>,
  borrowerId: number,
  orderId: number,
): Promise<OrderCardSource | undefined> {
  return orderCards(db, borrowerId).where('orders.id', '=', orderId).executeTakeFirst();
}

export async function findBorrowerOrderByNo(db: Kysely<Database>, borrowerId: number, orderNo: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'collection_complaints_allowed'])
    .where('borrower_id', '=', borrowerId)
    .where('order_no', '=', orderNo)
    .executeTakeFirst();
}

/**
 * The card as the pages show it (spec §3 orderDetail: logo, name, status, isShow, title/value
 * rows), its amount printed as the configured market prints amounts (D5, decision 0013).
 */
export function orderCard(order: OrderCardSource, money: MoneyStyle) {
  const list: { title: string; value: string }[] = [
    { title: messages.orderCardOrderNo, value: order.order_no },
    { title: messages.orderCardAmount, value: formatMoney(order.principal, money) },
    { title: messages.orderCardAppliedOn, value: order.applied_at.slice(0, 10) },
  ];
  if (order.due_date) list.push({ title: messages.orderCardDueDate, value: order.due_date });
  return {
    orderId: order.id,
    orderNo: order.order_no,
    productLogo: order.product_logo,
    productName: order.product_name,
    status: order.status,
    statusText: orderStatusText(order.status),
    isShow: order.collection_complaints_allowed === 1 ? (1 as const) : (0 as const),
    list,
  };
}
