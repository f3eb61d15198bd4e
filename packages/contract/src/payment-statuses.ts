/**
 * A payment's statuses (decision 0070; returns: 0080). pending → paid | failed | expired | held.
 * A held payment (paid, but not the amount asked) waits for finance: accepted it becomes paid,
 * returned it becomes returning (the payout is on its way) and then returned.
 */
export const paymentStatuses = [
  'pending',
  'paid',
  'failed',
  'expired',
  'held',
  'returning',
  'returned',
  /** Paid, then taken back by finance (a chargeback, the wrong order; decision 0110). */
  'reversed',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const paymentKinds = ['repayment', 'extension'] as const;
export type PaymentKind = (typeof paymentKinds)[number];

/** A payout attempt's statuses (decision 0052): one sending or sent per order at a time. */
export const payoutStatuses = ['sending', 'sent', 'failed'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];
