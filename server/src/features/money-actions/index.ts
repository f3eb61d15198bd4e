// The back office's money actions (decision 0110): manual repayments, reversals, waivers.
export { postManualRepayment, type ManualRepaymentInput } from './manual-repayment.ts';
export { reversePayment, reversibleAmount } from './payment-reversal.ts';
export { waiveOrderCharge, type WaiverInput } from './waiver.ts';
export { MoneyActionRefused, type MoneyActionDeps } from './money-action-refused.ts';
export {
  acceptRestructuring,
  offeredRestructuring,
  offerRestructuring,
  orderRestructurings,
  previewRestructuring,
  type RestructureDeps,
} from './restructuring.ts';
export { newPlanRoutes } from './new-plan-routes.ts';
