// Payments (D8, decision 0070): the provider port and adapters, and the one posting of money.
export {
  applyPaidPayment,
  paymentPosting,
  postPayment,
  type PostingInput,
  type PostingOutcome,
} from './post-payment.ts';
export {
  chargeFor,
  extensionQuote,
  findOpenPayCode,
  startPayment,
  type StartedPayment,
} from './start-payment.ts';
export { createPaymentProvider } from './create-payment-provider.ts';
export type {
  PaymentProvider,
  ProviderPaymentState,
  ProviderStatus,
  CreatePaymentInput,
  CreatedPayment,
} from './payment-provider.ts';
export { postbackDigest } from './payment-provider.ts';
export { findPaymentChannel, paymentChannels, type PaymentChannel } from './payment-channels.ts';
export { paymentRoutes, postbackPath } from './payment-routes.ts';
export { reconcilePayments, type ReconcileRun } from './reconcile-payments.ts';
export { resumeStalledRefunds, STALLED_RETURNING_MS, type ResumeRefundsRun } from './resume-refunds.ts';
export { sandboxPostback, SANDBOX_CASHIER_PATH } from './sandbox.ts';
export {
  acceptHeldPayment,
  returnHeldPayment,
  PaymentReturnFailed,
  PaymentReturnPending,
  PaymentReviewRefused,
  type AcceptedPayment,
  type ReturnOutcome,
} from './review-held-payment.ts';
export {
  heldPaymentCount,
  orderPayments,
  paymentExportColumns,
  paymentExportRows,
  paymentList,
  postedPayments,
  type PaymentFilter,
} from './payment-list.ts';
export { openCardPayment } from './card-payments.ts';
export {
  orderPaymentHistory,
  paidPaymentsById,
  paymentsPaidBetween,
  receivedByProvider,
  returnedTotal,
  type PaidPayment,
  type PaymentWithAllocations,
} from './payment-ledger.ts';
export { type PostingDeps } from './post-payment.ts';
