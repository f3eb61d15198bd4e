/**
 * The reason catalogue's codes (decision 0109). Each has a plain text for the borrower and a
 * precise one for operators in the message catalogue (`decisionReason.<code>`,
 * `decisionReasonOperator.<code>`), per market; a model may name only these.
 */
export const decisionReasonCodes = [
  'overdue_now',
  'open_loan',
  'recent_late_payment',
  'serious_late_payment',
  'poor_on_time_record',
  'identity_failed',
  'recent_decline',
  'shared_payout_account',
  'shared_device',
  'many_complaints',
  'amount_jump',
  'new_account',
  'amount_above_limit',
  'no_rule_matched',
  'decision_failed',
] as const;

export type DecisionReasonCode = (typeof decisionReasonCodes)[number];

/** Days a declined borrower waits before applying again, by default (the model can decline sooner). */
export const REAPPLY_AFTER_DAYS = 30;
