// Orders (spec §2 "Order Details", D2): the public module other features use.
export { cicBook, type CicBookBorrower, type CicBookContract, type CicBookMonth } from './cic-book.ts';
export {
  agreementTerms,
  renderAgreement,
  renderAllAgreements,
  type RenderedAgreement,
} from './agreements.ts';
export { productOpenToBorrower } from './borrower-products.ts';
export {
  type CreatedOrder,
  createOrder,
  lendDetailsUrl,
  type OrderApplication,
  orderPlanLines,
} from './create-order.ts';
export {
  findBorrowerOrderByNo,
  findOrderCard,
  listOrderCards,
  orderCard,
  type OrderCardSource,
  orderStatusText,
} from './order-cards.ts';
export { findOrderDetail, type OrderDetailSource } from './order-detail.ts';
export { createdBounds, type CreatedRange, orderExportColumns, orderExportRows } from './order-export.ts';
export {
  orderCharges,
  orderLedgerHistory,
  type OrderLedgerHistory,
  ordersWithMoney,
  payoutsByProvider,
  receivablesOwedBy,
  writeOffOrder,
} from './order-ledger.ts';
export { writeOffAudited } from './write-off-audited.ts';
export {
  approveOrder,
  confirmWithdrawal,
  findOrderStatus,
  orderStatusHistory,
  rejectOrder,
  transitionOrder,
  TransitionRefused,
} from './order-lifecycle.ts';
export {
  findOrder,
  findOrderToDisburse,
  markOrderPaidOut,
  recordPayoutRefused,
} from './order-payout-steps.ts';
export {
  borrowerLoans,
  findOrderByIdOrNo,
  findOrderToDecide,
  findOrderWithBorrowerAndProduct,
  listDisbursements,
  listPlanLines,
  orderCounts,
  orderQueue,
  type QueueFilter,
} from './order-queue.ts';
export {
  amountDueNow,
  type AppliedRepayment,
  applyExtension,
  applyRepayment,
  chargesOf,
  findOrderAccount,
  type OrderAccount,
  parseAllocationOrder,
} from './order-repayment.ts';
export { advanceOrdersByDate, ORDER_STATUS_JOB_ACTOR, type OrderStatusRun } from './order-status-job.ts';
export { findOrderTerms, orderAgreements } from './order-terms.ts';
export {
  countOverdueOrders,
  overdueAmong,
  overdueCounts,
  type AssigneeFilter,
  type OverdueOrder,
  overdueOrderPage,
  overdueStanding,
} from './overdue-orders.ts';
export {
  bookForBacktest,
  creditHistoryRows,
  historyOrder,
  type BookOrder,
  type CreditHistoryOrder,
} from './credit-history.ts';
