// Disbursement (decision 0090): paying an approved order out through the payout provider, and resuming stalled attempts.
export { disburseOrderAudited } from './disburse-audited.ts';
export { createPayoutGateway } from './create-payout-gateway.ts';
export {
  type DisburseDeps,
  type DisbursementOutcome,
  disburseOrder,
  PayoutFailed,
  PayoutPending,
} from './disburse-order.ts';
export {
  type PayoutGateway,
  type PayoutRequest,
  type PayoutResult,
  SANDBOX_FAILING_ACCOUNT_SUFFIX,
  sandboxPayouts,
} from './payouts.ts';
export {
  type ResumeDisbursementsRun,
  resumeStalledDisbursements,
  STALLED_SENDING_MS,
} from './resume-disbursements.ts';
