// Legacy bank-card repayment (/carpmm, spec §7 "Legacy", decision 0075): the public module.
export { legacyRepaymentRoutes } from './legacy-repayment-routes.ts';
export { sandboxCardProvider, type CardDebitProvider, type CardDebitResult } from './card-debit.ts';
