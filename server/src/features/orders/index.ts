// Orders (spec §2 "Order Details", D2): the public module other features use.
export {
  findBorrowerOrderByNo,
  findOrderCard,
  listOrderCards,
  orderCard,
  orderStatusText,
  type OrderCardSource,
} from './order-cards.ts';
export { findOrderDetail, type OrderDetailSource } from './order-detail.ts';
