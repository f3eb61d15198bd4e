// Legacy bank-card repayment (/carpmm, spec §7 "Legacy", decision 0075): the public module.
export { legacyRepaymentRoutes } from './legacy-repayment-routes.ts';
export {
  createCardDebitProvider,
  sandboxCardProvider,
  type CardDebitProvider,
  type CardDebitResult,
} from './card-debit.ts';
export { resumeStalledCardRepayments, STALLED_PAYING_MS } from './resume-card-repayments.ts';
