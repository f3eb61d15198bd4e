/** The account a payout goes to, decrypted (features/bank-binding owns accounts; decision 0060). */
export interface PayoutAccount {
  id: number;
  cardType: number;
  channel: string;
  institutionCode: string;
  institutionName: string;
  holderName: string;
  /** Digits only. */
  accountNumber: string;
  maskedAccount: string;
}

/** One payout: the disbursement's own id as the idempotency reference a provider dedupes on. */
export interface PayoutRequest {
  reference: string;
  /** Centavos. */
  amount: number;
  account: PayoutAccount;
}

/**
 * What the provider says of a payout: paid, refused (no money moved: the borrower is asked for
 * another account), or still being processed (`pending`: the provider took it and has not paid
 * it yet; the caller leaves it unrecorded and the resume job asks again under the same reference).
 */
export type PayoutResult =
  { ok: true; providerReference: string } | { ok: false; reason: string } | { ok: 'pending' };

/**
 * Where disbursements are sent (decision 0052). Adapters: `sandbox` and `dragonpay` (Dragonpay's
 * Payout API, decision 0090). `send` must be idempotent on `reference`: asked again, it answers
 * the first payout's outcome without paying twice. It throws when the outcome is unknown
 * (a timeout, a network error), which leaves the payout for the resume job.
 */
export interface PayoutGateway {
  readonly name: string;
  send(request: PayoutRequest): Promise<PayoutResult>;
}
