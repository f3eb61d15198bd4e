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
export { createdBounds, orderExportColumns, orderExportRows, type CreatedRange } from './order-export.ts';
export { cicBook, type CicBookBorrower, type CicBookContract, type CicBookMonth } from './cic-book.ts';
export { findLoanProduct, requireOpenOffer, type LoanProduct } from './loan-products.ts';
export {
  findProductSummary,
  listProductsExcept,
  productNames,
  productOpenToBorrower,
} from './product-reads.ts';
export { listProducts, planPreview, productView, saveProduct } from './product-admin.ts';
export { quoteLoan, quoteTerms, type LoanAsk, type LoanQuote } from './loan-quote.ts';
export {
  agreementTerms,
  renderAgreement,
  renderAllAgreements,
  type RenderedAgreement,
} from './agreements.ts';
export {
  createOrder,
  lendDetailsUrl,
  orderPlanLines,
  type CreatedOrder,
  type OrderApplication,
} from './create-order.ts';
export {
  approveOrder,
  confirmWithdrawal,
  findOrderStatus,
  orderStatusHistory,
  rejectOrder,
  transitionOrder,
  TransitionRefused,
} from './order-lifecycle.ts';
export { advanceOrdersByDate, ORDER_STATUS_JOB_ACTOR, type OrderStatusRun } from './order-status-job.ts';
export { findOrderTerms, orderAgreements } from './order-terms.ts';
export {
  findOrderByIdOrNo,
  findOrderWithBorrowerAndProduct,
  listDisbursements,
  listPlanLines,
  orderCounts,
  orderQueue,
  type QueueFilter,
} from './order-queue.ts';
export {
  disburseOrder,
  PayoutFailed,
  PayoutPending,
  type DisburseDeps,
  type DisbursementOutcome,
} from './disburse-order.ts';
export {
  resumeStalledDisbursements,
  STALLED_SENDING_MS,
  type ResumeDisbursementsRun,
} from './resume-disbursements.ts';
export { createPayoutGateway } from './create-payout-gateway.ts';
export {
  sandboxPayouts,
  SANDBOX_FAILING_ACCOUNT_SUFFIX,
  type PayoutGateway,
  type PayoutRequest,
  type PayoutResult,
} from './payouts.ts';
export {
  amountDueNow,
  applyExtension,
  chargesOf,
  applyRepayment,
  findOrderAccount,
  parseAllocationOrder,
  type AppliedRepayment,
  type OrderAccount,
} from './order-repayment.ts';
export { assertProductsComply, CapBreachRefusal, complianceProfileById } from './compliance.ts';
export { queueDueReminders, reminderKey } from './due-reminders.ts';
export {
  countOverdueOrders,
  overdueCounts,
  overdueOrderPage,
  overdueStanding,
  type OverdueOrder,
} from './overdue-orders.ts';
export {
  orderCharges,
  orderLedgerHistory,
  ordersWithMoney,
  payoutsByProvider,
  receivablesOwedBy,
  writeOffOrder,
  type OrderLedgerHistory,
} from './order-ledger.ts';
export {
  FIRST_PAYMENT_DEFAULT_DAYS,
  formatPortfolio,
  portfolioCsvColumns,
  portfolioCsvRows,
  portfolioReport,
  type PortfolioFilter,
  type PortfolioQuery,
  type PortfolioReport,
} from './portfolio-report.ts';
