import type { MinorUnits } from '../money.ts';

/**
 * What a decision model may read about an application (D21). One function on the server builds it
 * from what we hold; nothing here is a protected attribute (no age, sex, religion, region, name).
 * A null is "we do not know" (no loan repaid yet, never declined): a condition on it matches only
 * `-` (anything) or `null`, so a rule never fires on a fact we lack.
 */
export interface DecisionInputs {
  monthsSinceRegistration: number;
  loansRepaid: number;
  /** Repaid loans settled by their due date, 0..1; null before the first repaid loan. */
  onTimeShare: number | null;
  worstDaysPastDueEver: number;
  worstDaysPastDueLast90Days: number;
  loansOpen: number;
  loansOverdue: number;
  amountAsked: MinorUnits;
  termDaysAsked: number;
  largestRepaid: MinorUnits | null;
  /** amountAsked / largestRepaid; null before the first repaid loan. */
  amountToLargestRepaid: number | null;
  productId: number;
  productMaxAmount: MinorUnits;
  payoutAccountPaidBefore: boolean;
  complaints: number;
  /** Other borrowers who used this borrower's device (the session's device id). */
  sameDeviceBorrowers: number;
  /** Other borrowers whose payout account has the same number. */
  samePayoutAccountBorrowers: number;
  daysSinceLastDecline: number | null;
  identityStatus: IdentityStatus;
}

export const identityStatuses = ['verified', 'pending', 'failed', 'unknown'] as const;
export type IdentityStatus = (typeof identityStatuses)[number];

type Kind = 'number' | 'boolean' | 'identity';

/** Each input and its kind: the validator refuses a rule on a field that is not here. */
export const decisionInputKinds: { readonly [K in keyof DecisionInputs]: Kind } = {
  monthsSinceRegistration: 'number',
  loansRepaid: 'number',
  onTimeShare: 'number',
  worstDaysPastDueEver: 'number',
  worstDaysPastDueLast90Days: 'number',
  loansOpen: 'number',
  loansOverdue: 'number',
  amountAsked: 'number',
  termDaysAsked: 'number',
  largestRepaid: 'number',
  amountToLargestRepaid: 'number',
  productId: 'number',
  productMaxAmount: 'number',
  payoutAccountPaidBefore: 'boolean',
  complaints: 'number',
  sameDeviceBorrowers: 'number',
  samePayoutAccountBorrowers: 'number',
  daysSinceLastDecline: 'number',
  identityStatus: 'identity',
};

export const decisionInputNames = Object.keys(decisionInputKinds) as (keyof DecisionInputs)[];

export type InputValue = number | boolean | string | null;
