import type { PayoutAccount } from '../bank-binding/index.ts';

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

/** In the sandbox an account number ending in these digits is a closed account: its payout fails. */
export const SANDBOX_FAILING_ACCOUNT_SUFFIX = '0000';

/**
 * The sandbox pays every account at once, except one whose number ends in
 * SANDBOX_FAILING_ACCOUNT_SUFFIX, so testers (and tests) can see a failed payout and the rebind
 * prompt it causes, like a card network's test numbers.
 */
export const sandboxPayouts: PayoutGateway = {
  name: 'sandbox',
  async send(request) {
    if (request.account.accountNumber.endsWith(SANDBOX_FAILING_ACCOUNT_SUFFIX)) {
      return { ok: false, reason: 'sandbox: the receiving account is closed' };
    }
    return { ok: true, providerReference: `SBX-PAYOUT-${request.reference}` };
  },
};
